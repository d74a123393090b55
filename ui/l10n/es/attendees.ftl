# Asistentes: lista, búsqueda y filtros, ficha con historial, edición.

attendees-title = Asistentes
attendees-register-walk-in = + Inscripción en puerta
attendees-search-label = Buscar
attendees-search-placeholder = Nombre, correo o empresa
attendees-filter-status = Estado
attendees-filter-everyone = Todos
attendees-filter-rsvp = Confirmación
attendees-filter-any-rsvp = Cualquiera
attendees-filter-type = Tipo
attendees-filter-all-types = Todos los tipos
attendees-no-match = Nadie coincide con «{ $query }».
attendees-no-match-filters = Nadie coincide con estos filtros.
attendees-col-name = Nombre
attendees-col-company = Empresa
attendees-col-type = Tipo
attendees-col-status = Estado
attendees-col-action = Acción
attendees-result-count = { $count ->
    [one] { $count } persona
   *[other] { $count } personas
} · página { $page } de { $pages }
attendees-page-prev = ‹ Anterior
attendees-page-next = Siguiente ›
attendees-toast-checked-in = { $name }: entrada registrada
attendees-toast-checked-out = { $name }: salida registrada
attendees-toast-undone = { $name }: entrada deshecha

# Nota para la puerta y «requiere atención»
attendees-attention-tag = Atención
attendees-needs-attention = Requiere atención en la puerta
attendees-attention-title-note = Requiere atención en la puerta: { $note }
attendees-attention-notice = Al escanear, la entrada espera a que el personal de puerta le deje pasar.
attendees-door-note = Nota para la puerta
attendees-door-note-count = { $count } de { $max } caracteres
attendees-door-note-hint = Se muestra al personal de puerta al escanear esta entrada, p. ej. «Sacar la rampa para silla de ruedas» o «Cobrar la factura pendiente».
attendees-needs-attention-hint = Al escanear esta entrada, aparece un aviso violeta y se detiene hasta que el personal de puerta pulse Admitir.

# Ficha
attendees-back-to-list = ‹ Todos los asistentes
attendees-detail-title = Asistente
attendees-place-label = Dónde
attendees-place-door = En la puerta
attendees-qr-alt = Código QR de la entrada { $code }
attendees-qr-unavailable = Código QR no disponible
attendees-no-answer = Sin respuesta
attendees-undo-check-in = Deshacer entrada
attendees-rsvp-notice = Confirmación: { $rsvp }
attendees-rsvp-refused = Confirmación: { $rsvp } — no puede entrar hasta que esto cambie.
attendees-edit = Editar
attendees-details = Datos
attendees-email = Correo
attendees-phone = Teléfono
attendees-registration-type = Tipo de inscripción
attendees-rsvp = Confirmación
attendees-registered = Inscripción
attendees-answers = Respuestas
attendees-history = Historial de entradas
attendees-history-empty = Nada todavía.
attendees-history-when = Cuándo
attendees-history-what = Qué
attendees-history-where = Dónde
attendees-history-result = Resultado
attendees-history-device = Dispositivo
attendees-outcome-ok = Hecho
attendees-outcome-already-checked-in = ya había entrado
attendees-outcome-not-checked-in = no había entrado
attendees-outcome-not-found = no encontrado
attendees-outcome-wrong-event = otro evento
attendees-outcome-not-allowed = no permitido
attendees-outcome-needs-attention = requiere atención
attendees-outcome-needs-answers = faltan respuestas
attendees-ticket = Entrada
attendees-print-badge = Imprimir acreditación
attendees-print-failed = No se pudo imprimir la acreditación.

# Borrar datos personales (organizadores)
attendees-personal-data = Datos personales
attendees-personal-data-hint = Para una solicitud de supresión: elimina a esta persona y conserva sus entradas de forma anónima.
attendees-erase = Borrar datos personales
attendees-erase-title = ¿Borrar los datos personales de { $name }?
attendees-erase-body = Su nombre, correo, teléfono, empresa, respuestas y código de entrada se borran para siempre (también en el servidor remoto, si este evento se sincroniza). Sus entradas quedan en el historial sin nombre, así que los recuentos no cambian. No se puede deshacer.
attendees-erase-failed = No se ha borrado: { $reason }
attendees-erased = Datos personales borrados.

# Editar (organizadores)
attendees-edit-title = Editar asistente
attendees-edit-name = Editar a { $name }
attendees-back = ‹ Volver
attendees-door-fieldset = En la puerta
attendees-save = Guardar cambios
attendees-saving = Guardando…
attendees-saved = Guardado
attendees-changes-kept = tus cambios se conservan
