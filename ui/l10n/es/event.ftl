# Crear y editar un evento (organizadores): datos, tipos de inscripción, sesiones.

event-title = Evento
event-back = ← Eventos
event-new-title = Evento nuevo
event-new-lead-first = Primero el evento. Después, sus tipos de inscripción y sesiones, y luego los asistentes.
event-new-lead = Los tipos de inscripción y las sesiones vienen después, cuando el evento exista.
event-details = Datos
event-attendee-count = { $count ->
    [one] { $count } asistente
   *[other] { $count } asistentes
}
event-created-notice = «{ $name }» está creado. Añade sus tipos de inscripción y sesiones (ambos opcionales) y luego los asistentes.

## Datos del evento
event-required = (obligatorio)
event-name = Nombre
event-place = Lugar
event-place-hint = Opcional: el recinto o la dirección.
event-timezone = Zona horaria
event-timezone-placeholder = p. ej. Europe/Madrid
event-starts = Empieza
event-ends = Termina
event-zone-hint-empty = Escribe una ciudad o región. Vacío: las horas se muestran en la zona de este ordenador ({ $zone }).
event-zone-hint-known = { $zone }. El inicio y el fin de abajo son la hora local de allí.
event-zone-hint-unknown = Escribe una ciudad o región y elige una zona de la lista.
event-door-legend = En la puerta
event-door-questions = Hacer en la puerta las preguntas obligatorias sin responder
event-door-questions-hint = Si está activado, al escanear a alguien que dejó sin responder una pregunta obligatoria del formulario de inscripción, la puerta muestra esas preguntas; la entrada espera a las respuestas.
event-personal-data = Datos personales
event-retention = Borrar los datos personales este número de días después del fin del evento
event-retention-hint = Nombres, datos de contacto y respuestas se borran para siempre; los recuentos de entradas se mantienen. Vacío: nunca.
event-retention-invalid = Un número entero de días, de 1 a { $max } (vacío: nunca).
event-purged = Los datos personales se borraron por última vez el { $when }.
event-erase-needs-end = Indica cuándo termina el evento: los días se cuentan desde el final.
event-erase-on = Los datos personales se borrarán el { $when }.
event-erase-soon = Los datos personales se borrarán en menos de una hora (la fecha, { $when }, ya pasó).
event-save = Guardar
event-create = Crear el evento
event-saving = Guardando…
event-zone-invalid = No es una zona horaria: elige una de la lista (p. ej. Europe/Madrid).
event-incomplete-time = Fecha y hora incompletas.
event-ends-before-starts = Termina antes de empezar.
event-nothing-to-save = Nada que guardar: no hay cambios.
event-not-accepted = El servidor no lo aceptó:
event-created-toast = «{ $name }» creado.
event-saved-toast = Guardado.
event-saved-at = Guardado a las { $time }.

## Tipos de inscripción y sesiones
event-record-edit-label = Renombrar o cambiar «{ $name }»
event-record-rename = Renombrar
event-record-close = Cerrar
event-record-remove-label = Quitar «{ $name }»
event-record-remove = Quitar
event-record-remove-title = ¿Quitar «{ $name }»?
event-record-saved = «{ $name }» guardado.
event-record-added = «{ $name }» añadido.
event-record-removed = «{ $name }» quitado.
event-record-already-removed = Ya estaba quitado.
event-record-not-removed = No se ha quitado: { $reason }
event-capacity = Aforo
event-capacity-hint = Vacío: sin límite.
event-capacity-invalid = Un número entero, 0 o más (vacío: sin límite).
event-capacity-meta = aforo { $capacity }
event-no-limit = sin límite

event-types-title = Tipos de inscripción
event-types-lead = Clases de entrada, p. ej. General, VIP, Ponente. La puerta muestra el tipo de cada asistente.
event-types-add-title = Añadir un tipo de inscripción
event-types-add = Añadir tipo
event-types-empty = Aún no hay tipos de inscripción.
event-types-remove-unknown = Los asistentes con este tipo siguen inscritos, sin tipo.
event-types-remove-none = Ningún asistente tiene este tipo.
event-types-remove-count = { $count ->
    [one] { $count } asistente tiene este tipo. Sigue inscrito, sin tipo.
   *[other] { $count } asistentes tienen este tipo. Siguen inscritos, sin tipo.
}

event-sessions-title = Sesiones
event-sessions-lead = Partes del evento con su propia entrada: una charla, un taller, una cena. La puerta puede registrar la entrada a una de ellas.
event-sessions-add-title = Añadir una sesión
event-sessions-add = Añadir sesión
event-sessions-empty = Sin sesiones: la puerta registra la entrada al evento en sí.
event-session-checked-in = { $count } dentro
event-sessions-remove-unknown = Su historial de entradas se borra con ella.
event-sessions-remove-none = Nadie ha entrado aún en esta sesión.
event-sessions-remove-count = { $count ->
    [one] { $count } persona tiene entradas en esta sesión: ese historial se borra con ella.
   *[other] { $count } personas tienen entradas en esta sesión: ese historial se borra con ella.
}

## Tras crear: siguientes pasos
event-next-title = Ahora: los asistentes
event-next-lead = Importa la lista de asistentes desde una hoja de cálculo (verás una vista previa antes) o añade a la gente a mano cuando llegue. Puedes volver aquí desde la lista de eventos.
event-next-import = Importar asistentes
event-next-walk-in = Añadir a mano
event-next-door = Ir a la puerta
event-open-failed = No se pudo abrir este evento: { $reason }
