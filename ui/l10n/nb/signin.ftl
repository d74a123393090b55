# Innlogging: velkomstskjermen, innloggingsfeil, hvorfor en innlogging ble avsluttet, avslutte kioskmodus.

signin-button = Logg inn
signin-opening = Åpner innlogging…
signin-could-not-start = Kunne ikke starte innloggingen. Last inn siden på nytt og prøv igjen.
signin-lead = Innsjekk for arrangementer. Logg inn med e-postadressen og passordet ditt.
signin-lasts-desktop = Du er logget inn til du logger ut eller Entrada lukkes. Logg ut når du går fra kiosken.
signin-lasts-tab = Innloggingen gjelder bare denne fanen. Lukk fanen eller logg ut når du går fra kiosken.
signin-scanned = En billett ble skannet, men ingen er logget inn på denne kiosken. Logg inn, og skann den på nytt.

signin-error-too-many = For mange innloggingsforsøk. Vent et minutt og prøv igjen.
signin-error-ended = Innloggingen din er avsluttet. Logg inn på nytt.
signin-error-cancelled = Innloggingen ble avbrutt.
signin-error-not-allowed = Denne kontoen har ikke tilgang til kiosken.
signin-error-failed-code = Innloggingen mislyktes ({ $code }).
signin-error-failed = Innloggingen mislyktes.
signin-error-unreachable = Får ikke kontakt med kioskserveren. Sjekk at Entrada kjører, og prøv igjen.
signin-error-link-invalid = Denne innloggingslenken er ikke gyldig lenger. Logg inn på nytt.
signin-error-please-sign-in = Logg inn.

signin-ended-disabled = Innloggingen din er avsluttet: brukeren din er deaktivert. Spør en arrangør om du fortsatt skal ha tilgang.
signin-ended-reused = Innloggingen din ble avsluttet av sikkerhetshensyn: den ble brukt to steder samtidig. Logg inn på nytt for å fortsette.
signin-ended-revoked = Innloggingen din ble avsluttet på serveren: brukeren din ble deaktivert eller passordfrasen endret. Logg inn på nytt, eller spør en arrangør.
signin-ended-expired = Innloggingen din har utløpt. Logg inn på nytt for å fortsette.
signin-ended = Innloggingen din er avsluttet. Logg inn på nytt for å fortsette.
signin-ended-device-revoked = Denne kiosken var en dørenhet, men dørtilgangen er trukket tilbake (på Personale-siden eller fra en annen enhet). Logg inn for å fortsette.

signin-leave-kiosk-title = Avslutte kioskmodus?
signin-leave-kiosk-as-organiser = Logget inn som { $name }, arrangør.
signin-leave-kiosk-explain = Alle innsjekkinger beholdes når du lukker; start Entrada igjen for å fortsette. Holdes Entrada åpen, blir det et vanlig vindu og starter slik til en arrangør slår på kioskmodus igjen (Innstillinger).
signin-leave-kiosk-close = Avslutt kioskmodus og lukk
signin-leave-kiosk-window = Avslutt kioskmodus, hold Entrada åpen
signin-leave-kiosk-closing = Lukker Entrada…
signin-leave-kiosk-leaving = Avslutter kioskmodus…
signin-leave-kiosk-door-title = En arrangør må logge inn
signin-leave-kiosk-door-lead = Bare en arrangør kan avslutte kioskmodus og lukke Entrada.
signin-leave-kiosk-as-door-staff = Du er logget inn som { $name }, dørpersonale. For å lukke Entrada, logg ut her og la en arrangør logge inn; eller gå tilbake til døra og fortsett.
signin-leave-kiosk-hand-over = Logg ut og la en arrangør logge inn
signin-leave-kiosk-signing-out = Logger ut…
