# Personal (ui/js/screens/staff.js): cuentas del personal, roles, contraseñas, dispositivos de puerta.

staff-title = Equipo
staff-intro = Las personas que inician sesión aquí, y los dispositivos de puerta.
staff-intro-account = Las personas que inician sesión en { $account }, y los dispositivos de puerta.
staff-role-door = Personal de puerta
staff-role-organiser = Organizador

## People
staff-people-title = Personas
staff-loading = Cargando personal…
staff-load-failed = No se pudo cargar el personal
staff-empty = Aún no hay nadie.
staff-col-person = Persona
staff-role = Rol
staff-col-last-sign-in = Último acceso
staff-col-actions = Acciones
staff-never-signed-in = Nunca ha iniciado sesión
staff-you = (tú)
staff-disabled = Desactivado
staff-role-of = Rol de { $name }
staff-enable = Activar
staff-enable-name = Activar a { $name }
staff-disable = Desactivar
staff-disable-name = Desactivar a { $name }
staff-reset = Nueva contraseña
staff-reset-name = Nueva contraseña para { $name }
staff-refused = { $what }: { $error }
staff-make-organiser-title = ¿Hacer organizador a { $name }?
staff-make-organiser-body = Los organizadores pueden hacerlo todo: eventos, asistentes, importaciones, sincronización y personal.
staff-make-door-title = ¿Pasar a { $name } a personal de puerta?
staff-make-door-body = El personal de puerta registra la entrada de las personas y escanea entradas, nada más.
staff-make-door-body-self = Eres tú: las pantallas de organizador se cerrarán para ti.
staff-make-confirm = Cambiar el rol
staff-now-organiser = { $name } ahora es organizador.
staff-now-door = { $name } ahora es personal de puerta.
staff-role-not-changed = No se cambió el rol
staff-disable-title = ¿Desactivar a { $name }?
staff-disable-body-self = Eres tú: tu sesión se cerrará al momento.
staff-disable-body = La sesión de { $name } se cierra al momento en todas partes y no podrá iniciar sesión hasta que se vuelva a activar. Sus entradas registradas se conservan.
staff-disabled-toast = { $name } está desactivado y su sesión se ha cerrado.
staff-enabled-toast = { $name } ya puede volver a iniciar sesión.
staff-not-disabled = No se desactivó
staff-not-enabled = No se activó
staff-reset-title = ¿Restablecer la contraseña de { $name }?
staff-reset-body = Se crea una nueva contraseña temporal y se muestra una sola vez. Sus sesiones actuales se cierran; la contraseña anterior deja de funcionar.
staff-not-reset = No se restableció

## Add a person
staff-add-person = Añadir una persona
staff-add-intro = Recibe una contraseña temporal para iniciar sesión.
staff-name = Nombre
staff-email = Correo electrónico
staff-email-hint = Lo usará para iniciar sesión.
staff-role-door-hint = — registrar la entrada de las personas y escanear entradas
staff-role-organiser-hint = — todo, incluidos los eventos y el personal
staff-add = Añadir
staff-adding = Añadiendo…
staff-not-added-yet = Aún no se ha añadido — tus datos se conservan
staff-passphrase-added-title = { $name } ya puede iniciar sesión
staff-passphrase-reset-title = Nueva contraseña para { $name }
staff-passphrase-signs-in-with = { $role } · inicia sesión con
staff-passphrase-label = Contraseña temporal
staff-passphrase-once = Solo se muestra ahora.
staff-passphrase-warning = Entrégasela en persona; Entrada solo guarda una huella de ella. Si se pierde, restablece la contraseña.
staff-passphrase-done = Hecho: ya la he entregado

## Door devices
staff-devices-title = Dispositivos de puerta
staff-devices-intro = Un quiosco entregado a la puerta registra entradas solo con permisos de puerta, y nadie escribe una contraseña en él. Para salir del modo puerta hace falta un organizador.
staff-devices-in-use = En uso
staff-devices-load-failed = No se pudieron cargar los dispositivos de puerta
staff-devices-empty = No hay dispositivos de puerta.
staff-device-since = Desde el { $when }
staff-device-revoke = Revocar
staff-device-revoke-name = Revocar { $name }
staff-device-revoke-body = Ese dispositivo deja de registrar entradas al momento y muestra el inicio de sesión. No se puede deshacer; entrega de nuevo un quiosco a la puerta para crear otro dispositivo de puerta.
staff-device-gone = Ese dispositivo de puerta ya estaba revocado.
