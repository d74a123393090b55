# Synchronisation (ui/js/screens/sync.js) : serveur distant, état, entrées mises de côté, conflits.

sync-title = Synchronisation
sync-run = Synchroniser maintenant
sync-running = En cours…
sync-run-waiting = Un cycle est déjà en cours ; attente de sa fin…
sync-run-done = Terminé : { $confirmed } envoyés et confirmés, { $pulled } reçus, { $parked } mis de côté, { $pending } encore en attente.
sync-run-unreachable = Serveur distant injoignable. Les modifications attendent ici et partiront au prochain cycle.
sync-run-unreachable-because = Serveur distant injoignable : { $error }. Les modifications attendent ici et partiront au prochain cycle.

## State
sync-state-title = État
sync-state-sync = Synchronisation
sync-state-configured = Configurée
sync-state-not-configured = Non configurée
sync-state-remote = Serveur distant
sync-state-online = En ligne
sync-state-offline = Hors ligne
sync-state-last-success = Dernier succès
sync-state-last-attempt = Dernière tentative
sync-state-pending = À envoyer
sync-last-problem = Dernier problème : { $error }

## Parked entries
sync-parked-title = Entrées mises de côté
sync-parked-intro = Modifications refusées par le serveur distant. Corrigez-les et renvoyez-les, ou abandonnez-les.
sync-parked-none = Rien n’est mis de côté : le serveur distant a accepté toutes les modifications reçues.
sync-kind-attendee-create = Nouveau participant
sync-kind-attendee-update = Participant modifié
sync-kind-check-in = Entrée
sync-kind-check-out = Sortie
sync-kind-undo = Annulation
sync-kind-field-create = Nouveau champ de formulaire
sync-kind-field-update = Champ de formulaire modifié
sync-kind-field-delete = Champ de formulaire supprimé
sync-parked-head = { $kind } · enregistrement { $record }
sync-parked-when = mis de côté { $ago }
sync-parked-remote-said = Réponse du serveur distant :
sync-parked-no-message = (aucun message)
sync-parked-http = (HTTP { $status })
sync-parked-retry = Renvoyer
sync-parked-edit = Modifier
sync-parked-drop = Abandonner
sync-parked-retried = Renvoi prévu au prochain cycle.
sync-parked-body-label = À envoyer à la place
sync-parked-save = Enregistrer et renvoyer
sync-parked-bad-json = JSON non valide : vérifiez les guillemets, les virgules et les crochets.
sync-parked-not-object = Le contenu doit être un objet ({"{"} ... {"}"}).
sync-parked-saved = Enregistré ; renvoi prévu au prochain cycle.
sync-drop-title = { $kind ->
    [attendee_create] Abandonner ce nouveau participant ?
    [attendee_update] Abandonner cette modification de participant ?
    [check_in] Abandonner cette entrée ?
    [check_out] Abandonner cette sortie ?
    [undo] Abandonner cette annulation ?
    [field_create] Abandonner ce nouveau champ de formulaire ?
    [field_update] Abandonner cette modification de champ ?
    [field_delete] Abandonner cette suppression de champ ?
   *[other] Abandonner cette modification ({ $kind }) ?
}
sync-drop-body = Le serveur distant ne verra jamais cette modification. Action irréversible.
sync-drop-confirm = Abandonner
sync-dropped = Abandonné.

## Conflicts
sync-conflicts-title = Conflits
sync-conflicts-none = Aucun conflit.
sync-conflict-duplicate-entry = Entré à deux kiosques (une seule entrée gardée)
sync-conflict-edit = Modifié ici et sur le serveur distant
sync-conflict-deleted-remotely = Supprimé sur le serveur distant mais modifié ici
sync-conflict-attendee = Participant { $id }

## Remote server
sync-config-title = Serveur distant
sync-config-base-url = URL de base de l’API distante
sync-config-base-url-hint = Se termine par /api/v2.
sync-config-auth-url = URL d’authentification
sync-config-auth-url-hint = L’hôte qui sert /oauth/token.
sync-config-client-id = Identifiant client
sync-config-client-secret = Secret client
sync-config-secret-stored = Enregistré — laissez vide pour le garder
sync-config-secret-hint = En écriture seule : il ne sera plus jamais affiché.
sync-config-events = Identifiants des événements distants
sync-config-events-hint = Identifiants des événements à reprendre, séparés par des virgules.
sync-config-save = Enregistrer les réglages
sync-config-saved = Réglages de synchronisation enregistrés.
sync-config-bad-url = Saisissez une adresse http(s) complète.
sync-config-required = Obligatoire.
sync-config-secret-required = Obligatoire la première fois.
sync-config-bad-events = Indiquez un ou plusieurs identifiants d’événement (nombres), séparés par des virgules.
