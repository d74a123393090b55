# Palabras comunes a todas las pantallas. En la puerta: «entrada» para check-in,
# «salida» para check-out, «asistente» para attendee. Tuteo, imperativos cortos.

common-loading = Cargando…
common-error-unknown = Algo salió mal.
common-error-title = No ha funcionado
common-try-again = Reintentar
common-fix-entries = Corrige los campos marcados.
common-entries-kept = tus datos se conservan
common-not-saved-yet = Aún sin guardar: { $kept }
common-ok = Aceptar
common-cancel = Cancelar

common-ago-never = nunca
common-ago-now = ahora mismo
common-ago-seconds = hace { $count } segundos
common-ago-minutes = { $count ->
    [one] hace 1 minuto
   *[other] hace { $count } minutos
}
common-ago-hours = { $count ->
    [one] hace 1 hora
   *[other] hace { $count } horas
}

common-status-not-checked-in = Sin entrar
common-status-checked-in = Dentro
common-status-checked-out = Salió

common-rsvp-confirmed = Confirmado
common-rsvp-unconfirmed = Sin confirmar
common-rsvp-declined = Rechazado
common-rsvp-waitlisted = En lista de espera
common-rsvp-pending-approval = Pendiente de aprobación

common-action-check-in = Entrada
common-action-check-out = Salida
common-action-undo = Deshacer
