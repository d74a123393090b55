# Créer et modifier un événement (organisateurs) : détails, types d’inscription, sessions.

event-title = Événement
event-back = ← Événements
event-new-title = Nouvel événement
event-new-lead-first = D’abord l’événement lui-même. Ensuite ses types d’inscription et ses sessions, puis les participants.
event-new-lead = Les types d’inscription et les sessions viennent ensuite, une fois l’événement créé.
event-details = Détails
event-attendee-count = { $count ->
    [one] { $count } participant
   *[other] { $count } participants
}
event-created-notice = « { $name } » est créé. Ajoutez ses types d’inscription et ses sessions (facultatifs), puis les participants.

## Détails de l’événement
event-required = (obligatoire)
event-name = Nom
event-place = Lieu
event-place-hint = Facultatif : la salle ou l’adresse.
event-timezone = Fuseau horaire
event-timezone-placeholder = ex. Europe/Paris
event-starts = Début
event-ends = Fin
event-zone-hint-empty = Tapez une ville ou une région. Vide : les heures suivent le fuseau de cet ordinateur ({ $zone }).
event-zone-hint-known = { $zone }. Le début et la fin ci-dessous sont à l’heure locale de ce fuseau.
event-zone-hint-unknown = Tapez une ville ou une région, puis choisissez un fuseau dans la liste.
event-door-legend = À l’entrée
event-door-questions = Poser à l’entrée les questions obligatoires restées sans réponse
event-door-questions-hint = Si activé, le scan d’une personne qui n’a pas répondu à une question obligatoire du formulaire d’inscription affiche ces questions à l’entrée ; l’entrée attend les réponses.
event-personal-data = Données personnelles
event-retention = Effacer les données personnelles ce nombre de jours après la fin de l’événement
event-retention-hint = Noms, coordonnées et réponses sont effacés définitivement ; les comptes d’entrées restent. Vide : jamais.
event-retention-invalid = Un nombre entier de jours, de 1 à { $max } (vide : jamais).
event-purged = Données personnelles effacées pour la dernière fois le { $when }.
event-erase-needs-end = Indiquez la fin de l’événement : les jours se comptent à partir de la fin.
event-erase-on = Les données personnelles seront effacées le { $when }.
event-erase-soon = Les données personnelles seront effacées dans l’heure (la date, { $when }, est passée).
event-save = Enregistrer
event-create = Créer l’événement
event-saving = Enregistrement…
event-zone-invalid = Fuseau horaire inconnu : choisissez-en un dans la liste (ex. Europe/Paris).
event-incomplete-time = Date et heure incomplètes.
event-ends-before-starts = La fin précède le début.
event-nothing-to-save = Rien à enregistrer : aucune modification.
event-not-accepted = Le serveur n’a pas accepté ceci :
event-created-toast = « { $name } » créé.
event-saved-toast = Enregistré.
event-saved-at = Enregistré à { $time }.

## Types d’inscription et sessions
event-record-edit-label = Renommer ou modifier « { $name } »
event-record-rename = Renommer
event-record-close = Fermer
event-record-remove-label = Retirer « { $name } »
event-record-remove = Retirer
event-record-remove-title = Retirer « { $name } » ?
event-record-saved = « { $name } » enregistré.
event-record-added = « { $name } » ajouté.
event-record-removed = « { $name } » retiré.
event-record-already-removed = C’était déjà retiré.
event-record-not-removed = Non retiré : { $reason }
event-capacity = Capacité
event-capacity-hint = Vide : sans limite.
event-capacity-invalid = Un nombre entier, 0 ou plus (vide : sans limite).
event-capacity-meta = capacité { $capacity }
event-no-limit = sans limite

event-types-title = Types d’inscription
event-types-lead = Les sortes de billets, par ex. Standard, VIP, Intervenant. L’entrée affiche le type du participant.
event-types-add-title = Ajouter un type d’inscription
event-types-add = Ajouter le type
event-types-empty = Aucun type d’inscription pour l’instant.
event-types-remove-unknown = Les participants de ce type restent inscrits, sans type.
event-types-remove-none = Aucun participant n’a ce type.
event-types-remove-count = { $count ->
    [one] { $count } participant a ce type. Il reste inscrit, sans type.
   *[other] { $count } participants ont ce type. Ils restent inscrits, sans type.
}

event-sessions-title = Sessions
event-sessions-lead = Les parties de l’événement avec leur propre entrée : une conférence, un atelier, un dîner. L’entrée peut y faire entrer les gens.
event-sessions-add-title = Ajouter une session
event-sessions-add = Ajouter la session
event-sessions-empty = Aucune session : l’entrée se fait dans l’événement lui-même.
event-session-checked-in = { $count ->
    [one] { $count } entré
   *[other] { $count } entrés
}
event-sessions-remove-unknown = Son historique d’entrées est supprimé avec elle.
event-sessions-remove-none = Personne n’est encore entré dans cette session.
event-sessions-remove-count = { $count ->
    [one] { $count } personne a des entrées dans cette session : cet historique est supprimé avec elle.
   *[other] { $count } personnes ont des entrées dans cette session : cet historique est supprimé avec elle.
}

## Après la création : la suite
event-next-title = Ensuite : les participants
event-next-lead = Importez la liste des participants depuis un tableur (avec un aperçu d’abord), ou ajoutez les gens à la main à leur arrivée. Vous pouvez revenir ici depuis la liste des événements.
event-next-import = Importer les participants
event-next-walk-in = Ajouter à la main
event-next-door = Aller à l’entrée
event-open-failed = Impossible d’ouvrir cet événement : { $reason }
