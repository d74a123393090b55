# Registrering i døra: skjemaet, og etterpå «Registrert» med forhåndsvisning av navneskiltet.

walkin-title = Registrering i døra
walkin-loading = Laster skjemaet…
walkin-required-note = Felt merket med * må fylles ut.
walkin-person = Person
walkin-questions = Spørsmål
walkin-check-in-now = Sjekk inn nå
walkin-print-badge-now = Skriv ut navneskilt
walkin-register = Registrer
walkin-saving = Lagrer…
walkin-not-accepted = Serveren godtok ikke dette:

# Etter lagring
walkin-registered = Registrert
walkin-not-checked-in-yet = Ikke sjekket inn ennå
walkin-check-in-failed = Registrert, men innsjekken mislyktes
walkin-preparing-badge = Lager navneskiltet…
walkin-preview-unavailable = Forhåndsvisning av navneskiltet er ikke tilgjengelig: { $reason }
walkin-print-badge = Skriv ut navneskilt
walkin-print-failed = Kunne ikke skrive ut.
walkin-open = Åpne
walkin-register-another = Registrer en til
