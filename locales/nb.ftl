# Serverens egne ord (src/l10n.rs), for døra: korte og klare.

checked-in = { $name } er sjekket inn
checked-in-session = { $name } er sjekket inn ({ $session })
checked-out = { $name } er sjekket ut
checked-out-session = { $name } er sjekket ut ({ $session })
undone = Angret: { $name } er ikke lenger sjekket inn
undone-session = Angret: { $name } er ikke lenger sjekket inn ({ $session })

already-in = { $name } er allerede sjekket inn
already-in-session = { $name } er allerede sjekket inn på { $session }
already-out = { $name } er allerede sjekket ut
already-out-session = { $name } er allerede sjekket ut fra { $session }
since = siden { $time }
since-at = siden { $time } ved { $device }
time-on-day = { $time } den { $day }

not-in = { $name } er ikke sjekket inn
not-in-session = { $name } er ikke sjekket inn på { $session }
nothing-to-undo = { $name } har ingen innsjekk å angre
nothing-to-undo-session = { $name } har ingen innsjekk på { $session } å angre

not-allowed = { $name } kan ikke sjekkes inn
not-allowed-declined = { $name } kan ikke sjekkes inn: har takket nei
not-allowed-waitlisted = { $name } kan ikke sjekkes inn: står på venteliste
not-allowed-pending = { $name } kan ikke sjekkes inn: venter på godkjenning

needs-attention = { $name } trenger oppmerksomhet
needs-attention-note = { $name } trenger oppmerksomhet: { $note }
needs-answers = { $name } har ikke svart på: { $fields }

wrong-event = Denne billetten gjelder et annet arrangement: { $event }
not-found = Ingen billett med denne koden

error-internal = intern serverfeil
error-disk-full = disken er full: ingenting ble endret; frigjør plass på disken med databasen og prøv igjen

# Innloggingssiden på serveren (/oauth/authorize).
authorize-title = Logg inn
authorize-heading = Logg inn på { $client }
# The heading when the kiosk's own sign-in is shown (its built-in client).
authorize-heading-kiosk = Logg inn på denne kiosken
authorize-email = E-post
authorize-password = Passord
authorize-submit = Logg inn
authorize-problem-title = Problem med innlogging
authorize-cannot-sign-in = Kan ikke logge inn
authorize-no-client = Forespørselen nevner ingen klient (client_id mangler).
authorize-unknown-client = Denne appen er ikke kjent her.
authorize-cannot-check-client = Serveren kunne ikke sjekke appen.
authorize-unregistered-redirect = Appen vil tilbake til en adresse den ikke har registrert.
authorize-no-redirect = Forespørselen nevner ingen redirect_uri.
authorize-bad-redirect = Returadressen er ikke gyldig.
authorize-other-site = Denne innloggingen kom fra et annet nettsted, ikke fra denne kioskens side.
authorize-form-expired = Dette innloggingsskjemaet er utløpt. Logg inn på nytt.
authorize-wrong-password = Feil e-post eller passord.
authorize-too-many = For mange mislykkede innlogginger. Prøv igjen om { $wait } sekunder.
authorize-cannot-check = Serveren kunne ikke sjekke innloggingen. Prøv igjen.
authorize-busy = Serveren sjekker andre innlogginger. Prøv igjen om et øyeblikk.
authorize-no-account = Brukeren din har ikke tilgang til noen konto her. Spør en arrangør.
authorize-cannot-complete = Serveren kunne ikke fullføre innloggingen. Prøv igjen.
authorize-new-title = Velg ditt eget passord
authorize-new-intro = Du logget inn med et midlertidig passord. Velg ditt eget nå: minst { $min } tegn, og bare du bør kjenne det.
authorize-new-password = Nytt passord
authorize-new-again = Gjenta det nye passordet
authorize-new-submit = Lagre og logg inn
authorize-new-too-short = Det nye passordet må ha minst { $min } tegn (det har { $count }).
authorize-new-too-long = Det nye passordet er lengre enn 1000 tegn.
authorize-new-mismatch = De to nye passordene er ikke like.
authorize-new-same = Velg et annet passord enn det midlertidige.

