# Døra: skanning, navnesøk, spørsmål og dørmodus. Kort, lesbart på armlengdes avstand.

door-title = Dør
door-action-label = Handling
door-place-label = Hvor
door-place-door = Hovedinngang
door-place-session = Økt: { $session }
door-mode-in-at-door = Innsjekk i døra
door-mode-out-at-door = Utsjekk i døra
door-mode-in-session = Innsjekk · { $session }
door-mode-out-session = Utsjekk · { $session }
door-device-chip-help = Navnet på denne enheten i innsjekkingsloggen (endre det i menyen)

door-ready = Klar til skanning
door-ready-help-camera = Vis QR-koden på billetten til kameraet, skann den, eller skriv inn koden eller et navn.
door-ready-help = Skann QR-koden på billetten, eller skriv inn koden eller et navn.
door-checking = Sjekker…
door-scan-failed = Kunne ikke sjekke denne koden
door-decided-here = avgjort her
door-decided-here-help = Huben på stedet svarte ikke i tide: denne kiosken avgjorde alene. De andre dørene får vite det ved neste synkronisering.

door-admit = Slipp inn
door-admitting = Slipper inn…
door-refuse = Avvis
door-note-label = Merknad til døra
door-note-title = Merknad · { $name }

door-undo-last = Angre siste skanning
door-undo-name = Angre: { $name }
door-undone-check-in = Innsjekk angret: ikke sjekket inn
door-undone-check-out = Utsjekk angret: sjekket inn igjen
door-undo-failed = Kunne ikke angre.

door-recent = Siste skanninger
door-recent-none = Ingen skanninger på denne enheten ennå.

door-code-label = Billettkode
door-code-example = f.eks. 7KQ2-MXW9-PD3A-H8RT
door-code-submit = Sjekk

door-camera-starting = Starter kameraet…
door-camera-live = Kamera på: hold QR-koden i rammen
door-camera-paused = Kameraet er satt på pause
door-camera-none = Ingen kamera: bruk skanneren eller skriv inn koden.
door-camera-error = Kameraet er ikke tilgjengelig. Bruk skanneren eller skriv inn koden.
door-camera-pause = Sett kamera på pause
door-camera-retry = Prøv kameraet igjen
door-camera-start = Start kameraet
door-camera-choose = Kamera
door-camera-numbered = Kamera { $number }

door-search-label = Navn
door-search-placeholder = Skriv et navn
door-search-results = Personer funnet
door-search-none-for = Ingen funnet for «{ $query }»
door-search-none = Ingen funnet
door-search-found = { $count ->
    [one] 1 person funnet
   *[other] { $count } personer funnet
}
door-search-failed = Søket fungerte ikke.

door-questions-title = Spør { $name }
door-questions-submit = Sjekk inn
door-questions-submitting = Sjekker inn…
door-questions-skip = Hopp over
door-questions-fix = Rett opp de markerte svarene.

door-device-hand-over = Gi kiosken til døra
door-device-confirm-title = Gi denne kiosken til døra?
door-device-confirm-body = «{ $device }» blir en dørenhet: den sjekker inn folk og skanner billetter, uten arrangørskjermer, og ingen trenger å skrive en passordfrase. Du blir logget ut her. For å avslutte dørmodus må en arrangør logge inn.
door-device-confirm = Gi den til døra
door-device-failed = Kiosken er fortsatt din: { $error }

door-leave-title = Avslutte dørmodus?
door-leave-lead = Denne kiosken er en dørenhet: den sjekker inn folk med bare dørrettigheter.
door-leave-how = For å gjøre den til en vanlig kiosk igjen logger en arrangør inn. Da trekkes dørtilgangen tilbake, og kiosken fortsetter som arrangøren. Dørpersonale som logger inn her, avslutter ikke dørmodus.
door-leave-sign-in = En arrangør logger inn
door-leave-opening = Åpner innlogging…
door-leave-open-failed = Kunne ikke åpne innloggingen. Prøv igjen.
door-leave-back = Tilbake til døra
door-leave-refused-title = Bare en arrangør kan avslutte dørmodus
door-leave-refused-words = Du logget inn som { $name }, dørpersonale. Denne kiosken forblir en dørenhet, og din egen innlogging er avsluttet her.
door-leave-refused-how = For å avslutte dørmodus logger en arrangør inn.
door-leave-working-title = Avslutter dørmodus
door-leave-working = Trekker tilbake dørtilgangen til denne kiosken…
door-leave-keep = Behold dørmodus
door-leave-failed-title = Dørmodus er ikke avsluttet ennå
door-leave-failed = Dørtilgangen til denne kiosken kunne ikke trekkes tilbake
door-leave-done = Dørmodus avsluttet. Kiosken er logget inn som { $name }.
