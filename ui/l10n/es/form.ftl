# Editor del formulario (organizadores): los campos del formulario de inscripción del evento.

form-title = Formulario de inscripción
form-lead = Las preguntas del formulario de inscripción en puerta, en orden. Los cambios se aplican al momento.
form-add-field = + Añadir un campo
form-reorder-hint = Para reordenar, arrastra una fila por su asa (⠿), usa los botones de flecha o pulsa Alt+↑ / Alt+↓ en una fila.
form-empty = Este evento aún no tiene preguntas. Añade una.

## Fila de un campo
form-meta-required = obligatorio
form-meta-options = opciones: { $options }
form-reorder-label = Mover «{ $label }», posición { $position } de { $count }
form-drag-title = Arrastra para reordenar (o Alt+↑ / Alt+↓)
form-move-group = Mover «{ $label }»
form-move-top-label = Mover «{ $label }» al principio
form-move-top-title = Mover al principio
form-move-top = Arriba
form-move-up-label = Subir «{ $label }»
form-move-up-title = Subir
form-move-down-label = Bajar «{ $label }»
form-move-down-title = Bajar
form-move-bottom-label = Mover «{ $label }» al final
form-move-bottom-title = Mover al final
form-move-bottom = Abajo
form-edit = Editar
form-edit-label = Editar «{ $label }»
form-close = Cerrar
form-close-label = Cerrar «{ $label }»
form-delete = Eliminar
form-delete-label = Eliminar «{ $label }»

## Mover (se anuncia a los lectores de pantalla)
form-already-first = «{ $label }» ya es el primero, en la posición { $position } de { $count }.
form-already-last = «{ $label }» ya es el último, en la posición { $position } de { $count }.
form-moved = «{ $label }» movido a la posición { $position } de { $count }.
form-move-failed = «{ $label }» no se ha movido: { $reason } Ha vuelto a la posición { $position }.
form-not-moved = «{ $label }» no se ha movido.

## Añadir / editar un campo
form-new-title = Campo nuevo
form-type = Tipo
form-type-change-hint = Se rechaza un cambio que no encaje con las respuestas ya dadas.
form-required = Obligatorio: hace falta una respuesta para inscribirse
form-options-needed = Al menos una opción.
form-options-checkbox = Opcional: sin opciones es una sola casilla.
form-label-consent = Texto de consentimiento (junto a la casilla)
form-label-paragraph = Texto del párrafo
form-label-heading = Encabezado
form-label-question = Pregunta (etiqueta)
form-add = Añadir campo
form-save = Guardar campo
form-label-required = Hace falta una etiqueta.
form-label-too-long = Como máximo { $max } caracteres.
form-added = «{ $label }» añadido
form-saved = Guardado

## Opciones
form-options = Opciones
form-option-new = Opción nueva
form-option-add = Añadir opción
form-option-label = Opción { $number }
form-option-up = Subir la opción { $number }
form-option-down = Bajar la opción { $number }
form-option-remove = Quitar la opción { $number }
form-options-none = Añade al menos una opción.
form-options-too-many = Como máximo 200 opciones.
form-option-empty = La opción { $number } está vacía.
form-option-too-long = La opción { $number } supera los { $max } caracteres.
form-option-twice = «{ $option }» aparece dos veces.

## Eliminar
form-delete-unknown = Las respuestas a este campo se borrarán con él.
form-delete-none = Nadie ha respondido aún, así que no se perderá ninguna respuesta.
form-delete-count = { $count ->
    [one] Se borrará { $count } respuesta con él.
   *[other] Se borrarán { $count } respuestas con él.
}
form-delete-count-failed = Las respuestas a este campo se borrarán con él (no se pudo contar cuántas hay).
form-delete-no-answers = No contiene respuestas.
form-delete-title = ¿Eliminar «{ $label }»?
form-delete-undone = No se puede deshacer.
form-delete-confirm = Eliminar campo
form-deleted = «{ $label }» eliminado
