# Participants : liste, recherche et filtres, fiche avec historique, modification.

attendees-title = Participants
attendees-register-walk-in = + Inscription sur place
attendees-search-label = Rechercher
attendees-search-placeholder = Nom, e-mail ou société
attendees-filter-status = Statut
attendees-filter-everyone = Tout le monde
attendees-filter-rsvp = RSVP
attendees-filter-any-rsvp = Tous les RSVP
attendees-filter-type = Type
attendees-filter-all-types = Tous les types
attendees-no-match = Personne ne correspond à « { $query } ».
attendees-no-match-filters = Personne ne correspond à ces filtres.
attendees-col-name = Nom
attendees-col-company = Société
attendees-col-type = Type
attendees-col-status = Statut
attendees-col-action = Action
attendees-result-count = { $count ->
    [one] { $count } personne
   *[other] { $count } personnes
} · page { $page } sur { $pages }
attendees-page-prev = ‹ Précédent
attendees-page-next = Suivant ›
attendees-toast-checked-in = { $name } : entrée enregistrée
attendees-toast-checked-out = { $name } : sortie enregistrée
attendees-toast-undone = { $name } : entrée annulée

# Note pour l’entrée et « attention requise »
attendees-attention-tag = Attention
attendees-needs-attention = Attention requise à l’entrée
attendees-attention-title-note = Attention requise à l’entrée : { $note }
attendees-attention-notice = Au scan, l’entrée attend la validation du personnel d’accueil.
attendees-door-note = Note pour l’entrée
attendees-door-note-count = { $count } sur { $max } caractères
attendees-door-note-hint = Affichée au personnel d’accueil au scan de ce billet, p. ex. « Sortir la rampe pour fauteuil » ou « Encaisser la facture impayée ».
attendees-needs-attention-hint = Au scan de ce billet, un bandeau violet bloque l’entrée jusqu’à ce que le personnel d’accueil appuie sur Faire entrer.

# Fiche
attendees-back-to-list = ‹ Tous les participants
attendees-detail-title = Participant
attendees-place-label = Où
attendees-place-door = À l’entrée
attendees-qr-alt = QR code du billet { $code }
attendees-qr-unavailable = QR code indisponible
attendees-no-answer = Pas de réponse
attendees-undo-check-in = Annuler l’entrée
attendees-rsvp-notice = RSVP : { $rsvp }
attendees-rsvp-refused = RSVP : { $rsvp } — entrée refusée tant que cela ne change pas.
attendees-edit = Modifier
attendees-details = Détails
attendees-email = E-mail
attendees-phone = Téléphone
attendees-registration-type = Type d’inscription
attendees-rsvp = RSVP
attendees-registered = Inscription
attendees-answers = Réponses
attendees-history = Historique des entrées
attendees-history-empty = Rien pour l’instant.
attendees-history-when = Quand
attendees-history-what = Quoi
attendees-history-where = Où
attendees-history-result = Résultat
attendees-history-device = Appareil
attendees-outcome-ok = Fait
attendees-outcome-already-checked-in = déjà entré
attendees-outcome-not-checked-in = pas entré
attendees-outcome-not-found = introuvable
attendees-outcome-wrong-event = autre événement
attendees-outcome-not-allowed = non autorisé
attendees-outcome-needs-attention = attention requise
attendees-outcome-needs-answers = réponses manquantes
attendees-ticket = Billet
attendees-print-badge = Imprimer le badge
attendees-print-failed = Impossible d’imprimer le badge.

# Effacer les données personnelles (organisateurs)
attendees-personal-data = Données personnelles
attendees-personal-data-hint = Pour une demande d’effacement : supprime cette personne, garde ses entrées de façon anonyme.
attendees-erase = Effacer les données
attendees-erase-title = Effacer les données personnelles de { $name } ?
attendees-erase-body = Nom, e-mail, téléphone, société, réponses et code du billet sont effacés définitivement (aussi sur le serveur distant, si cet événement est synchronisé). Ses entrées restent dans l’historique sans nom : les totaux ne changent pas. Impossible de revenir en arrière.
attendees-erase-failed = Non effacé : { $reason }
attendees-erased = Données personnelles effacées.

# Modifier (organisateurs)
attendees-edit-title = Modifier le participant
attendees-edit-name = Modifier { $name }
attendees-back = ‹ Retour
attendees-door-fieldset = À l’entrée
attendees-save = Enregistrer
attendees-saving = Enregistrement…
attendees-saved = Enregistré
attendees-changes-kept = vos modifications sont conservées
