# Équipe (ui/js/screens/staff.js) : comptes de l’équipe, rôles, mots de passe, appareils d’entrée.

staff-title = Équipe
staff-intro = Les personnes qui se connectent ici, et les appareils d’entrée.
staff-intro-account = Les personnes qui se connectent à { $account }, et les appareils d’entrée.
staff-role-door = Personnel d’accueil
staff-role-organiser = Organisateur

## People
staff-people-title = Personnes
staff-loading = Chargement de l’équipe…
staff-load-failed = Impossible de charger l’équipe
staff-empty = Personne pour l’instant.
staff-col-person = Personne
staff-role = Rôle
staff-col-last-sign-in = Dernière connexion
staff-col-actions = Actions
staff-never-signed-in = Jamais connecté
staff-you = (vous)
staff-disabled = Désactivé
staff-role-of = Rôle de { $name }
staff-enable = Activer
staff-enable-name = Activer { $name }
staff-disable = Désactiver
staff-disable-name = Désactiver { $name }
staff-reset = Nouveau mot de passe
staff-reset-name = Nouveau mot de passe pour { $name }
staff-refused = { $what } : { $error }
staff-make-organiser-title = Faire de { $name } un organisateur ?
staff-make-organiser-body = Les organisateurs peuvent tout faire : événements, participants, imports, synchronisation et équipe.
staff-make-door-title = Passer { $name } au personnel d’accueil ?
staff-make-door-body = Le personnel d’accueil fait entrer les personnes et scanne les billets, rien de plus.
staff-make-door-body-self = C’est vous : les écrans d’organisateur se ferment pour vous.
staff-make-confirm = Changer le rôle
staff-now-organiser = { $name } est maintenant organisateur.
staff-now-door = { $name } fait maintenant partie du personnel d’accueil.
staff-role-not-changed = Le rôle n’a pas été changé
staff-disable-title = Désactiver { $name } ?
staff-disable-body-self = C’est vous : vous serez déconnecté immédiatement.
staff-disable-body = { $name } est déconnecté partout immédiatement et ne pourra plus se connecter avant d’être réactivé. Ses entrées enregistrées restent.
staff-disabled-toast = { $name } est désactivé et déconnecté.
staff-enabled-toast = { $name } peut de nouveau se connecter.
staff-not-disabled = Non désactivé
staff-not-enabled = Non activé
staff-reset-title = Réinitialiser le mot de passe de { $name } ?
staff-reset-body = Un nouveau mot de passe temporaire est créé et affiché une seule fois. Ses connexions en cours prennent fin ; l’ancien mot de passe ne marche plus.
staff-not-reset = Non réinitialisé

## Add a person
staff-add-person = Ajouter une personne
staff-add-intro = Elle reçoit un mot de passe temporaire pour se connecter.
staff-name = Nom
staff-email = E-mail
staff-email-hint = Sert à se connecter.
staff-role-door-hint = — faire entrer les personnes et scanner les billets
staff-role-organiser-hint = — tout, y compris les événements et l’équipe
staff-add = Ajouter
staff-adding = Ajout…
staff-not-added-yet = Pas encore ajouté — vos saisies sont conservées
staff-passphrase-added-title = { $name } peut se connecter
staff-passphrase-reset-title = Nouveau mot de passe pour { $name }
staff-passphrase-signs-in-with = { $role } · se connecte avec
staff-passphrase-label = Mot de passe temporaire
staff-passphrase-once = Affiché une seule fois.
staff-passphrase-warning = Remettez-le en main propre ; Entrada n’en garde qu’une empreinte. S’il est perdu, réinitialisez le mot de passe.
staff-passphrase-done = C’est fait : je l’ai transmis

## Door devices
staff-devices-title = Appareils d’entrée
staff-devices-intro = Un kiosque confié à l’entrée fait entrer les personnes avec les seuls droits d’accueil, et personne n’y tape de mot de passe. Seul un organisateur peut quitter le mode entrée.
staff-devices-in-use = En service
staff-devices-load-failed = Impossible de charger les appareils d’entrée
staff-devices-empty = Aucun appareil d’entrée.
staff-device-since = Depuis le { $when }
staff-device-revoke = Révoquer
staff-device-revoke-name = Révoquer { $name }
staff-device-revoke-body = Cet appareil cesse aussitôt de faire entrer les personnes et affiche la connexion. Action irréversible ; confiez de nouveau un kiosque à l’entrée pour créer un nouvel appareil d’entrée.
staff-device-gone = Cet appareil d’entrée était déjà révoqué.

