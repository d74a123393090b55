# Las palabras del servidor (src/l10n.rs), para la puerta: cortas y claras.

checked-in = { $name } ha entrado
checked-in-session = { $name } ha entrado ({ $session })
checked-out = { $name } ha salido
checked-out-session = { $name } ha salido ({ $session })
undone = Deshecho: { $name } ya no consta como dentro
undone-session = Deshecho: { $name } ya no consta como dentro ({ $session })

already-in = { $name } ya ha entrado
already-in-session = { $name } ya ha entrado en { $session }
already-out = { $name } ya ha salido
already-out-session = { $name } ya ha salido de { $session }
since = desde las { $time }
since-at = desde las { $time } en { $device }
time-on-day = { $time } del { $day }

not-in = { $name } no ha entrado
not-in-session = { $name } no ha entrado en { $session }
nothing-to-undo = { $name } no tiene ninguna entrada que deshacer
nothing-to-undo-session = { $name } no tiene ninguna entrada en { $session } que deshacer

not-allowed = { $name } no puede entrar
not-allowed-declined = { $name } no puede entrar: rechazó la invitación
not-allowed-waitlisted = { $name } no puede entrar: está en lista de espera
not-allowed-pending = { $name } no puede entrar: pendiente de aprobación

needs-attention = { $name } requiere atención
needs-attention-note = { $name } requiere atención: { $note }
needs-answers = { $name } no ha respondido: { $fields }

wrong-event = Esta entrada es para otro evento: { $event }
not-found = Ninguna entrada con este código

error-internal = error interno del servidor
error-disk-full = el disco está lleno: no se ha cambiado nada; libera espacio en el disco de la base de datos y vuelve a intentarlo

# La página de inicio de sesión del servidor (/oauth/authorize).
authorize-title = Iniciar sesión
authorize-heading = Inicia sesión en { $client }
authorize-email = Correo electrónico
authorize-password = Contraseña
authorize-submit = Iniciar sesión
authorize-problem-title = Problema al iniciar sesión
authorize-cannot-sign-in = No se puede iniciar sesión
authorize-no-client = La solicitud no indica ningún cliente (falta client_id).
authorize-unknown-client = Esta aplicación no se conoce aquí.
authorize-cannot-check-client = El servidor no pudo comprobar la aplicación.
authorize-unregistered-redirect = La aplicación pide volver a una dirección que no ha registrado.
authorize-no-redirect = La solicitud no indica ninguna redirect_uri.
authorize-bad-redirect = La dirección de retorno no es válida.
authorize-other-site = Este inicio de sesión llegó desde otro sitio web, no desde la página de este quiosco.
authorize-form-expired = Este formulario ha caducado. Vuelve a iniciar sesión.
authorize-wrong-password = Correo o contraseña incorrectos.
authorize-too-many = Demasiados intentos fallidos. Vuelve a intentarlo en { $wait } segundos.
authorize-cannot-check = El servidor no pudo comprobar el inicio de sesión. Inténtalo de nuevo.
authorize-busy = El servidor está comprobando otros inicios de sesión. Inténtalo de nuevo en un momento.
authorize-no-account = Tu usuario no tiene acceso a ninguna cuenta aquí. Pregunta a un organizador.
authorize-cannot-complete = El servidor no pudo completar el inicio de sesión. Inténtalo de nuevo.

# Problemas de un dato (422), tras el campo al que se refieren.
problem-required = es obligatorio
problem-empty = no puede estar vacío
problem-null = no puede ser nulo
problem-email = no es una dirección de correo válida
problem-phone = no es un teléfono válido (usa el formato internacional, p. ej. +34 912 345 678)
problem-url = no es una URL http(s) válida
problem-http-url = debe ser una URL http o https
problem-country = no es un código de país ISO 3166-1 alfa-2 (p. ej. ES, MX, AR)
problem-date = no es una fecha con el formato AAAA-MM-DD
problem-time = no es una hora con el formato HH:MM
problem-date-time = debe ser una fecha y hora RFC 3339
problem-number = debe ser un número
problem-true-or-false = debe ser verdadero o falso
problem-string = debe ser un texto
problem-control = contiene caracteres de control
problem-printable = debe ser imprimible (sin caracteres de control)
problem-zero-or-more = debe ser 0 o más
problem-code-taken = ya lo usa otro asistente de este evento

# Problemas que nombran valores o límites. Los valores quedan tal como llegaron.
problem-of-field = { $problem } (campo `{ $name }`)
problem-more-entries = tiene más de { $max } entradas
problem-too-long = tiene más de { $max } caracteres
problem-integer-range = debe ser un número entero de 1 a { $max }
problem-retention-days = debe ser de 1 a { $max } días (o null para nunca)
problem-passphrase-short = debe tener al menos { $min } caracteres (tiene { $count })
problem-not-integer = `{ $value }` no es un número entero
problem-time-zone = `{ $value }` no es un nombre de zona horaria IANA (p. ej. Europe/Madrid)
problem-action = `{ $value }` no es check_in, check_out ni undo
problem-checkin-status = `{ $value }` no es not_checked_in, checked_in ni checked_out
problem-rsvp-status = `{ $value }` no es unconfirmed, confirmed, declined, waitlisted ni pending_approval
problem-field-type = `{ $value }` no es un tipo de campo conocido (consulta la lista de tipos de AttendeeField)
problem-already-staff = : { $email } ya forma parte del equipo de esta cuenta
problem-not-a-session = { $id } no es una sesión de este evento
problem-not-a-field = { $id } no es un campo de este evento
problem-not-a-registration-type = { $id } no es un tipo de inscripción de este evento
problem-answered-twice = : el campo { $id } tiene más de una respuesta
problem-answer-missing = : falta la respuesta al campo obligatorio `{ $name }` ({ $label })
problem-cannot-clear = : el campo `{ $name }` ({ $label }) es obligatorio y no se puede vaciar
problem-takes-no-answer = : el campo `{ $name }` es de tipo `{ $type }` y no admite respuesta
problem-string-for-type = debe ser un texto para un campo de tipo `{ $type }`
problem-options-array = debe ser una lista de las opciones del campo ({ $options })
problem-not-an-option = : `{ $value }` no es una opción del campo `{ $name }` ({ $options })
problem-not-yes-no = : `{ $value }` no es sí ni no
problem-not-a-number = : `{ $value }` no es un número
problem-needs-option = : un campo de tipo `{ $type }` necesita al menos una opción
problem-no-options = : un campo de tipo `{ $type }` no admite opciones
problem-cannot-be-required = : un campo de tipo `{ $type }` no admite respuesta, así que no puede ser obligatorio
problem-listed-twice = : `{ $value }` aparece dos veces
problem-cell-registration-type = : `{ $value }` no es un tipo de inscripción de este evento
problem-cell-flag = : `{ $value }` no es yes, no, true, false, 1 ni 0
problem-query-flag = { $key } debe ser true o false, no `{ $value }`
problem-map-no-column = --map nombra una columna `{ $heading }` que el archivo no tiene
problem-map-no-target = la columna `{ $heading }` está asignada a `{ $target }`, que no es un dato del asistente ni un campo del evento
problem-same-member = las columnas `{ $first }` y `{ $second }` rellenan el mismo dato: asigna una a otro sitio o quítala
problem-row-cells = la fila tiene { $cells } celdas, pero el encabezado nombra { $columns } columnas
problem-same-person = el mismo { $key } está en la fila { $row }: una fila por persona (añade una columna qr_code para distinguir a personas con el mismo correo)

# Dónde está un problema de la importación: la columna del archivo.
import-column = columna `{ $heading }`
