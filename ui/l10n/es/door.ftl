# La puerta: escaneo, búsqueda por nombre, preguntas y modo puerta. Corto, legible a un brazo.

door-title = Puerta
door-action-label = Acción
door-place-label = Dónde
door-place-door = Puerta principal
door-place-session = Sesión: { $session }
door-mode-in-at-door = Entradas en la puerta
door-mode-out-at-door = Salidas en la puerta
door-mode-in-session = Entradas · { $session }
door-mode-out-session = Salidas · { $session }
door-device-chip-help = Nombre de este dispositivo en el historial de entradas (cámbialo en el menú)

door-ready = Listo para escanear
door-ready-help-camera = Enseña el código QR de la entrada a la cámara, escanéalo, o escribe el código o un nombre.
door-ready-help = Escanea el código QR de la entrada, o escribe el código o un nombre.
door-checking = Comprobando…
door-scan-failed = No se pudo comprobar este código
door-decided-here = decidido aquí
door-decided-here-help = El hub del recinto no respondió a tiempo: este quiosco decidió solo. Las demás puertas lo sabrán en la próxima sincronización.

door-admit = Dejar pasar
door-admitting = Dejando pasar…
door-refuse = Rechazar
door-note-label = Nota para la puerta
door-note-title = Nota · { $name }

door-undo-last = Deshacer último escaneo
door-undo-name = Deshacer: { $name }
door-undone-check-in = Entrada deshecha: sin entrar
door-undone-check-out = Salida deshecha: dentro de nuevo
door-undo-failed = No se pudo deshacer.

door-recent = Últimos escaneos
door-recent-none = Aún no hay escaneos en este dispositivo.

door-code-label = Código
door-code-example = p. ej. 7KQ2-MXW9-PD3A-H8RT
door-code-submit = Comprobar

door-camera-starting = Iniciando la cámara…
door-camera-live = Cámara encendida: pon el código QR en el recuadro
door-camera-paused = Cámara en pausa
door-camera-none = Sin cámara: usa el escáner o escribe el código.
door-camera-error = La cámara no está disponible. Usa el escáner o escribe el código.
door-camera-pause = Pausar cámara
door-camera-retry = Reintentar la cámara
door-camera-start = Iniciar cámara
door-camera-choose = Cámara
door-camera-numbered = Cámara { $number }

door-search-label = Nombre
door-search-placeholder = Escribe un nombre
door-search-results = Personas encontradas
door-search-none-for = Sin resultados para «{ $query }»
door-search-none = Sin resultados
door-search-found = { $count ->
    [one] 1 persona encontrada
   *[other] { $count } personas encontradas
}
door-search-failed = La búsqueda no ha funcionado.

door-questions-title = Pregunta a { $name }
door-questions-submit = Registrar entrada
door-questions-submitting = Registrando entrada…
door-questions-skip = Omitir
door-questions-fix = Corrige las respuestas marcadas.

door-device-hand-over = Pasar este quiosco a la puerta
door-device-confirm-title = ¿Pasar este quiosco a la puerta?
door-device-confirm-body = «{ $device }» pasa a ser un dispositivo de puerta: registra la entrada de la gente y escanea entradas, sin pantallas de organizador, y nadie tiene que escribir una frase de acceso. Aquí se cierra tu sesión. Para salir del modo puerta, un organizador debe iniciar sesión.
door-device-confirm = Pasar a la puerta
door-device-failed = Este quiosco sigue siendo tuyo: { $error }

door-leave-title = ¿Salir del modo puerta?
door-leave-lead = Este quiosco es un dispositivo de puerta: registra entradas solo con permisos de puerta.
door-leave-how = Para que vuelva a ser un quiosco normal, un organizador inicia sesión. Entonces se revoca su acceso de puerta y el quiosco sigue como el organizador. Si el personal de puerta inicia sesión aquí, el modo puerta no termina.
door-leave-sign-in = Entrar como organizador
door-leave-opening = Abriendo el inicio de sesión…
door-leave-open-failed = No se pudo abrir el inicio de sesión. Inténtalo de nuevo.
door-leave-back = Volver a la puerta
door-leave-refused-title = Solo un organizador puede salir del modo puerta
door-leave-refused-words = Iniciaste sesión como { $name }, personal de puerta. Este quiosco sigue siendo un dispositivo de puerta, y tu sesión ha terminado aquí.
door-leave-refused-how = Para salir del modo puerta, un organizador inicia sesión.
door-leave-working-title = Saliendo del modo puerta
door-leave-working = Revocando el acceso de puerta de este quiosco…
door-leave-keep = Mantener el modo puerta
door-leave-failed-title = Aún no se ha salido del modo puerta
door-leave-failed = No se pudo revocar el acceso de puerta de este quiosco
door-leave-done = Modo puerta terminado. Este quiosco tiene la sesión de { $name }.
