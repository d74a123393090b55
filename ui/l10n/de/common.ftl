# Gemeinsame Wörter aller Ansichten. Begriffe an der Tür: „einchecken“/„Check-in“,
# „auschecken“/„Check-out“, „Teilnehmer“ für attendee. Sie-Form; kurze Infinitive
# („Ticket scannen“).

common-loading = Wird geladen…
common-error-unknown = Etwas ist schiefgegangen.
common-error-title = Das hat nicht geklappt
common-try-again = Noch einmal
common-fix-entries = Bitte die markierten Angaben korrigieren.
common-entries-kept = Ihre Eingaben bleiben erhalten
common-not-saved-yet = Noch nicht gespeichert – { $kept }
common-ok = OK
common-cancel = Abbrechen

common-ago-never = nie
common-ago-now = gerade eben
common-ago-seconds = vor { $count } Sekunden
common-ago-minutes = { $count ->
    [one] vor 1 Minute
   *[other] vor { $count } Minuten
}
common-ago-hours = { $count ->
    [one] vor 1 Stunde
   *[other] vor { $count } Stunden
}

common-status-not-checked-in = Nicht eingecheckt
common-status-checked-in = Eingecheckt
common-status-checked-out = Ausgecheckt

common-rsvp-confirmed = Bestätigt
common-rsvp-unconfirmed = Unbestätigt
common-rsvp-declined = Abgesagt
common-rsvp-waitlisted = Warteliste
common-rsvp-pending-approval = Wartet auf Freigabe

common-action-check-in = Einchecken
common-action-check-out = Auschecken
common-action-undo = Rückgängig
