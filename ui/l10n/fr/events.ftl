# Choisir l’événement (ui/js/screens/events.js).

events-title = Choisir l’événement
events-lead = Ce kiosque enregistrera les entrées de l’événement choisi. Il garde ce choix en mémoire.
events-loading = Chargement des événements…
events-open-failed = Impossible d’ouvrir cet événement.
events-account = Compte
events-account-option = { $account } ({ $role })
events-role-organiser = organisateur
events-role-door = accueil
events-empty = Ce compte n’a pas encore d’événement. Un organisateur les crée via l’API ou la synchronisation.
events-attendee-count = { $count ->
    [one] { $count } participant
   *[other] { $count } participants
}
events-edit = Modifier
events-edit-label = Modifier « { $name } »
events-new = + Nouvel événement
events-get-started = Commencer : connecter, créer ou essayer une démo
