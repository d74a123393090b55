# Hub du site (ui/js/screens/hub.js) : le hub, sa carte d’appairage, le rejoindre, ses appareils.

hub-title = Hub du site
hub-lead = Plusieurs entrées, un lieu, pas d’internet : un Entrada est le hub du site, et les kiosques des autres entrées le rejoignent. Un billet admis à une entrée est alors refusé à la suivante.
hub-failed = Cet ordinateur n’a pas pu devenir le hub du site.
hub-load-failed = Impossible de charger le hub du site

## Cet Entrada est le hub
hub-serving-title = Ceci est le hub du site « { $name } »
hub-serving-words = Les kiosques de ce réseau le trouvent par son nom. Pour en relier un, ouvrez sur ce kiosque Réglages → Hub du site → Rejoindre le hub, et montrez-lui une carte d’appairage d’ici.
hub-show-card = Montrer une carte d’appairage
hub-stop = Ne plus être le hub
hub-stopping = Arrêt du hub…
hub-stop-words = Les kiosques reliés décident alors seuls à leur entrée, jusqu’à ce qu’un hub réponde de nouveau.
hub-address = Adresse
hub-addresses = Adresses
hub-fingerprint = Empreinte du certificat

## Appareils reliés au hub
hub-devices-title = Appareils
hub-devices-words = Les kiosques qui ont rejoint ce hub. Chacun se signale après chaque synchronisation ; révoquez celui qui est perdu ou n’est plus à vous.
hub-devices-load-failed = Impossible de charger les appareils
hub-devices-empty = Aucun kiosque n’a encore rejoint le hub.
hub-col-kiosk = Kiosque
hub-col-door = Entrée
hub-col-contact = Dernier contact
hub-col-pending = Pas encore ici
hub-col-actions = Actions
hub-device-revoked = Révoqué le { $when }
hub-device-no-contact = Pas encore
hub-device-revoke = Révoquer
hub-device-revoke-label = Révoquer { $name }
hub-revoke-body = Ce kiosque ne peut plus se synchroniser avec le hub, dès maintenant. Son entrée continue de fonctionner seule ; pour revenir, il lui faut une nouvelle carte d’appairage.
hub-revoke-gone = Ce kiosque était déjà révoqué.

## Ce kiosque a rejoint un hub
hub-joined-title = Ce kiosque se synchronise avec le hub du site « { $name } »
hub-joined-words = Chaque scan interroge d’abord le hub, pour qu’un billet utilisé à une autre entrée soit refusé ici. Si le hub ne répond pas à temps, le kiosque décide seul et l’entrée affiche « décidé ici ».
hub-joined-records = Ses données sont celles du hub : pour travailler avec un autre hub, installez un nouveau kiosque (une nouvelle base de données).
hub-sync-status = État de la synchro

## Ni l’un ni l’autre : rejoindre un hub, ou faire de celui-ci le hub
hub-join-title = Rejoindre le hub
hub-join-words = Pour un kiosque à l’une des entrées : il trouve le hub sur ce réseau, vous lui montrez la carte d’appairage du hub, et il se synchronise ensuite avec lui.
hub-make-title = En faire le hub du site
hub-make-words = Un ordinateur par lieu, sur le même réseau que les entrées, allumé toute la journée. Il sert les autres kiosques en HTTPS et peut aussi rester une entrée.
hub-make-how = Démarrez le serveur sur cet ordinateur avec : { $command } (ou activez-le dans l’application de bureau Entrada).
hub-name = Nom du hub
hub-name-placeholder = ex. Salle A
hub-name-hint = Le nom que listent les kiosques, par ex. la salle où il se trouve. Vide : « Entrada hub » et un numéro.
hub-make-restart = Entrada redémarre son serveur pour cela : les écrans se rechargent, personne n’est déconnecté.
hub-make-starting = Démarrage du hub…

## La carte d’appairage
hub-card-title = Carte d’appairage
hub-card-making = Création d’une carte d’appairage…
hub-card-failed = Pas de carte d’appairage
hub-card-qr-alt = QR code de la carte d’appairage de { $name }
hub-card-how = Sur le kiosque qui rejoint : Réglages → Hub du site → Rejoindre le hub, puis présentez cette carte à sa caméra, ou tapez le code.
hub-card-code = Code à usage unique
hub-card-left = Valable encore { $left }, pour un kiosque.
hub-card-expired = Ce code a expiré. Créez-en un nouveau.
hub-card-new = Nouveau code
hub-card-done = Terminé

## Rejoindre le hub
hub-join-lead = Ce kiosque se synchronisera avec le hub et l’interrogera à chaque scan. Cela remplace les réglages de synchronisation de ce kiosque.
hub-found-title = Hubs sur ce réseau
hub-found-label = Hubs trouvés
hub-search-again = Chercher encore
hub-searching = Recherche de hubs…
hub-search-failed = Impossible de chercher les hubs
hub-found-none = Aucun hub n’a répondu. Est-il allumé, et sur ce réseau ? Vous pouvez aussi taper son adresse depuis la carte, ci-dessous.
hub-code-title = La carte d’appairage
hub-code-label = Code à usage unique de la carte d’appairage
hub-code-hint = 8 caractères. Un scanner qui lit la carte remplit tout.
hub-code-missing = Tapez le code de la carte d’appairage du hub.
hub-door-label = Entrée de ce kiosque (facultatif)
hub-door-placeholder = ex. Porte B
hub-by-address = Absent de la liste ? Tapez l’adresse de la carte
hub-fingerprint-placeholder = 16 groupes de 4
hub-address-incomplete = Donnez l’adresse et l’empreinte de la carte, ou aucune des deux.
hub-join-submit = Rejoindre
hub-joining = Connexion…
hub-joining-hub = Connexion au hub…
hub-wait = Patientez un instant
hub-not-joined = Non relié
hub-camera-start = Scanner la carte avec la caméra
hub-camera-stop = Arrêter la caméra
hub-camera-off = La caméra est éteinte.
hub-camera-starting = Démarrage de la caméra…
hub-camera-live = Placez la carte d’appairage dans le cadre.
hub-camera-paused = Caméra en pause.
hub-camera-none = Pas de caméra ici : tapez le code.
hub-camera-error = Caméra indisponible : tapez le code.
hub-camera-not-a-card = Ce n’est pas une carte d’appairage de hub. Présentez à la caméra la carte affichée sur l’écran du hub.

## Relié
hub-joined = Relié
hub-joined-toast = Relié au hub du site « { $name } ».
hub-joined-with = Ce kiosque se synchronise avec « { $name } »
hub-events-coming = Transfert des événements du hub…
hub-events-here = Les événements du hub sont arrivés.
hub-events-not-yet = Les événements ne sont pas encore arrivés : { $reason }
hub-events-not-yet-see-sync = Les événements ne sont pas encore arrivés : l’écran Synchronisation indique pourquoi.
hub-choose-event = Choisir l’événement