# Problemer med en verdi (422), etter feltet det gjelder.
problem-required = er påkrevd
problem-empty = kan ikke være tom
problem-null = kan ikke være null
problem-email = er ikke en gyldig e-postadresse
problem-phone = er ikke et gyldig telefonnummer (bruk internasjonalt format, f.eks. +47 22 12 34 56)
problem-url = er ikke en gyldig http(s)-URL
problem-http-url = må være en http- eller https-URL
problem-country = er ikke en landkode etter ISO 3166-1 alpha-2 (f.eks. NO, SE, DK)
problem-date = er ikke en dato på formen ÅÅÅÅ-MM-DD
problem-time = er ikke et klokkeslett på formen TT:MM
problem-date-time = må være et tidspunkt etter RFC 3339
problem-number = må være et tall
problem-true-or-false = må være sann eller usann
problem-string = må være en tekst
problem-control = inneholder kontrolltegn
problem-printable = må være skrivbar (ingen kontrolltegn)
problem-zero-or-more = må være 0 eller mer
problem-code-taken = brukes allerede av en annen deltaker på dette arrangementet

# Problemer som nevner verdier eller grenser. Verdiene står slik de kom.
problem-of-field = { $problem } (felt `{ $name }`)
problem-more-entries = har mer enn { $max } oppføringer
problem-too-long = er lengre enn { $max } tegn
problem-integer-range = må være et heltall fra 1 til { $max }
problem-retention-days = må være 1 til { $max } dager (eller null for aldri)
problem-passphrase-short = må ha minst { $min } tegn (den har { $count })
problem-not-integer = `{ $value }` er ikke et heltall
problem-time-zone = `{ $value }` er ikke et IANA-tidssonenavn (f.eks. Europe/Oslo)
problem-action = `{ $value }` er ikke check_in, check_out eller undo
problem-checkin-status = `{ $value }` er ikke not_checked_in, checked_in eller checked_out
problem-rsvp-status = `{ $value }` er ikke unconfirmed, confirmed, declined, waitlisted eller pending_approval
problem-field-type = `{ $value }` er ikke en kjent felttype (se typelisten for AttendeeField)
problem-already-staff = : { $email } er allerede i personalet til denne kontoen
problem-not-a-session = { $id } er ikke en økt i dette arrangementet
problem-not-a-field = { $id } er ikke et felt i dette arrangementet
problem-not-a-registration-type = { $id } er ikke en registreringstype i dette arrangementet
problem-answered-twice = : felt { $id } er besvart mer enn én gang
problem-answer-missing = : svaret på det påkrevde feltet `{ $name }` ({ $label }) mangler
problem-cannot-clear = : feltet `{ $name }` ({ $label }) er påkrevd og kan ikke tømmes
problem-takes-no-answer = : feltet `{ $name }` er av typen `{ $type }` og tar ikke svar
problem-string-for-type = må være tekst for et felt av typen `{ $type }`
problem-options-array = må være en liste over feltets valg ({ $options })
problem-not-an-option = : `{ $value }` er ikke et av valgene ({ $options })
problem-not-yes-no = : `{ $value }` er verken ja eller nei
problem-not-a-number = : `{ $value }` er ikke et tall
problem-needs-option = : et felt av typen `{ $type }` trenger minst ett valg
problem-no-options = : et felt av typen `{ $type }` tar ikke valg
problem-cannot-be-required = : et felt av typen `{ $type }` tar ikke svar, så det kan ikke være påkrevd
problem-listed-twice = : `{ $value }` står to ganger
problem-cell-registration-type = : `{ $value }` er ikke en registreringstype i dette arrangementet
problem-cell-flag = : `{ $value }` er ikke yes, no, true, false, 1 eller 0
problem-query-flag = { $key } må være true eller false, ikke `{ $value }`
problem-map-no-column = --map nevner en kolonne `{ $heading }` som filen ikke har
problem-map-no-target = kolonnen `{ $heading }` er koblet til `{ $target }`, som verken er en deltakeropplysning eller et felt i arrangementet
problem-same-member = kolonnene `{ $first }` og `{ $second }` fyller samme opplysning: koble en av dem et annet sted, eller ta den bort
problem-row-cells = raden har { $cells } celler, men overskriften nevner { $columns } kolonner
problem-same-person = samme { $key } står på rad { $row }: én rad per person (legg til en qr_code-kolonne for å skille personer med samme e-post)

