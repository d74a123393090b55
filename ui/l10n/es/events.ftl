# Elegir el evento (ui/js/screens/events.js).

events-title = Elige el evento
events-lead = Este quiosco registrará las entradas del evento que elijas. Recuerda la elección.
events-loading = Cargando eventos…
events-open-failed = No se pudo abrir este evento.
events-account = Cuenta
events-account-option = { $account } ({ $role })
events-role-organiser = organizador
events-role-door = puerta
events-empty = Esta cuenta aún no tiene eventos. Un organizador los crea con la API o la sincronización.
events-attendee-count = { $count ->
    [one] { $count } asistente
   *[other] { $count } asistentes
}
events-edit = Editar
events-edit-label = Editar «{ $name }»
events-new = + Nuevo evento
events-get-started = Empezar: conectar, crear o probar una demo
