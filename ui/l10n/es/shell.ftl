# Marco de todas las pantallas (barra superior, menú, sincronización, errores); «dispositivo de puerta» para door device, tuteo.

## Static markup (index.html)
shell-skip-link = Ir al contenido
shell-nav-label = Pantallas

## Navigation
shell-nav-door = Puerta
shell-nav-attendees = Asistentes
shell-nav-walk-in = Inscribir
shell-nav-form = Formulario
shell-nav-sync = Sinc.
shell-nav-data = Datos
shell-nav-staff = Equipo

## Top bar
shell-choose-event = Elige un evento
shell-change-event = Cambiar de evento
shell-event-title = { $name } — cambiar de evento
shell-user-menu-label = { $initials }: { $name } ({ $role }), menú
shell-user-menu = Menú
shell-role-door-device = dispositivo de puerta
shell-role-organiser = organizador
shell-role-door = personal de puerta

## Demo event
shell-demo-tag = Demo
shell-demo-tag-title = Este es un evento de demostración con invitados ficticios.
shell-demo-tag-remove-title = Este es un evento de demostración. Toca para borrar los datos de demostración.
shell-demo-tag-remove-label = Evento de demostración: borrar los datos de demostración
shell-demo-remove-title = ¿Borrar los datos de demostración?
shell-demo-remove-body = Se borra el evento de demostración con todos sus asistentes y entradas registradas. Tus propios eventos se quedan.
shell-demo-remove = Borrar la demo
shell-demo-not-removed = No se borraron los datos de demostración: { $error }
shell-demo-removed = Datos de demostración borrados.
shell-demo-card-title = Datos de demostración
shell-demo-card-text = { $count ->
    [one] { $names } es un evento de demostración con invitados ficticios.
   *[other] { $names } son eventos de demostración con invitados ficticios.
}
shell-demo-quoted = «{ $name }»

## Menu
shell-device-name-label = Este dispositivo se llama
shell-sounds = Sonido al escanear
shell-settings = Ajustes
shell-get-started = Primeros pasos
shell-hand-to-door = Pasar a modo puerta
shell-hand-failed = Este quiosco sigue siendo tuyo: { $error }
shell-leave-kiosk = Salir del modo quiosco
shell-leave-door = Salir del modo puerta
shell-sign-out = Cerrar sesión
# An invitation to another account (an organiser there added this person), in the menu:
# $account is that account's name, $role the role it offers (shell-role-organiser or shell-role-door).
shell-invitation = Invitación a { $account } como { $role }
shell-invitation-accept = Aceptar
shell-invitation-decline = Rechazar
shell-invitation-failed = La invitación no se respondió: { $error }

## Counters
shell-counters-label = dentro
shell-counters-title = { $checkedIn } dentro, { $checkedOut } salieron, { $notYet } aún no; { $recent } en los últimos 5 minutos

## Online and sync badge
shell-online = En línea
shell-online-title = El servidor del quiosco responde.
shell-offline = Sin conexión
shell-offline-title = El servidor del quiosco no responde. Los escaneos fallarán hasta que vuelva.
shell-disk-full = Disco lleno
shell-disk-full-title = El disco de este ordenador está lleno: las entradas y los cambios no se guardan. Libera espacio; Entrada sigue solo.
shell-sync-parked = { $count ->
    [one] Sincro: { $count } requiere atención
   *[other] Sincro: { $count } requieren atención
}
shell-sync-downloading = Descargando…
shell-sync-offline = Sincro sin conexión
shell-sync-offline-waiting = Sincro sin conexión · { $count } en espera
shell-sync-syncing = Sincronizando · { $count }
shell-synced = Sincronizado
shell-sync-title = Última sincronización: { $when }
shell-sync-title-problem = Última sincronización: { $when }. Último problema: { $problem }

## Boot and refusals (app.js)
shell-starting = Iniciando…
shell-signing-in = Iniciando sesión…
shell-no-account-title = Sin cuenta
shell-no-account-text = Tu usuario no pertenece a ninguna cuenta. Pide a un organizador que te añada.
shell-could-not-start = No se pudo iniciar
shell-leave-kiosk-note = Para salir del modo quiosco y cerrar Entrada, un organizador inicia sesión.
shell-refusal-title = Solo organizadores
shell-refusal-form = El editor de formularios es solo para organizadores.
shell-refusal-walk-in = La inscripción en puerta es solo para organizadores.
shell-refusal-sync = Los ajustes de sincronización son solo para organizadores.
shell-refusal-data = Importar y exportar asistentes es solo para organizadores.
shell-refusal-attendees = Editar asistentes es solo para organizadores.
shell-refusal-staff = Gestionar el personal es solo para organizadores.
shell-refusal-event-edit = Gestionar eventos es solo para organizadores.
shell-refusal-hub = El hub del recinto es solo para organizadores.
shell-refusal-other = Esta pantalla es solo para organizadores.
shell-refusal-door-device = Este quiosco es un dispositivo de puerta, que registra entradas; un organizador puede salir del modo puerta desde el menú.
shell-refusal-door-staff = Has iniciado sesión como personal de puerta, que registra entradas.
shell-back-to-door = Volver a la puerta

## Devices and places
shell-door-device = Dispositivo de puerta
shell-device-default-name = Quiosco { $number }
shell-place-door = Puerta
shell-place-session = Sesión { $id }
shell-desktop-nothing-happened = No ha pasado nada. Inténtalo de nuevo; si sigue sin funcionar, reinicia el ordenador.
shell-camera-blocked = La cámara está bloqueada para Entrada. Para usarla, permite la cámara en los ajustes del sistema e inténtalo de nuevo.
shell-camera-failed = La cámara no pudo iniciarse (quizá la usa otro programa). Usa el escáner o escribe el código.
shell-badge-unreadable = No se pudo leer la acreditación.

## Errors the UI words itself (the server's own messages come translated)
shell-error-network = No se puede conectar con el servidor del quiosco. Comprueba que Entrada está en marcha e inténtalo de nuevo.
shell-error-rejected = La solicitud no fue aceptada.
shell-error-rejected-detail = La solicitud no fue aceptada: { $detail }.
shell-error-signed-out = Tu sesión ha terminado. Vuelve a iniciar sesión.
shell-error-forbidden = Tu rol no permite hacer esto. Pregunta a un organizador.
shell-error-not-found = No encontrado. Puede que se haya borrado.
shell-error-not-found-detail = No encontrado: { $detail }.
shell-error-timeout = El servidor tardó demasiado en responder. Inténtalo de nuevo.
shell-error-conflict = Esto ya se está haciendo (quizá en otro dispositivo). Espera un momento e inténtalo de nuevo.
shell-error-too-large = Es demasiado grande para enviarlo.
shell-error-check-entries = Revisa los campos marcados.
shell-error-too-many = Demasiadas solicitudes ahora mismo. Espera unos segundos e inténtalo de nuevo.
shell-error-disk-full = El disco de este ordenador está lleno: esto no se guardó. Libera espacio e inténtalo de nuevo.
shell-error-server = El servidor del quiosco tuvo un problema. Inténtalo de nuevo; si sigue pasando, reinicia Entrada.
shell-error-unexpected = Respuesta inesperada del servidor ({ $status }).
shell-error-cancelled = Cancelado.
