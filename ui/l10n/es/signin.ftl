# Inicio de sesión: pantalla de bienvenida, errores, motivos de fin de sesión y salida del modo quiosco.

signin-button = Iniciar sesión
signin-opening = Abriendo el inicio de sesión…
signin-could-not-start = No se pudo abrir el inicio de sesión. Recarga la página e inténtalo de nuevo.
signin-lead = Control de acceso a eventos. Inicia sesión con tu correo y contraseña de personal.
signin-lasts-desktop = Tu sesión dura hasta que la cierres o se cierre Entrada; cierra sesión al dejar el quiosco.
signin-lasts-tab = Tu sesión solo vale en esta pestaña; cierra la pestaña o la sesión al dejar el quiosco.
signin-scanned = Se ha escaneado una entrada, pero nadie ha iniciado sesión en este quiosco. Inicia sesión y vuelve a escanearla.

signin-error-too-many = Demasiados intentos de inicio de sesión. Espera un minuto y vuelve a intentarlo.
signin-error-ended = Tu sesión ha terminado. Vuelve a iniciar sesión.
signin-error-cancelled = Se canceló el inicio de sesión.
signin-error-not-allowed = Esta cuenta no puede usar el quiosco.
signin-error-failed-code = No se pudo iniciar sesión ({ $code }).
signin-error-failed = No se pudo iniciar sesión.
signin-error-unreachable = No se puede conectar con el servidor del quiosco. Comprueba que Entrada está en marcha y vuelve a intentarlo.
signin-error-link-invalid = Este enlace de inicio de sesión ya no es válido. Vuelve a iniciar sesión.
signin-error-please-sign-in = Inicia sesión.

signin-ended-disabled = Tu sesión ha terminado: tu usuario ha sido desactivado. Pregunta a un organizador si deberías seguir teniendo acceso.
signin-ended-reused = Tu sesión se cerró por seguridad: se estaba usando en dos sitios a la vez. Vuelve a iniciar sesión para continuar.
signin-ended-revoked = Tu sesión se cerró en el servidor: tu usuario fue desactivado o se cambió su contraseña. Vuelve a iniciar sesión o pregunta a un organizador.
signin-ended-expired = Tu sesión ha caducado. Vuelve a iniciar sesión para continuar.
signin-ended = Tu sesión ha terminado. Vuelve a iniciar sesión para continuar.
signin-ended-device-revoked = Este quiosco era un dispositivo de puerta, pero se ha revocado su acceso (en la pantalla Personal o desde otro dispositivo). Inicia sesión para continuar.

signin-leave-kiosk-title = ¿Salir del modo quiosco?
signin-leave-kiosk-as-organiser = Sesión iniciada como { $name }, organizador.
signin-leave-kiosk-explain = Al cerrar se conservan todas las entradas registradas; vuelve a abrir Entrada para continuar. Si se queda abierto, Entrada pasa a ser una ventana normal y se abre así hasta que un organizador vuelva a activar el modo quiosco (Ajustes).
signin-leave-kiosk-close = Salir del modo quiosco y cerrar
signin-leave-kiosk-window = Salir del modo quiosco, dejar Entrada abierto
signin-leave-kiosk-closing = Cerrando Entrada…
signin-leave-kiosk-leaving = Saliendo del modo quiosco…
signin-leave-kiosk-door-title = Debe iniciar sesión un organizador
signin-leave-kiosk-door-lead = Solo un organizador puede salir del modo quiosco y cerrar Entrada.
signin-leave-kiosk-as-door-staff = Has iniciado sesión como { $name }, personal de puerta. Para cerrar Entrada, cierra sesión aquí y deja que un organizador inicie sesión; o vuelve a la puerta y sigue.
signin-leave-kiosk-hand-over = Cerrar sesión para un organizador
signin-leave-kiosk-signing-out = Cerrando sesión…
