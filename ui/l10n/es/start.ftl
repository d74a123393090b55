# Primeros pasos: la elección del primer arranque y la conexión con un servidor de eventos.

start-title = Primeros pasos
start-lead = ¿Cómo quieres empezar? Cada opción termina en la pantalla de puerta, lista para escanear.
start-lead-welcome = Hola, { $name }. ¿Cómo quieres empezar? Cada opción termina en la pantalla de puerta, lista para escanear.
start-connect-title = Conectar con nuestro servidor de eventos
start-connect-words = Trae tu evento y su lista de invitados desde tu sistema de inscripción.
start-create-title = Crear un evento aquí
start-create-words = Nombre, fechas y sesiones. Después importa una lista de invitados o añade personas a mano.
start-hub-title = Unirse al hub del recinto
start-hub-words = Otro Entrada de este recinto es el hub: sincroniza con él, de puerta a puerta.
start-demo-title = Probar con un evento de demostración
start-demo-words = 300 invitados ficticios con entradas para escanear. Elimínalo en un paso al terminar.
start-demo-making = Creando el evento de demostración…
start-demo-failed = No se creó el evento de demostración
start-skip-to-door = Saltar: ir a la puerta
start-skip = Saltar por ahora

start-back = ‹ Otras formas de empezar
start-connect-heading = Conectar con tu servidor de eventos
start-connect-lead = Trae tu evento y sus invitados desde tu servidor de inscripción. Las entradas registradas vuelven a él.
start-base-url-label = Dirección del servidor (API)
start-base-url-hint = Suele terminar en /api/v2.
start-auth-url-label = Dirección de inicio de sesión
start-auth-url-hint = Donde el servidor entrega los tokens. Suele ser la misma dirección sin /api/v2.
start-client-id-label = ID de cliente
start-client-id-hint = Te lo da el administrador del servidor.
start-client-secret-label = Secreto de cliente
start-client-secret-stored-placeholder = Guardado: déjalo vacío para conservarlo
start-client-secret-stored-hint = Ya hay un secreto guardado.
start-client-secret-hint = Se entrega junto con el ID de cliente.
start-address-invalid = Escribe una dirección completa que empiece por https:// o http://.
start-address-missing = Escribe la dirección.
start-client-id-missing = Escribe el ID de cliente.
start-client-secret-missing = Escribe el secreto de cliente.
start-test = Probar conexión
start-testing = Probando la conexión…
start-test-failed = La prueba no se hizo
start-connected = Conectado.
start-not-connected = No conectado.
start-unreachable = No se pudo conectar con el servidor.
start-no-events = El servidor no tiene eventos visibles con estas credenciales. Crea primero el evento allí o pide credenciales de su cuenta.
start-events-legend = ¿De qué eventos registra entradas este quiosco?
start-events-none-ticked = Marca al menos un evento.
start-connect-download = Conectar y descargar

start-progress-label = Progreso de la descarga
start-progress-connecting = Conectando…
start-progress-sending = Enviando cambios…
start-progress-sending-count = Enviando cambios: { $done } de { $total }
start-progress-attendees = { $done } de { $total } asistentes
start-progress-downloading = Descargando: { $done } de { $total } asistentes
start-not-connected-title = No conectado
start-not-downloaded = No descargado
start-download-unfinished = La descarga no terminó.
start-download-stopped = La descarga se detuvo.
start-downloaded = Descargado.
start-downloaded-count = { $count ->
    [one] Descargado: { $count } asistente.
   *[other] Descargado: { $count } asistentes.
}
start-downloaded-choose = Descargado. Elige el evento en la { $link }.
start-event-list-link = lista de eventos
start-which-event = ¿Qué evento hay en esta puerta?
start-event-attendees = { $count ->
    [one] { $count } asistente
   *[other] { $count } asistentes
}
