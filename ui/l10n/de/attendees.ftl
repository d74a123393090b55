# Teilnehmer: Liste, Suche und Filter, Detailansicht mit Verlauf, Bearbeiten.

attendees-title = Teilnehmer
attendees-register-walk-in = + Vor-Ort-Anmeldung
attendees-search-label = Suchen
attendees-search-placeholder = Name, E-Mail oder Firma
attendees-filter-status = Status
attendees-filter-everyone = Alle
attendees-filter-rsvp = Rückmeldung
attendees-filter-any-rsvp = Alle Rückmeldungen
attendees-filter-type = Typ
attendees-filter-all-types = Alle Typen
attendees-no-match = Keine Treffer für „{ $query }“.
attendees-no-match-filters = Keine Treffer für diese Filter.
attendees-col-name = Name
attendees-col-company = Firma
attendees-col-type = Typ
attendees-col-status = Status
attendees-col-action = Aktion
attendees-result-count = { $count ->
    [one] { $count } Person
   *[other] { $count } Personen
} · Seite { $page } von { $pages }
attendees-page-prev = ‹ Zurück
attendees-page-next = Weiter ›
attendees-toast-checked-in = { $name }: eingecheckt
attendees-toast-checked-out = { $name }: ausgecheckt
attendees-toast-undone = { $name }: Check-in zurückgenommen

# Eingangshinweis und „Am Eingang beachten“
attendees-attention-tag = Achtung
attendees-needs-attention = Am Eingang beachten
attendees-attention-title-note = Am Eingang beachten: { $note }
attendees-attention-notice = Ein Check-in-Scan wartet, bis das Einlasspersonal die Person einlässt.
attendees-door-note = Eingangshinweis
attendees-door-note-count = { $count } von { $max } Zeichen
attendees-door-note-hint = Wird dem Einlasspersonal beim Scannen dieses Tickets gezeigt, z. B. „Rollstuhlrampe holen“ oder „Offene Rechnung kassieren“.
attendees-needs-attention-hint = Ein Check-in-Scan dieses Tickets hält mit einem violetten Banner an, bis das Einlasspersonal auf „Einlassen“ tippt.

# Detailansicht
attendees-back-to-list = ‹ Alle Teilnehmer
attendees-detail-title = Teilnehmer
attendees-place-label = Wo
attendees-place-door = Am Eingang
attendees-qr-alt = QR-Code des Tickets { $code }
attendees-qr-unavailable = QR-Code nicht verfügbar
attendees-no-answer = Keine Antwort
attendees-undo-check-in = Rückgängig
attendees-rsvp-notice = Rückmeldung: { $rsvp }
attendees-rsvp-refused = Rückmeldung: { $rsvp } – Check-in gesperrt, bis sich das ändert.
attendees-edit = Bearbeiten
attendees-details = Angaben
attendees-email = E-Mail
attendees-phone = Telefon
attendees-registration-type = Anmeldeart
attendees-rsvp = Rückmeldung
attendees-registered = Angemeldet
attendees-answers = Antworten
attendees-history = Check-in-Verlauf
attendees-history-empty = Noch nichts.
attendees-history-when = Wann
attendees-history-what = Was
attendees-history-where = Wo
attendees-history-result = Ergebnis
attendees-history-device = Gerät
attendees-outcome-ok = Erledigt
attendees-outcome-already-checked-in = bereits eingecheckt
attendees-outcome-not-checked-in = nicht eingecheckt
attendees-outcome-not-found = nicht gefunden
attendees-outcome-wrong-event = falsche Veranstaltung
attendees-outcome-not-allowed = nicht erlaubt
attendees-outcome-needs-attention = am Eingang beachten
attendees-outcome-needs-answers = Antworten fehlen
attendees-ticket = Ticket
attendees-print-badge = Namensschild drucken
attendees-print-failed = Namensschild konnte nicht gedruckt werden.

# Personendaten löschen (Veranstalter)
attendees-personal-data = Personendaten
attendees-personal-data-hint = Für einen Löschantrag: entfernt diese Person, ihre Check-ins bleiben anonym erhalten.
attendees-erase = Personendaten löschen
attendees-erase-title = Personendaten von { $name } löschen?
attendees-erase-body = Name, E-Mail, Telefon, Firma, Antworten und Ticketcode werden endgültig gelöscht (auch auf dem Remote-Server, wenn diese Veranstaltung synchronisiert wird). Die Check-ins bleiben ohne Namen im Verlauf, die Zahlen ändern sich also nicht. Das lässt sich nicht rückgängig machen.
attendees-erase-failed = Nicht gelöscht: { $reason }
attendees-erased = Personendaten gelöscht.

# Bearbeiten (Veranstalter)
attendees-edit-title = Teilnehmer bearbeiten
attendees-edit-name = { $name } bearbeiten
attendees-back = ‹ Zurück
attendees-door-fieldset = Am Eingang
attendees-save = Änderungen speichern
attendees-saving = Wird gespeichert…
attendees-saved = Gespeichert
attendees-changes-kept = Ihre Änderungen bleiben erhalten
