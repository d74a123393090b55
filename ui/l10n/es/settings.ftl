# Ajustes (ui/js/screens/settings.js): idioma, API local, este ordenador, integraciones, dispositivo de puerta, hub del recinto.

settings-title = Ajustes

## Idioma
settings-language-title = Idioma
settings-language-hint = Se muestra en este quiosco. Se guarda en este dispositivo.

## API local
settings-api-title = API local
settings-api-address-local = API local para otros programas de este ordenador: { $address }
settings-api-address = API para otros programas: { $address }
settings-address = Dirección
settings-api-auth = Los programas inician sesión con credenciales de cliente (OAuth 2 client credentials) y envían el token como «Authorization: Bearer …».
settings-api-reference-at = La referencia de la API está en { $url }.
settings-api-reference = Referencia de la API

## Copiar
settings-copy = Copiar
settings-copy-label = Copiar { $what }
settings-copied = Copiado
settings-copied-toast = Copiado.
settings-copy-impossible = Aquí no se puede copiar: el texto está seleccionado, cópialo con Ctrl+C.

## Este ordenador
settings-desktop-title = Este ordenador
settings-desktop-kiosk = Entrada funciona en modo quiosco: pantalla completa, siempre encendida y vuelta a la pantalla de puerta tras { $idle } sin uso. Para cerrarlo hace falta un organizador.
settings-desktop-app = Entrada funciona como aplicación de escritorio con su propio servidor en este ordenador.
settings-kiosk-on = Usar modo quiosco en este ordenador
settings-kiosk-starting = Iniciando modo quiosco…
settings-kiosk-mode-words = Modo quiosco: pantalla completa, siempre encendida, vuelta a la pantalla de puerta tras { $idle } sin uso; cerrarlo o salir requiere un organizador. Entrada arranca en modo quiosco hasta que un organizador lo quite.
settings-idle-seconds = { $count ->
    [one] 1 segundo
   *[other] { $count } segundos
}
settings-idle-minutes = { $count ->
    [one] 1 minuto
   *[other] { $count } minutos
}

settings-organisers-only = Aquí los organizadores crean credenciales para integraciones locales (una impresora de acreditaciones, un torniquete, un script).

## Credenciales para una integración local
settings-integrations-title = Crear credenciales para una integración local
settings-integrations-words = Para una impresora de acreditaciones, un torniquete o un script en este ordenador: recibe su propio id de cliente y secreto, y pide sus tokens a la API local.
settings-integration-name = Nombre
settings-integration-name-placeholder = p. ej. Impresora de acreditaciones puerta 2
settings-integration-name-hint = Qué programa es, para reconocerlo en la lista.
settings-integration-name-missing = Ponle un nombre.
settings-scopes-legend = Qué puede hacer
settings-scopes-missing = Marca al menos uno.
settings-scope-read = Leer
settings-scope-read-hint = Ver eventos, asistentes e historial de entradas.
settings-scope-write = Escribir
settings-scope-write-hint = Añadir y cambiar asistentes, eventos y formularios.
settings-scope-check-in = Entrada
settings-scope-check-in-hint = Registrar entradas y salidas, y escanear códigos.
settings-create = Crear credenciales
settings-creating = Creando…
settings-not-created = No creado

## Las credenciales nuevas, mostradas una vez
settings-secret-title = Credenciales para «{ $name }»
settings-secret-warning = Copia el secreto ahora: no se volverá a mostrar.
settings-secret-fingerprint = Entrada solo guarda una huella de él. Si se pierde, revoca estas credenciales y crea otras.
settings-client-id = Id de cliente
settings-client-secret = Secreto de cliente
settings-secret-may = Puede:
settings-token-example = Obtener un token (ejemplo)
settings-token-then = Luego llama a la API con él, p. ej. { $command }. Pide un token nuevo cuando caduque.
settings-secret-done = Hecho: he copiado el secreto

## Lista de integraciones
settings-integrations-list = Integraciones
settings-integrations-load-failed = No se pudieron cargar las integraciones
settings-integrations-empty = Aún no hay integraciones.
settings-col-name = Nombre
settings-col-may = Puede
settings-col-created = Creado
settings-col-actions = Acciones
settings-scope-word-read = leer
settings-scope-word-write = escribir
settings-scope-word-check-in = registrar entrada

## Revocar
settings-revoke = Revocar
settings-revoke-label = Revocar { $name }
settings-revoke-title = ¿Revocar «{ $name }»?
settings-revoke-body = Los programas que usan estas credenciales dejan de funcionar al instante: sus tokens se rechazan. No se puede deshacer.
settings-revoke-gone = Estas credenciales ya estaban revocadas.
settings-revoked = «{ $name }» revocado.
settings-not-revoked = No revocado: { $reason }

## Dispositivo de puerta
settings-door-device-title = Dispositivo de puerta
settings-door-device-words = Convierte este quiosco en un dispositivo de puerta: registra entradas solo con permisos de puerta, nadie escribe una contraseña y sigue así tras reiniciar. Aquí se cierra tu sesión; salir del modo puerta requiere un organizador. La pantalla Personal lista los dispositivos de puerta.

## Hub del recinto
settings-hub-title = Hub del recinto
settings-hub-words = Varias puertas en un recinto: un Entrada es el hub y los quioscos de las demás puertas se unen a él, así una entrada admitida en una puerta se rechaza en la siguiente.
settings-hub-serving = Este es el hub del recinto «{ $name }». Muestra una tarjeta de emparejamiento al quiosco que se une y mira los dispositivos ya unidos.
settings-hub-joined = Este quiosco se sincroniza con el hub del recinto «{ $name }».
