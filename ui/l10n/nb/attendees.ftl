# Deltakere: liste, søk og filtre, detaljvisning med historikk, redigering.

attendees-title = Deltakere
attendees-register-walk-in = + Registrering i døra
attendees-search-label = Søk
attendees-search-placeholder = Navn, e-post eller firma
attendees-filter-status = Status
attendees-filter-everyone = Alle
attendees-filter-rsvp = Påmelding
attendees-filter-any-rsvp = Alle påmeldinger
attendees-filter-type = Type
attendees-filter-all-types = Alle typer
attendees-no-match = Ingen treff på «{ $query }».
attendees-no-match-filters = Ingen treff med disse filtrene.
attendees-col-name = Navn
attendees-col-company = Firma
attendees-col-type = Type
attendees-col-status = Status
attendees-col-action = Handling
attendees-result-count = { $count ->
    [one] { $count } person
   *[other] { $count } personer
} · side { $page } av { $pages }
attendees-page-prev = ‹ Forrige
attendees-page-next = Neste ›
attendees-toast-checked-in = { $name }: sjekket inn
attendees-toast-checked-out = { $name }: sjekket ut
attendees-toast-undone = { $name }: innsjekk angret

# Dørnotat og «obs i døra»
attendees-attention-tag = Obs
attendees-needs-attention = Obs i døra
attendees-attention-title-note = Obs i døra: { $note }
attendees-attention-notice = Innsjekk ved skanning venter til dørpersonalet slipper personen inn.
attendees-door-note = Dørnotat
attendees-door-note-count = { $count } av { $max } tegn
attendees-door-note-hint = Vises for dørpersonalet når billetten skannes, f.eks. «Hent rullestolrampen» eller «Krev inn den ubetalte fakturaen».
attendees-needs-attention-hint = Skanning av denne billetten stopper med et fiolett banner til dørpersonalet trykker Slipp inn.

# Detaljer
attendees-back-to-list = ‹ Alle deltakere
attendees-detail-title = Deltaker
attendees-place-label = Hvor
attendees-place-door = I døra
attendees-qr-alt = QR-kode for billett { $code }
attendees-qr-unavailable = QR-kode ikke tilgjengelig
attendees-no-answer = Ikke besvart
attendees-undo-check-in = Angre innsjekk
attendees-rsvp-notice = Påmelding: { $rsvp }
attendees-rsvp-refused = Påmelding: { $rsvp } – innsjekk er sperret til dette endres.
attendees-edit = Rediger
attendees-details = Detaljer
attendees-email = E-post
attendees-phone = Telefon
attendees-registration-type = Registreringstype
attendees-rsvp = Påmelding
attendees-registered = Registrert
attendees-answers = Svar
attendees-history = Innsjekkshistorikk
attendees-history-empty = Ingenting ennå.
attendees-history-when = Når
attendees-history-what = Hva
attendees-history-where = Hvor
attendees-history-result = Resultat
attendees-history-device = Enhet
attendees-outcome-ok = Utført
attendees-outcome-already-checked-in = allerede sjekket inn
attendees-outcome-not-checked-in = ikke sjekket inn
attendees-outcome-not-found = ikke funnet
attendees-outcome-wrong-event = feil arrangement
attendees-outcome-not-allowed = ikke tillatt
attendees-outcome-needs-attention = obs i døra
attendees-outcome-needs-answers = mangler svar
attendees-ticket = Billett
attendees-print-badge = Skriv ut navneskilt
attendees-print-failed = Kunne ikke skrive ut navneskiltet.

# Slett personopplysninger (arrangører)
attendees-personal-data = Personopplysninger
attendees-personal-data-hint = Ved krav om sletting: fjerner personen, men beholder innsjekkene anonymt.
attendees-erase = Slett personopplysninger
attendees-erase-title = Slette personopplysningene til { $name }?
attendees-erase-body = Navn, e-post, telefon, firma, svar og billettkode slettes for godt (også på fjernserveren, når arrangementet synkroniseres). Innsjekkene blir stående i historikken uten navn, så tallene endres ikke. Dette kan ikke angres.
attendees-erase-failed = Ikke slettet: { $reason }
attendees-erased = Personopplysninger slettet.

# Rediger (arrangører)
attendees-edit-title = Rediger deltaker
attendees-edit-name = Rediger { $name }
attendees-back = ‹ Tilbake
attendees-door-fieldset = I døra
attendees-save = Lagre endringer
attendees-saving = Lagrer…
attendees-saved = Lagret
attendees-changes-kept = endringene dine er tatt vare på
