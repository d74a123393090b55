# Vor-Ort-Anmeldung: das Formular und danach „Registriert“ mit der Vorschau des Namensschilds.

walkin-title = Vor-Ort-Anmeldung
walkin-loading = Formular wird geladen…
walkin-required-note = Mit * markierte Felder sind Pflicht.
walkin-person = Person
walkin-questions = Fragen
walkin-check-in-now = Gleich einchecken
walkin-print-badge-now = Namensschild drucken
walkin-register = Registrieren
walkin-saving = Wird gespeichert…
walkin-not-accepted = Der Server hat das nicht angenommen:

# Nach dem Speichern
walkin-registered = Registriert
walkin-not-checked-in-yet = Noch nicht eingecheckt
walkin-check-in-failed = Registriert, aber der Check-in hat nicht geklappt
walkin-preparing-badge = Namensschild wird vorbereitet…
walkin-preview-unavailable = Keine Vorschau des Namensschilds: { $reason }
walkin-print-badge = Namensschild drucken
walkin-print-failed = Drucken fehlgeschlagen.
walkin-open = Öffnen
walkin-register-another = Nächste Person
