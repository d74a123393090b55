# La pantalla «Datos» (organizadores): importar asistentes desde un archivo CSV y descargar archivos CSV.

data-title = Datos

## Importar: la tarjeta y la elección del archivo

data-import-title = Importar asistentes
data-import-intro = Desde un archivo CSV, como una hoja de cálculo guardada como «CSV UTF-8» o un archivo descargado aquí. Verás lo que pasaría antes de que se guarde nada.
data-drop-title = Suelta aquí un archivo CSV
data-drop-format = UTF-8, separado por comas, puntos y coma o tabuladores, con una línea de encabezado que nombre las columnas.
data-choose-file = Elegir un archivo CSV…
data-choose-another = Elegir otro archivo…
data-drop-another = o suelta aquí otro archivo
data-drop-one-file = Suelta un solo archivo cada vez.
data-refuse-workbook = «{ $name }» es un libro de hoja de cálculo. En la hoja de cálculo, guárdalo como «CSV UTF-8» y elige ese archivo.
data-refuse-too-large = «{ $name }» ocupa { $size }; se pueden importar como máximo 64 MB a la vez. Divídelo en archivos más pequeños.
data-refuse-empty = «{ $name }» está vacío. Elige el archivo con las inscripciones.
data-size-bytes = { $count ->
    [one] { $count } byte
   *[other] { $count } bytes
}
data-size-kb = { $size } kB
data-size-mb = { $size } MB

## Importar: envío y comprobación

data-progress = Progreso
data-sending = Enviando el archivo… { $percent } %
data-checking = Comprobando cada fila…
data-importing-wait = Importando… el servidor responde cuando todas las filas estén guardadas.
data-checked = Comprobado: { $rows ->
    [one] { $rows } fila
   *[other] { $rows } filas
}, { $invalid } con problemas.
data-file-problems-said = El archivo no se puede importar tal como está.
data-file-problems-title = El archivo no se puede importar tal como está
data-not-imported-yet = Aún sin importar: tu archivo y tus elecciones se conservan
data-not-checked = No se pudo comprobar el archivo: tu archivo y tus elecciones se conservan
data-nothing-imported = No se ha importado nada: { $count ->
    [one] { $count } fila tiene
   *[other] { $count } filas tienen
} problemas ahora. Revisa las filas de abajo.

## Importar: por qué el servidor no pudo leer el archivo

data-problem-no-first-names = Ninguna columna contiene nombres. En «Columnas», elige la columna que los tiene.
data-problem-same-place = Las columnas «{ $first }» y «{ $second }» llenarían el mismo campo. Cambia una de ellas a otra cosa o a «No se importa».
data-problem-no-column = El archivo no tiene ninguna columna «{ $column }».
data-problem-gone-target = La columna «{ $column }» está asignada a «{ $target }», que ya no es un dato del asistente ni una pregunta de este evento. Elige de nuevo.

## Importar: el informe de la comprobación

data-preview-title = Revisa antes de importar
data-preview-intro = Aún no se ha guardado nada. Quien ya está aquí se reconoce por el código de la entrada, o si no por el email, y se actualiza en vez de añadirse dos veces.
data-sum-rows = Filas
data-sum-to-add = Por añadir
data-sum-to-update = Por actualizar
data-sum-invalid = No válidas
data-added = Añadido
data-updated = Actualizado
data-unchanged = Sin cambios
data-left-out = Omitido
data-importing = Importando…
data-import-rows = { $count ->
    [one] Importar { $count } fila
   *[other] Importar { $count } filas
}
data-import-valid = { $count ->
    [one] Importar solo la fila válida
   *[other] Importar solo las { $count } filas válidas
}
data-hint-all-invalid = Aún no se puede importar ninguna fila: todas tienen algún problema. Corrige el archivo y vuelve a elegirlo.
data-hint-some-invalid = { $count ->
    [one] { $count } fila tiene problemas. Corrígela en el archivo y vuelve a elegirlo, o importa solo las filas válidas.
   *[other] { $count } filas tienen problemas. Corrígelas en el archivo y vuelve a elegirlo, o importa solo las filas válidas.
}
data-hint-unchanged = Todos los del archivo ya están aquí, sin cambios: importar no cambia nada.

