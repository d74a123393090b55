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
