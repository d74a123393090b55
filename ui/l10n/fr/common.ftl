# Mots communs à tous les écrans. À la porte : « entrée » pour check-in, « sortie »
# pour check-out, « participant » pour attendee. Vouvoiement, impératifs courts.

common-loading = Chargement…
common-error-unknown = Un problème est survenu.
common-error-title = Cela n’a pas fonctionné
common-try-again = Réessayer
common-fix-entries = Corrigez les champs en surbrillance.
common-entries-kept = vos saisies sont conservées
common-not-saved-yet = Pas encore enregistré — { $kept }
common-ok = OK
common-cancel = Annuler

common-ago-never = jamais
common-ago-now = à l’instant
common-ago-seconds = il y a { $count } secondes
common-ago-minutes = { $count ->
    [one] il y a 1 minute
   *[other] il y a { $count } minutes
}
common-ago-hours = { $count ->
    [one] il y a 1 heure
   *[other] il y a { $count } heures
}

common-status-not-checked-in = Pas entré
common-status-checked-in = Entré
common-status-checked-out = Sorti

common-rsvp-confirmed = Confirmé
common-rsvp-unconfirmed = Non confirmé
common-rsvp-declined = Décliné
common-rsvp-waitlisted = Liste d’attente
common-rsvp-pending-approval = En attente de validation

common-action-check-in = Entrée
common-action-check-out = Sortie
common-action-undo = Annuler l’action
