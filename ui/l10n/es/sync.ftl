# Sincronización (ui/js/screens/sync.js): servidor remoto, estado, cambios apartados, conflictos.

sync-title = Sincronización
sync-run = Sincronizar ahora
sync-running = Sincronizando…
sync-run-waiting = Ya hay una ronda en curso; esperando a que termine…
sync-run-done = Hecho: { $confirmed } enviados y confirmados, { $pulled } recibidos, { $parked } apartados, { $pending } aún en espera.
sync-run-unreachable = No se pudo conectar con el servidor remoto. Los cambios esperan aquí y se enviarán en la próxima ronda.
sync-run-unreachable-because = No se pudo conectar con el servidor remoto: { $error }. Los cambios esperan aquí y se enviarán en la próxima ronda.

## State
sync-state-title = Estado
sync-state-sync = Sincronización
sync-state-configured = Configurada
sync-state-not-configured = Sin configurar
sync-state-remote = Servidor remoto
sync-state-online = En línea
sync-state-offline = Sin conexión
sync-state-last-success = Último éxito
sync-state-last-attempt = Último intento
sync-state-pending = Por enviar
sync-last-problem = Último problema: { $error }

## Parked entries
sync-parked-title = Cambios apartados
sync-parked-intro = Cambios que el servidor remoto rechazó. Corrígelos y reenvíalos, o descártalos.
sync-parked-none = No hay nada apartado: el servidor remoto aceptó todos los cambios que recibió.
sync-kind-attendee-create = Nuevo asistente
sync-kind-attendee-update = Asistente modificado
sync-kind-check-in = Entrada
sync-kind-check-out = Salida
sync-kind-undo = Anulación
sync-kind-field-create = Nuevo campo del formulario
sync-kind-field-update = Campo del formulario modificado
sync-kind-field-delete = Campo del formulario eliminado
sync-parked-head = { $kind } · registro { $record }
sync-parked-when = apartado { $ago }
sync-parked-remote-said = El servidor remoto dijo:
sync-parked-no-message = (sin mensaje)
sync-parked-http = (HTTP { $status })
sync-parked-retry = Reintentar
sync-parked-edit = Editar
sync-parked-drop = Descartar
sync-parked-retried = Se enviará de nuevo en la próxima ronda.
sync-parked-body-label = Qué enviar en su lugar
sync-parked-save = Guardar y reenviar
sync-parked-bad-json = No es un JSON válido: revisa comillas, comas y corchetes.
sync-parked-not-object = El contenido debe ser un objeto ({"{"} ... {"}"}).
sync-parked-saved = Guardado; se enviará de nuevo en la próxima ronda.
sync-drop-title = { $kind ->
    [attendee_create] ¿Descartar este nuevo asistente?
    [attendee_update] ¿Descartar este cambio de asistente?
    [check_in] ¿Descartar esta entrada?
    [check_out] ¿Descartar esta salida?
    [undo] ¿Descartar esta anulación?
    [field_create] ¿Descartar este nuevo campo del formulario?
    [field_update] ¿Descartar este cambio de campo?
    [field_delete] ¿Descartar esta eliminación de campo?
   *[other] ¿Descartar este cambio ({ $kind })?
}
sync-drop-body = El servidor remoto nunca verá este cambio. No se puede deshacer.
sync-drop-confirm = Descartar
sync-dropped = Descartado.

## Conflicts
sync-conflicts-title = Conflictos
sync-conflicts-none = Sin conflictos.
sync-conflict-duplicate-entry = Entrada registrada en dos quioscos (se conserva una)
sync-conflict-edit = Editado aquí y en el servidor remoto
sync-conflict-deleted-remotely = Eliminado en el servidor remoto mientras se cambiaba aquí
sync-conflict-attendee = Asistente { $id }

## Remote server
sync-config-title = Servidor remoto
sync-config-base-url = URL base de la API remota
sync-config-base-url-hint = Termina en /api/v2.
sync-config-auth-url = URL de autenticación
sync-config-auth-url-hint = El host que sirve /oauth/token.
sync-config-client-id = ID de cliente
sync-config-client-secret = Secreto de cliente
sync-config-secret-stored = Guardado — déjalo vacío para conservarlo
sync-config-secret-hint = Solo escritura: nunca se vuelve a mostrar.
sync-config-events = IDs de eventos remotos
sync-config-events-hint = IDs de los eventos que se copian, separados por comas.
sync-config-save = Guardar ajustes
sync-config-saved = Ajustes de sincronización guardados.
sync-config-bad-url = Escribe una dirección http(s) completa.
sync-config-required = Obligatorio.
sync-config-secret-required = Obligatorio la primera vez.
sync-config-bad-events = Indica uno o más IDs de evento (números), separados por comas.
