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
# The heading when the kiosk's own sign-in is shown (its built-in client).
authorize-heading-kiosk = Inicia sesión en este quiosco
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
authorize-new-title = Elige tu contraseña
authorize-new-intro = Has iniciado sesión con una contraseña temporal. Elige ahora la tuya: al menos { $min } caracteres, y solo tú deberías conocerla.
authorize-new-password = Contraseña nueva
authorize-new-again = Repite la contraseña nueva
authorize-new-submit = Guardar e iniciar sesión
authorize-new-too-short = La contraseña nueva debe tener al menos { $min } caracteres (tiene { $count }).
authorize-new-too-long = La contraseña nueva tiene más de 1000 caracteres.
authorize-new-mismatch = Las dos contraseñas nuevas no coinciden.
authorize-new-same = Elige una contraseña distinta de la temporal.

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
problem-not-an-option = : `{ $value }` no es una de las opciones ({ $options })
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

# Problemas de una petición entera, de sus cabeceras y parámetros, y de las entradas del hub,
# la sincronización, el equipo y la importación.
problem-mirrored-type = el evento { $id } se copia del servidor remoto: quita el tipo de inscripción allí
problem-mirrored-session = el evento { $id } se copia del servidor remoto: quita la sesión allí
problem-answers-misfit = item: { $count } respuesta(s) existente(s) no encajarían en el campo cambiado; cámbialas o vacíalas primero ({ $examples })
problem-hubs-answered = respondieron varios hubs: { $names }; elige uno por su nombre
problem-hub-address = `{ $value }` no es una dirección de hub: tiene este aspecto: https://10.0.0.5:7879
problem-pairing-code = un código de emparejamiento tiene 8 letras y cifras, tal como lo muestra el hub
problem-not-pairing-code = esto no es un código de emparejamiento de un hub de Entrada
problem-fingerprint = una huella tiene 64 dígitos hexadecimales
problem-hex64 = debe tener 64 dígitos hexadecimales
problem-max-2000 = debe tener como máximo 2000 caracteres
problem-qr-alone = va solo: el texto QR de la tarjeta contiene la dirección, la huella y el código
problem-with-fingerprint = es obligatorio con `fingerprint`
problem-with-url = es obligatorio con `url`: está en la tarjeta de emparejamiento del hub
problem-on-card = es obligatorio: está en la tarjeta de emparejamiento del hub (o indica `qr_text`)
problem-last-organiser = El último organizador activo no se puede desactivar ni pasar a personal de puerta
problem-role = debe ser door u organiser
problem-scopes = : indica al menos uno de read, write, check_in
problem-object = debe ser un objeto
problem-sync-required = es obligatorio al configurar la sincronización por primera vez
problem-event-ids = deben ser identificadores de evento positivos
problem-api-root = debe terminar en /api/v2 (la raíz v2)
problem-one-event = debe indicar al menos un identificador de evento remoto
problem-no-credentials = no debe llevar credenciales (usa client_id y client_secret)
problem-sync-not-configured = la sincronización no está configurada (entrada sync configure, o la pantalla Sincronización)
problem-capacity = debe ser 0 o más (o null para sin límite)
problem-ends-before = no debe ser anterior a item.starts_at
problem-position-on-create = no se puede fijar al crear; los campos nuevos van al final (cámbialo con PATCH)
problem-strings = debe ser una lista de textos
problem-rfc3339 = no es una marca de tiempo RFC 3339 (p. ej. 2026-05-01T09:00:00+02:00)
problem-year-range = está fuera de rango (años 0000 a 9999 en UTC)
problem-timestamp = no es una marca de tiempo
problem-item-object = item debe ser un objeto
problem-body-empty = el cuerpo de la petición está vacío: envía un objeto JSON con un miembro item
problem-body-shape = el cuerpo de la petición debe ser un objeto JSON con un miembro item
problem-body-json = el cuerpo de la petición no es JSON válido: { $error }
problem-body-unreadable = no se pudo leer el cuerpo de la petición: { $error }
problem-query = parámetro de consulta no válido: { $reason }
problem-idempotency-length = Idempotency-Key debe tener de 1 a { $max } caracteres
problem-idempotency-ascii = Idempotency-Key debe ser ASCII imprimible
problem-idempotency-reused = Idempotency-Key ya se usó para otra petición
problem-last-event-id = Last-Event-ID debe ser un identificador del historial (un entero de al menos 0)
problem-after = after debe ser un identificador del historial (un entero de al menos 0)
problem-pkce = no es un SHA-256 en base64url (PKCE S256)
problem-redirect = no es una URI de redirección del quiosco (loopback /oauth/callback)
problem-with-challenge = es obligatorio con item.code_challenge
problem-raw-frame = { $name } es obligatorio para un fotograma en escala de grises sin formato (?width=&height=)
problem-file-not-utf8 = el archivo no es texto UTF-8 (línea { $line }); guárdalo como «CSV UTF-8»
problem-file-empty = el archivo está vacío: la primera línea debe nombrar las columnas
problem-heading-unreadable = no se puede leer la línea de encabezado: { $error }
problem-line-unreadable = no se puede leer la línea { $line }: { $error }