## Importar: confirmar la importación de solo las filas válidas

data-confirm-valid-title = { $count ->
    [one] ¿Importar solo la fila válida?
   *[other] ¿Importar solo las { $count } filas válidas?
}
data-confirm-valid-body = { $count ->
    [one] Se omitirá { $count } fila con problemas ({ $which }). Puedes corregirla en el archivo e importarlo de nuevo más tarde: las personas ya importadas se reconocen y no se añaden dos veces.
   *[other] Se omitirán { $count } filas con problemas ({ $which }). Puedes corregirlas en el archivo e importarlo de nuevo más tarde: las personas ya importadas se reconocen y no se añaden dos veces.
}
data-rows-listed = { $count ->
    [one] fila { $rows }
   *[other] filas { $rows }
}
data-rows-listed-more = filas { $rows }…

## Importar: las columnas del archivo

data-columns-title = Columnas
data-columns-intro = Los encabezados se asocian por nombre a los datos de los asistentes y a las preguntas de este evento.
data-columns-pending = Cómo se lee cada columna se verá cuando el archivo se pueda leer.
data-columns-ignored = { $count ->
    [one] { $count } columna no se importa: elige qué contiene o déjala fuera.
   *[other] { $count } columnas no se importan: elige qué contienen o déjalas fuera.
}
data-columns-in-file = Columna del archivo
data-columns-read-as = Se lee como
data-columns-change = Cambiar
data-column-no-heading = (sin encabezado)
data-column-your-choice = (tu elección)
data-column-choice-label = Importar la columna «{ $heading }» como
data-column-as-heading = Según el encabezado
data-column-not-imported = No se importa
data-column-group-attendee = Asistente
data-column-group-questions = Preguntas de este evento
data-member-first-name = Nombre
data-member-last-name = Apellidos
data-member-email = Email
data-member-phone = Teléfono
data-member-job-title = Cargo
data-member-company = Empresa
data-member-rsvp-status = Estado de la respuesta
data-member-ticket-code = Código de la entrada
data-member-registration-type = Tipo de inscripción

## Importar: las filas del archivo

data-rows-title = Filas
data-rows-only-problems = Solo filas con problemas ({ $count })
data-rows-no-problem = Ninguna fila tiene problemas.
data-rows-none = El archivo no tiene filas bajo la línea de encabezado.
data-rows-row = Fila
data-rows-will-be = Acción
data-rows-outcome = Resultado
data-rows-name = Nombre
data-rows-problems = Problemas
data-rows-no-name = (sin nombre)
data-row-new = Nuevo
data-row-update = Actualizar
data-row-problem = Problema
data-rows-showing = Se muestran { $shown } de { $total }.
data-rows-show-more = Mostrar { $count } más

## Importar: terminado

data-done-title = Importación terminada
data-result = Importado: { $added ->
    [one] { $added } persona añadida
   *[other] { $added } personas añadidas
}, { $updated ->
    [one] { $updated } actualizada
   *[other] { $updated } actualizadas
}, { $unchanged } sin cambios.
data-result-left-out = { $count ->
    [one] Se omitió { $count } fila con problemas.
   *[other] Se omitieron { $count } filas con problemas.
}
data-see-attendees = Ver los asistentes
data-check-again = Volver a comprobar

## Exportar

data-export-title = Exportar
data-export-intro = Archivos CSV para una hoja de cálculo. El archivo de asistentes se puede volver a importar.
data-export-attendees = Descargar asistentes (CSV)
data-export-check-ins = Descargar historial de entradas (CSV)
data-export-preparing = Preparando…
data-export-attendees-saved = Los asistentes se han guardado como «{ $filename }» en tus descargas.
data-export-check-ins-saved = El historial de entradas se ha guardado como «{ $filename }» en tus descargas.
data-export-attendees-failed = Asistentes no descargados
data-export-check-ins-failed = Historial de entradas no descargado
