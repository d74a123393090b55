# Pour commencer : le choix au premier démarrage et la connexion à un serveur d’événements.

start-title = Pour commencer
start-lead = Comment voulez-vous commencer ? Chaque option mène à l’écran d’entrée, prêt à scanner.
start-lead-welcome = Bienvenue, { $name }. Comment voulez-vous commencer ? Chaque option mène à l’écran d’entrée, prêt à scanner.
start-connect-title = Se connecter à notre serveur d’événements
start-connect-words = Récupérez votre événement et sa liste d’invités depuis votre système d’inscription.
start-create-title = Créer un événement ici
start-create-words = Nom, dates et sessions. Puis importez une liste d’invités ou ajoutez des personnes à la main.
start-hub-title = Rejoindre le hub du site
start-hub-words = Un autre Entrada sur ce site sert de hub : synchronisez-vous avec lui, d’entrée en entrée.
start-demo-title = Essayer avec un événement de démo
start-demo-words = 300 invités fictifs avec des billets à scanner. Supprimez-le en une étape ensuite.
start-demo-making = Création de l’événement de démo…
start-demo-failed = L’événement de démo n’a pas été créé
start-skip-to-door = Passer : aller à l’entrée
start-skip = Passer pour l’instant

start-back = ‹ Autres façons de commencer
start-connect-heading = Se connecter à votre serveur d’événements
start-connect-lead = Récupérez votre événement et ses invités depuis votre serveur d’inscription. Les entrées y sont renvoyées.
start-base-url-label = Adresse du serveur (API)
start-base-url-hint = Elle se termine souvent par /api/v2.
start-auth-url-label = Adresse de connexion
start-auth-url-hint = Là où le serveur délivre les jetons. Souvent la même adresse sans /api/v2.
start-client-id-label = Identifiant client
start-client-id-hint = Fourni par l’administrateur du serveur.
start-client-secret-label = Secret client
start-client-secret-stored-placeholder = Enregistré : laissez vide pour le garder
start-client-secret-stored-hint = Un secret est déjà enregistré.
start-client-secret-hint = Fourni avec l’identifiant client.
start-address-invalid = Saisissez une adresse complète, commençant par https:// ou http://.
start-address-missing = Saisissez l’adresse.
start-client-id-missing = Saisissez l’identifiant client.
start-client-secret-missing = Saisissez le secret client.
start-test = Tester la connexion
start-testing = Test de la connexion…
start-test-failed = Le test n’a pas pu être lancé
start-connected = Connecté.
start-not-connected = Non connecté.
start-unreachable = Le serveur est injoignable.
start-no-events = Le serveur n’a aucun événement visible avec ces identifiants. Créez d’abord l’événement sur le serveur, ou demandez les identifiants de son compte.
start-events-legend = Pour quels événements ce kiosque gère-t-il les entrées ?
start-events-none-ticked = Cochez au moins un événement.
start-connect-download = Se connecter et télécharger

start-progress-label = Progression du téléchargement
start-progress-connecting = Connexion…
start-progress-sending = Envoi des modifications…
start-progress-sending-count = Envoi des modifications : { $done } sur { $total }
start-progress-attendees = { $done } sur { $total } participants
start-progress-downloading = Téléchargement : { $done } sur { $total } participants
start-not-connected-title = Non connecté
start-not-downloaded = Non téléchargé
start-download-unfinished = Le téléchargement ne s’est pas terminé.
start-download-stopped = Le téléchargement s’est arrêté.
start-downloaded = Téléchargé.
start-downloaded-count = { $count ->
    [one] Téléchargé : { $count } participant.
   *[other] Téléchargé : { $count } participants.
}
start-downloaded-choose = Téléchargé. Choisissez l’événement dans la { $link }.
start-event-list-link = liste des événements
start-which-event = Quel événement a lieu à cette entrée ?
start-event-attendees = { $count ->
    [one] { $count } participant
   *[other] { $count } participants
}