# Problemer med en hel forespørsel, dens hoder og parametere, og med oppføringer for hub,
# synkronisering, personale og import.
problem-mirrored-type = arrangement { $id } speiles fra den eksterne serveren: fjern registreringstypen der
problem-mirrored-session = arrangement { $id } speiles fra den eksterne serveren: fjern økten der
problem-answers-misfit = item: { $count } eksisterende svar passer ikke til det endrede feltet; endre eller tøm dem først ({ $examples })
problem-hubs-answered = flere huber svarte: { $names }; velg én etter navnet
problem-hub-address = `{ $value }` er ikke en hubadresse: den ser slik ut: https://10.0.0.5:7879
problem-pairing-code = en paringskode er 8 bokstaver og sifre, slik huben viser den
problem-not-pairing-code = dette er ikke en paringskode fra en Entrada-hub
problem-fingerprint = et fingeravtrykk er 64 heksadesimale sifre
problem-hex64 = må være 64 heksadesimale sifre
problem-max-2000 = kan ha høyst 2000 tegn
problem-qr-alone = kommer alene: kortets QR-tekst har adressen, fingeravtrykket og koden
problem-with-fingerprint = er påkrevd sammen med `fingerprint`
problem-with-url = er påkrevd sammen med `url`: det står på hubens paringskort
problem-on-card = er påkrevd: det står på hubens paringskort (eller oppgi `qr_text`)
problem-last-organiser = Den siste aktive arrangøren kan ikke deaktiveres eller gjøres til dørvakt
problem-role = må være door eller organiser
problem-scopes = : oppgi minst én av read, write, check_in
problem-object = må være et objekt
problem-sync-required = er påkrevd når synkroniseringen settes opp første gang
problem-event-ids = må være positive arrangement-ID-er
problem-api-root = må slutte på /api/v2 (v2-roten)
problem-one-event = må oppgi minst én ID for et eksternt arrangement
problem-no-credentials = kan ikke inneholde påloggingsdata (bruk client_id og client_secret)
problem-sync-not-configured = synkroniseringen er ikke satt opp (entrada sync configure, eller Synkronisering-skjermen)
problem-capacity = må være 0 eller mer (eller null for ingen grense)
problem-ends-before = kan ikke være før item.starts_at
problem-position-on-create = kan ikke settes ved oppretting; nye felt kommer sist (endre det med PATCH)
problem-strings = må være en liste med tekster
problem-rfc3339 = er ikke et RFC 3339-tidsstempel (f.eks. 2026-05-01T09:00:00+02:00)
problem-year-range = er utenfor gyldig område (årene 0000 til 9999 i UTC)
problem-timestamp = er ikke et tidsstempel
problem-item-object = item må være et objekt
problem-body-empty = forespørselens innhold er tomt: send et JSON-objekt med et item-felt
problem-body-shape = forespørselens innhold må være et JSON-objekt med et item-felt
problem-body-json = forespørselens innhold er ikke gyldig JSON: { $error }
problem-body-unreadable = forespørselens innhold kunne ikke leses: { $error }
problem-query = ugyldig spørringsparameter: { $reason }
problem-idempotency-length = Idempotency-Key må ha 1 til { $max } tegn
problem-idempotency-ascii = Idempotency-Key må være utskrivbar ASCII
problem-idempotency-reused = Idempotency-Key er allerede brukt til en annen forespørsel
problem-last-event-id = Last-Event-ID må være en historikk-ID (et heltall på minst 0)
problem-after = after må være en historikk-ID (et heltall på minst 0)
problem-pkce = er ikke en SHA-256 i base64url (PKCE S256)
problem-redirect = er ikke en omdirigerings-URI for kiosken (loopback /oauth/callback)
problem-with-challenge = er påkrevd sammen med item.code_challenge
problem-raw-frame = { $name } er påkrevd for et rått gråtonebilde (?width=&height=)
problem-file-not-utf8 = filen er ikke UTF-8-tekst (linje { $line }); lagre den som «CSV UTF-8»
problem-file-empty = filen er tom: første linje må navngi kolonnene
problem-heading-unreadable = overskriftslinjen kan ikke leses: { $error }
problem-line-unreadable = linje { $line } kan ikke leses: { $error }

