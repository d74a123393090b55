# Connexion : écran d’accueil, erreurs de connexion, raisons d’une fin de session, sortie du mode kiosque.

signin-button = Se connecter
signin-opening = Ouverture de la connexion…
signin-could-not-start = Impossible de lancer la connexion. Rechargez la page et réessayez.
signin-lead = Gestion des entrées. Connectez-vous avec votre e-mail et votre mot de passe.
signin-lasts-desktop = Vous restez connecté jusqu’à votre déconnexion ou la fermeture d’Entrada ; déconnectez-vous en quittant le kiosque.
signin-lasts-tab = Votre connexion ne vaut que pour cet onglet ; fermez-le ou déconnectez-vous en quittant le kiosque.
signin-scanned = Un billet a été scanné, mais personne n’est connecté sur ce kiosque. Connectez-vous, puis scannez-le à nouveau.

signin-error-too-many = Trop de tentatives de connexion. Attendez une minute, puis réessayez.
signin-error-ended = Votre session a pris fin. Veuillez vous reconnecter.
signin-error-cancelled = La connexion a été annulée.
signin-error-not-allowed = Ce compte n’a pas accès au kiosque.
signin-error-failed-code = Échec de la connexion ({ $code }).
signin-error-failed = Échec de la connexion.
signin-error-unreachable = Impossible de joindre le serveur du kiosque. Vérifiez qu’Entrada est lancé, puis réessayez.
signin-error-link-invalid = Ce lien de connexion n’est plus valable. Veuillez vous reconnecter.
signin-error-please-sign-in = Veuillez vous connecter.

signin-ended-disabled = Votre session a pris fin : votre utilisateur a été désactivé. Demandez à un organisateur si vous devriez encore avoir accès.
signin-ended-reused = Votre session a été fermée par sécurité : elle était utilisée à deux endroits à la fois. Reconnectez-vous pour continuer.
signin-ended-revoked = Votre session a été fermée sur le serveur : votre utilisateur a été désactivé ou sa phrase de passe a changé. Reconnectez-vous ou demandez à un organisateur.
signin-ended-expired = Votre session a expiré. Reconnectez-vous pour continuer.
signin-ended = Votre session a pris fin. Reconnectez-vous pour continuer.
signin-ended-device-revoked = Ce kiosque était un appareil d’entrée, mais son accès a été révoqué (dans l’écran Personnel ou depuis un autre appareil). Connectez-vous pour continuer.

signin-leave-kiosk-title = Quitter le mode kiosque ?
signin-leave-kiosk-as-organiser = Connecté en tant que { $name }, organisateur.
signin-leave-kiosk-explain = La fermeture conserve toutes les entrées ; relancez Entrada pour continuer. S’il reste ouvert, Entrada devient une fenêtre normale et démarre ainsi jusqu’à ce qu’un organisateur réactive le mode kiosque (Réglages).
signin-leave-kiosk-close = Quitter le mode kiosque et fermer
signin-leave-kiosk-window = Quitter le mode kiosque, garder Entrada ouvert
signin-leave-kiosk-closing = Fermeture d’Entrada…
signin-leave-kiosk-leaving = Sortie du mode kiosque…
signin-leave-kiosk-door-title = Un organisateur doit se connecter
signin-leave-kiosk-door-lead = Seul un organisateur peut quitter le mode kiosque et fermer Entrada.
signin-leave-kiosk-as-door-staff = Vous êtes connecté en tant que { $name }, personnel d’accueil. Pour fermer Entrada, déconnectez-vous ici et laissez un organisateur se connecter ; ou retournez à l’entrée et continuez.
signin-leave-kiosk-hand-over = Se déconnecter pour un organisateur
signin-leave-kiosk-signing-out = Déconnexion…
