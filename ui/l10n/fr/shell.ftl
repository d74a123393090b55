# Cadre de tous les écrans (barre du haut, menu, synchro, erreurs) ; « appareil d’entrée » pour door device, vouvoiement.

## Static markup (index.html)
shell-skip-link = Aller au contenu
shell-nav-label = Écrans

## Navigation
shell-nav-door = Porte
shell-nav-attendees = Inscrits
shell-nav-walk-in = Sur place
shell-nav-form = Formulaire
shell-nav-sync = Sync
shell-nav-data = Données
shell-nav-staff = Équipe

## Top bar
shell-choose-event = Choisir un événement
shell-change-event = Changer d’événement
shell-event-title = { $name } — changer d’événement
shell-user-menu-label = { $initials } : { $name } ({ $role }), menu
shell-user-menu = Menu
shell-role-door-device = appareil d’entrée
shell-role-organiser = organisateur
shell-role-door = personnel d’accueil

## Demo event
shell-demo-tag = Démo
shell-demo-tag-title = Ceci est un événement de démo avec des invités fictifs.
shell-demo-tag-remove-title = Ceci est un événement de démo. Touchez pour supprimer les données de démo.
shell-demo-tag-remove-label = Événement de démo : supprimer les données de démo
shell-demo-remove-title = Supprimer les données de démo ?
shell-demo-remove-body = L’événement de démo est supprimé avec tous ses participants et ses entrées. Vos propres événements restent.
shell-demo-remove = Supprimer la démo
shell-demo-not-removed = Les données de démo n’ont pas été supprimées : { $error }
shell-demo-removed = Données de démo supprimées.
shell-demo-card-title = Données de démo
shell-demo-card-text = { $count ->
    [one] { $names } est un événement de démo avec des invités fictifs.
   *[other] { $names } sont des événements de démo avec des invités fictifs.
}
shell-demo-quoted = « { $name } »

## Menu
shell-device-name-label = Nom de cet appareil
shell-sounds = Son à chaque scan
shell-settings = Réglages
shell-get-started = Premiers pas
shell-hand-to-door = Confier à l’accueil
shell-hand-failed = Ce kiosque reste à vous : { $error }
shell-leave-kiosk = Quitter le mode kiosque
shell-leave-door = Quitter le mode accueil
shell-sign-out = Se déconnecter
# An invitation to another account (an organiser there added this person), in the menu:
# $account is that account's name, $role the role it offers (shell-role-organiser or shell-role-door).
shell-invitation = Invitation à { $account } en tant que { $role }
shell-invitation-accept = Accepter
shell-invitation-decline = Refuser
shell-invitation-failed = L’invitation n’a pas reçu de réponse : { $error }

## Counters
shell-counters-label = entrés
shell-counters-title = { $checkedIn } entrés, { $checkedOut } sortis, { $notYet } pas encore ; { $recent } dans les 5 dernières minutes

## Online and sync badge
shell-online = En ligne
shell-online-title = Le serveur du kiosque répond.
shell-offline = Hors ligne
shell-offline-title = Le serveur du kiosque ne répond pas. Les scans échoueront jusqu’à son retour.
shell-disk-full = Disque plein
shell-disk-full-title = Le disque de cet ordinateur est plein : les entrées et les modifications ne sont pas enregistrées. Libérez de l’espace ; Entrada reprend tout seul.
shell-sync-parked = Synchro : { $count } à vérifier
shell-sync-downloading = Téléchargement…
shell-sync-offline = Synchro hors ligne
shell-sync-offline-waiting = Synchro hors ligne · { $count } en attente
shell-sync-syncing = Synchro · { $count }
shell-synced = Synchronisé
shell-sync-title = Dernière synchro : { $when }
shell-sync-title-problem = Dernière synchro : { $when }. Dernier problème : { $problem }

## Boot and refusals (app.js)
shell-starting = Démarrage…
shell-signing-in = Connexion…
shell-no-account-title = Aucun compte
shell-no-account-text = Votre utilisateur n’est membre d’aucun compte. Demandez à un organisateur de vous ajouter.
shell-could-not-start = Impossible de démarrer
shell-leave-kiosk-note = Pour quitter le mode kiosque et fermer Entrada, un organisateur se connecte.
shell-refusal-title = Réservé aux organisateurs
shell-refusal-form = L’éditeur de formulaire est réservé aux organisateurs.
shell-refusal-walk-in = L’inscription sur place est réservée aux organisateurs.
shell-refusal-sync = Les réglages de synchronisation sont réservés aux organisateurs.
shell-refusal-data = L’import et l’export de participants sont réservés aux organisateurs.
shell-refusal-attendees = La modification des participants est réservée aux organisateurs.
shell-refusal-staff = La gestion de l’équipe est réservée aux organisateurs.
shell-refusal-event-edit = La gestion des événements est réservée aux organisateurs.
shell-refusal-hub = Le hub du lieu est réservé aux organisateurs.
shell-refusal-other = Cet écran est réservé aux organisateurs.
shell-refusal-door-device = Ce kiosque est un appareil d’entrée, qui fait entrer les participants ; un organisateur peut quitter le mode accueil depuis le menu.
shell-refusal-door-staff = Vous êtes connecté en tant que personnel d’accueil, qui fait entrer les participants.
shell-back-to-door = Retour à l’entrée

## Devices and places
shell-door-device = Appareil d’entrée
shell-device-default-name = Kiosque { $number }
shell-place-door = Entrée
shell-place-session = Session { $id }
shell-desktop-nothing-happened = Rien ne s’est passé. Réessayez ; si cela ne marche toujours pas, redémarrez l’ordinateur.
shell-camera-blocked = La caméra est bloquée pour Entrada. Pour l’utiliser, autorisez la caméra dans les réglages du système et réessayez.
shell-camera-failed = La caméra n’a pas pu démarrer (un autre programme l’utilise peut-être). Utilisez le scanner ou saisissez le code.
shell-badge-unreadable = Le badge n’a pas pu être lu.

## Errors the UI words itself (the server's own messages come translated)
shell-error-network = Impossible de joindre le serveur du kiosque. Vérifiez qu’Entrada fonctionne, puis réessayez.
shell-error-rejected = La demande n’a pas été acceptée.
shell-error-rejected-detail = La demande n’a pas été acceptée : { $detail }.
shell-error-signed-out = Votre connexion a expiré. Reconnectez-vous.
shell-error-forbidden = Votre rôle ne permet pas de faire cela. Demandez à un organisateur.
shell-error-not-found = Introuvable. Cela a peut-être été supprimé.
shell-error-not-found-detail = Introuvable : { $detail }.
shell-error-timeout = Le serveur a mis trop de temps à répondre. Réessayez.
shell-error-conflict = C’est déjà en cours (peut-être sur un autre appareil). Attendez un instant, puis réessayez.
shell-error-too-large = C’est trop volumineux pour être envoyé.
shell-error-check-entries = Vérifiez les champs en surbrillance.
shell-error-too-many = Trop de demandes en ce moment. Attendez quelques secondes, puis réessayez.
shell-error-disk-full = Le disque de cet ordinateur est plein : rien n’a été enregistré. Libérez de l’espace, puis réessayez.
shell-error-server = Le serveur du kiosque a rencontré un problème. Réessayez ; si cela se répète, redémarrez Entrada.
shell-error-unexpected = Réponse inattendue du serveur ({ $status }).
shell-error-cancelled = Annulé.