# En post som ikke finnes (404).
problem-not-found-attendee-of = deltaker { $id } i arrangement { $event } finnes ikke
problem-not-found-attendee = deltaker { $id } finnes ikke
problem-not-found-event = arrangement { $id } finnes ikke
problem-not-found-session = økt { $id } i arrangement { $event } finnes ikke
problem-not-found-type = registreringstype { $id } i arrangement { $event } finnes ikke
problem-not-found-field = felt { $id } i arrangement { $event } finnes ikke
problem-not-found-client = klient { $id } finnes ikke
problem-not-found-device = enhet { $id } finnes ikke
problem-not-found-account-id = konto { $id } finnes ikke
problem-not-found-account = kontoen finnes ikke
problem-not-found-user = bruker { $id } finnes ikke
problem-not-found-staff = person { $id } i personalet finnes ikke
problem-not-found-parked = parkert oppføring { $id } finnes ikke
problem-no-route = ingen rute for { $method } { $path }
problem-ids-integers = { $path } finnes ikke: ID-er er heltall

# Andre avvisninger: token og kontoer, konflikter, størrelser, ventetid.
problem-already-set-up = Entrada er allerede satt opp: logg inn i stedet
problem-account-header = X-Account-Id `{ $value }` er ikke en konto-ID
problem-frame-size = et bilde kan være høyst { $max } MiB
problem-client-scopes = en ny klient kan bare ha tilganger som din egen pålogging har ({ $scopes })
problem-idempotency-busy = en forespørsel med denne Idempotency-Key behandles fortsatt; prøv igjen senere
problem-idempotency-answered = en forespørsel med denne Idempotency-Key er besvart i mellomtiden; prøv igjen for å få svaret
problem-sync-running = en synkronisering pågår allerede
problem-malformed-auth = ugyldig Authorization-hode: forventet `Bearer <token>`
problem-missing-token = tilgangstoken mangler: send `Authorization: Bearer <token>`
problem-hub-duplicates = bare en kiosk koblet til denne huben melder doble innganger
problem-hub-reports = bare en kiosk koblet til denne huben rapporterer til den
problem-skip-questions = bare en arrangør kan hoppe over spørsmålene i døren (item.skip_questions)
problem-organiser-only = bare en innlogget arrangør kan gjøre dette (ikke klientpåloggingsdata)
problem-me-personal = bare personlige token (en innlogget person) kan kalle /me
problem-account-needed = personlige token må sende X-Account-Id-hodet med en av kontoene dine
problem-token-invalid = tilgangstokenet er ugyldig, utløpt eller tilbakekalt
problem-body-too-large = forespørselens innhold er større enn { $max } MiB
problem-other-account = synkroniseringen på denne kiosken tilhører en annen konto
problem-hub-joins-none = denne Entrada er stedets hub: kiosker kobler seg til den, den kobler seg ikke til noen annen
problem-other-site = denne forespørselen ble sendt fra et annet nettsted, ikke fra kioskens egen side
problem-pairing-throttled = for mange feil paringskoder fra denne adressen: prøv igjen om { $wait } sekunder
problem-not-member = du er ikke medlem av konto { $id }

# Hvor et problem i importen er: filens kolonne.
import-column = kolonne `{ $heading }`
