# La porte : scan, recherche par nom, questions et mode accueil. Court, lisible à bout de bras.

door-title = Porte
door-action-label = Action
door-place-label = Où
door-place-door = Entrée principale
door-place-session = Session : { $session }
door-mode-in-at-door = Entrées à la porte
door-mode-out-at-door = Sorties à la porte
door-mode-in-session = Entrées · { $session }
door-mode-out-session = Sorties · { $session }
door-device-chip-help = Nom de cet appareil dans l’historique des entrées (modifiable dans le menu)

door-ready = Prêt à scanner
door-ready-help-camera = Présentez le QR code du billet à la caméra, scannez-le, ou saisissez le code ou un nom.
door-ready-help = Scannez le QR code du billet, ou saisissez le code ou un nom.
door-checking = Vérification…
door-scan-failed = Impossible de vérifier ce code
door-decided-here = décidé ici
door-decided-here-help = Le hub du site n’a pas répondu à temps : ce kiosque a décidé seul. Les autres portes l’apprendront à la prochaine synchronisation.

door-admit = Faire entrer
door-admitting = Entrée en cours…
door-refuse = Refuser
door-note-label = Note pour l’accueil
door-note-title = Note · { $name }

door-undo-last = Annuler le dernier scan
door-undo-name = Annuler : { $name }
door-undone-check-in = Entrée annulée : pas entré
door-undone-check-out = Sortie annulée : de nouveau entré
door-undo-failed = Impossible d’annuler.

door-recent = Derniers scans
door-recent-none = Aucun scan sur cet appareil pour l’instant.

door-code-label = Code du billet
door-code-example = ex. 7KQ2-MXW9-PD3A-H8RT
door-code-submit = Valider

door-camera-starting = Démarrage de la caméra…
door-camera-live = Caméra active : placez le QR code dans le cadre
door-camera-paused = Caméra en pause
door-camera-none = Pas de caméra : utilisez le scanner ou saisissez le code.
door-camera-error = La caméra n’est pas disponible. Utilisez le scanner ou saisissez le code.
door-camera-pause = Suspendre la caméra
door-camera-retry = Réessayer la caméra
door-camera-start = Démarrer la caméra
door-camera-choose = Caméra
door-camera-numbered = Caméra { $number }

door-search-label = Nom
door-search-placeholder = Saisissez un nom
door-search-results = Personnes trouvées
door-search-none-for = Aucun résultat pour « { $query } »
door-search-none = Aucun résultat
door-search-found = { $count ->
    [one] { $count } personne trouvée
   *[other] { $count } personnes trouvées
}
door-search-failed = La recherche n’a pas fonctionné.

door-questions-title = Demandez à { $name }
door-questions-submit = Faire entrer
door-questions-submitting = Entrée en cours…
door-questions-skip = Passer
door-questions-fix = Corrigez les réponses en surbrillance.

door-device-hand-over = Confier ce kiosque à l’accueil
door-device-confirm-title = Confier ce kiosque à l’accueil ?
door-device-confirm-body = « { $device } » devient un appareil d’entrée : il fait entrer les participants et scanne les billets, sans écrans d’organisateur, et personne n’a à saisir de phrase secrète. Vous êtes déconnecté ici. Pour quitter le mode accueil, un organisateur doit se connecter.
door-device-confirm = Confier à l’accueil
door-device-failed = Ce kiosque reste le vôtre : { $error }

door-leave-title = Quitter le mode accueil ?
door-leave-lead = Ce kiosque est un appareil d’entrée : il fait entrer les participants avec les seuls droits d’accueil.
door-leave-how = Pour en refaire un kiosque normal, un organisateur se connecte. Son accès d’accueil est alors révoqué et le kiosque continue au nom de l’organisateur. Le personnel d’accueil qui se connecte ici ne quitte pas le mode accueil.
door-leave-sign-in = Connexion organisateur
door-leave-opening = Ouverture de la connexion…
door-leave-open-failed = Impossible d’ouvrir la connexion. Réessayez.
door-leave-back = Retour à la porte
door-leave-refused-title = Seul un organisateur peut quitter le mode accueil
door-leave-refused-words = Vous vous êtes connecté en tant que { $name }, personnel d’accueil. Ce kiosque reste un appareil d’entrée, et votre propre session est terminée ici.
door-leave-refused-how = Pour quitter le mode accueil, un organisateur se connecte.
door-leave-working-title = Sortie du mode accueil
door-leave-working = Révocation de l’accès d’accueil de ce kiosque…
door-leave-keep = Garder le mode accueil
door-leave-failed-title = Mode accueil pas encore quitté
door-leave-failed = L’accès d’accueil de ce kiosque n’a pas pu être révoqué
door-leave-done = Mode accueil terminé. Ce kiosque est connecté en tant que { $name }.
