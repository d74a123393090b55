# Hub del recinto (ui/js/screens/hub.js): el hub, su tarjeta de emparejamiento, unirse, sus dispositivos.

hub-title = Hub del recinto
hub-lead = Varias puertas, un recinto, sin internet: un Entrada es el hub del recinto y los quioscos de las demás puertas se unen a él. Así, una entrada admitida en una puerta se rechaza en la siguiente.
hub-failed = Este ordenador no pudo convertirse en el hub del recinto.
hub-load-failed = No se pudo cargar el hub del recinto

## Este Entrada es el hub
hub-serving-title = Este es el hub del recinto «{ $name }»
hub-serving-words = Los quioscos de esta red lo encuentran por su nombre. Para unir uno, abre en ese quiosco Ajustes → Hub del recinto → Unirse al hub, y enséñale una tarjeta de emparejamiento desde aquí.
hub-show-card = Mostrar tarjeta de emparejamiento
hub-stop = Dejar de ser el hub
hub-stopping = Parando el hub…
hub-stop-words = Los quioscos unidos deciden entonces solos en sus puertas hasta que un hub vuelva a responder.
hub-address = Dirección
hub-addresses = Direcciones
hub-fingerprint = Huella del certificado

## Dispositivos unidos al hub
hub-devices-title = Dispositivos
hub-devices-words = Los quioscos unidos a este hub. Cada uno informa tras cada sincronización; revoca el que se haya perdido o ya no sea tuyo.
hub-devices-load-failed = No se pudieron cargar los dispositivos
hub-devices-empty = Aún no se ha unido ningún quiosco.
hub-col-kiosk = Quiosco
hub-col-door = Puerta
hub-col-contact = Último contacto
hub-col-pending = Aún no aquí
hub-col-actions = Acciones
hub-device-revoked = Revocado { $when }
hub-device-no-contact = Aún no
hub-device-revoke = Revocar
hub-device-revoke-label = Revocar { $name }
hub-revoke-body = Este quiosco deja de sincronizarse con el hub al instante. Su puerta sigue funcionando sola; para volver a unirse necesita una nueva tarjeta de emparejamiento.
hub-revoke-gone = Este quiosco ya estaba revocado.

## Este quiosco se unió a un hub
hub-joined-title = Este quiosco se sincroniza con el hub del recinto «{ $name }»
hub-joined-words = Cada escaneo pregunta primero al hub, para que una entrada usada en otra puerta se rechace aquí. Si el hub no responde a tiempo, el quiosco decide solo y la puerta muestra «decidido aquí».
hub-joined-records = Sus datos son los del hub: para trabajar con otro hub, prepara un quiosco nuevo (una base de datos nueva).
hub-sync-status = Estado de sincronización

## Ninguno: unirse a un hub o convertir este en el hub
hub-join-title = Unirse al hub
hub-join-words = Para un quiosco en una de las puertas: encuentra el hub en esta red, le enseñas la tarjeta de emparejamiento del hub y a partir de ahí se sincroniza con él.
hub-make-title = Convertir en el hub
hub-make-words = Un ordenador por recinto, en la misma red que las puertas, encendido todo el día. Sirve a los demás quioscos por HTTPS y puede seguir siendo una puerta.
hub-make-how = Inicia el servidor en ese ordenador con: { $command } (o actívalo en la aplicación de escritorio de Entrada).
hub-name = Nombre del hub
hub-name-placeholder = p. ej. Sala A
hub-name-hint = Cómo lo listan los quioscos, p. ej. la sala donde está. Vacío: «Entrada hub» y un número.
hub-make-restart = Entrada reinicia su servidor para esto: las pantallas se recargan, nadie pierde la sesión.
hub-make-starting = Iniciando el hub…

## La tarjeta de emparejamiento
hub-card-title = Tarjeta de emparejamiento
hub-card-making = Creando una tarjeta de emparejamiento…
hub-card-failed = Sin tarjeta de emparejamiento
hub-card-qr-alt = Código QR de la tarjeta de emparejamiento de { $name }
hub-card-how = En el quiosco que se une: Ajustes → Hub del recinto → Unirse al hub, y luego acerca esta tarjeta a su cámara o escribe el código.
hub-card-code = Código de un solo uso
hub-card-left = Quedan { $left }; vale para un quiosco.
hub-card-expired = Este código ha caducado. Crea uno nuevo.
hub-card-new = Código nuevo
hub-card-done = Hecho

## Unirse al hub
hub-join-lead = Este quiosco se sincronizará con el hub y le preguntará en cada escaneo. Sustituye los ajustes de sincronización de este quiosco.
hub-found-title = Hubs en esta red
hub-found-label = Hubs encontrados
hub-search-again = Buscar otra vez
hub-searching = Buscando hubs…
hub-search-failed = No se pudieron buscar hubs
hub-found-none = Ningún hub respondió. ¿Está encendido y en esta red? También puedes escribir su dirección de la tarjeta, abajo.
hub-code-title = La tarjeta de emparejamiento
hub-code-label = Código de un solo uso de la tarjeta
hub-code-hint = 8 caracteres. Un lector que lea la tarjeta lo rellena todo.
hub-code-missing = Escribe el código de la tarjeta de emparejamiento del hub.
hub-door-label = Puerta de este quiosco (opcional)
hub-door-placeholder = p. ej. Puerta B
hub-by-address = ¿No aparece? Escribe la dirección de la tarjeta
hub-fingerprint-placeholder = 16 grupos de 4
hub-address-incomplete = Indica la dirección y la huella de la tarjeta, o ninguna de las dos.
hub-join-submit = Unirse
hub-joining = Uniendo…
hub-joining-hub = Uniéndose al hub…
hub-wait = Espera un momento
hub-not-joined = No unido
hub-camera-start = Escanear la tarjeta con la cámara
hub-camera-stop = Parar la cámara
hub-camera-off = La cámara está apagada.
hub-camera-starting = Iniciando la cámara…
hub-camera-live = Pon la tarjeta de emparejamiento en el recuadro.
hub-camera-paused = Cámara en pausa.
hub-camera-none = No hay cámara: escribe el código.
hub-camera-error = La cámara no está disponible: escribe el código.
hub-camera-not-a-card = Esa no es la tarjeta de emparejamiento de un hub. Acerca a la cámara la tarjeta de la pantalla del hub.

## Unido
hub-joined = Unido
hub-joined-toast = Unido al hub del recinto «{ $name }».
hub-joined-with = Este quiosco se sincroniza con «{ $name }»
hub-events-coming = Trayendo los eventos del hub…
hub-events-here = Ya están aquí los eventos del hub.
hub-events-not-yet = Los eventos aún no han llegado: { $reason }
hub-events-not-yet-see-sync = Los eventos aún no han llegado: la pantalla Sincronización dice por qué.
hub-choose-event = Elegir el evento