# Un registro que no existe (404).
problem-not-found-attendee-of = asistente { $id } del evento { $event } no encontrado
problem-not-found-attendee = asistente { $id } no encontrado
problem-not-found-event = evento { $id } no encontrado
problem-not-found-session = sesión { $id } del evento { $event } no encontrada
problem-not-found-type = tipo de inscripción { $id } del evento { $event } no encontrado
problem-not-found-field = campo { $id } del evento { $event } no encontrado
problem-not-found-client = cliente { $id } no encontrado
problem-not-found-device = dispositivo { $id } no encontrado
problem-not-found-account-id = cuenta { $id } no encontrada
problem-not-found-account = cuenta no encontrada
problem-not-found-user = usuario { $id } no encontrado
problem-not-found-staff = miembro del equipo { $id } no encontrado
problem-not-found-parked = entrada apartada { $id } no encontrada
problem-no-route = no hay ruta para { $method } { $path }
problem-ids-integers = { $path } no encontrado: los identificadores son números enteros

# Otros rechazos: tokens y cuentas, conflictos, tamaños, esperas.
problem-already-set-up = Entrada ya está configurado: inicia sesión en su lugar
problem-account-header = X-Account-Id `{ $value }` no es un identificador de cuenta
problem-frame-size = un fotograma puede ocupar como máximo { $max } MiB
problem-client-scopes = un cliente nuevo solo puede tener los permisos de tu propio inicio de sesión ({ $scopes })
problem-idempotency-busy = una petición con esta Idempotency-Key aún se está procesando; vuelve a intentarlo más tarde
problem-idempotency-answered = una petición con esta Idempotency-Key ya se respondió; repítela para obtener la respuesta
problem-sync-running = ya hay una sincronización en curso
problem-malformed-auth = cabecera Authorization mal formada: se espera `Bearer <token>`
problem-missing-token = falta el token de acceso: envía `Authorization: Bearer <token>`
problem-hub-duplicates = solo un quiosco unido a este hub informa de entradas duplicadas
problem-hub-reports = solo un quiosco unido a este hub le envía informes
problem-skip-questions = solo un organizador puede saltarse las preguntas de la puerta (item.skip_questions)
problem-organiser-only = solo un organizador que ha iniciado sesión puede hacerlo (las credenciales de cliente no)
problem-me-personal = solo los tokens personales (una persona con sesión iniciada) pueden llamar a /me
problem-account-needed = los tokens personales deben enviar la cabecera X-Account-Id con una de tus cuentas
problem-token-invalid = el token de acceso no es válido, ha caducado o se ha revocado
problem-body-too-large = el cuerpo de la petición ocupa más de { $max } MiB
problem-other-account = la sincronización de este quiosco pertenece a otra cuenta
problem-hub-joins-none = este Entrada es el hub del recinto: los quioscos se unen a él y él no se une a ningún otro
problem-other-site = esta petición se envió desde otro sitio web, no desde la página de este quiosco
problem-pairing-throttled = demasiados códigos de emparejamiento erróneos desde esta dirección: vuelve a intentarlo en { $wait } segundos
problem-not-member = no eres miembro de la cuenta { $id }

# Dónde está un problema de la importación: la columna del archivo.
import-column = columna `{ $heading }`
