# Huben på stedet (ui/js/screens/hub.js): huben, paringskortet, koble til, enhetene.

hub-title = Hub på stedet
hub-lead = Flere dører, ett sted, ikke internett: én Entrada er huben på stedet, og kioskene ved de andre dørene kobler seg til den. En billett som er sluppet inn ved én dør, avvises da ved den neste.
hub-failed = Denne datamaskinen kunne ikke bli huben på stedet.
hub-load-failed = Kunne ikke laste huben på stedet

## Denne Entrada er huben
hub-serving-title = Dette er huben på stedet «{ $name }»
hub-serving-words = Kiosker på dette nettverket finner den på navnet. For å koble til en, åpne Innstillinger → Hub på stedet → Koble til huben på den kiosken, og vis den et paringskort herfra.
hub-show-card = Vis et paringskort
hub-stop = Slutt å være huben
hub-stopping = Stopper huben…
hub-stop-words = Kioskene som er koblet til, avgjør da alene ved dørene sine til en hub svarer igjen.
hub-address = Adresse
hub-addresses = Adresser
hub-fingerprint = Sertifikatets fingeravtrykk

## Enheter koblet til huben
hub-devices-title = Enheter
hub-devices-words = Kioskene som er koblet til denne huben. Hver melder seg etter hver synkronisering; trekk tilbake en som er mistet eller ikke lenger din.
hub-devices-load-failed = Kunne ikke laste enhetene
hub-devices-empty = Ingen kiosk har koblet seg til ennå.
hub-col-kiosk = Kiosk
hub-col-door = Dør
hub-col-contact = Sist kontakt
hub-col-pending = Ikke her ennå
hub-col-actions = Handlinger
hub-device-revoked = Trukket tilbake { $when }
hub-device-no-contact = Ikke ennå
hub-device-revoke = Trekk tilbake
hub-device-revoke-label = Trekk tilbake { $name }
hub-revoke-body = Denne kiosken kan ikke lenger synkronisere med huben, fra nå. Døren dens fungerer videre alene; for å koble til igjen trenger den et nytt paringskort.
hub-revoke-gone = Denne kiosken var allerede trukket tilbake.

## Denne kiosken er koblet til en hub
hub-joined-title = Denne kiosken synkroniserer med huben på stedet «{ $name }»
hub-joined-words = Hver skanning spør huben først, så en billett som er brukt ved en annen dør, avvises her. Svarer ikke huben i tide, avgjør kiosken alene, og døren viser «avgjort her».
hub-joined-records = Dataene er hubens: for å jobbe med en annen hub, sett opp en ny kiosk (en ny database).
hub-sync-status = Synkroniseringsstatus

## Ingen av delene: koble til en hub, eller gjør denne til huben
hub-join-title = Koble til huben
hub-join-words = For en kiosk ved en av dørene: den finner huben på dette nettverket, du viser den hubens paringskort, og fra da av synkroniserer den med huben.
hub-make-title = Gjør denne til huben
hub-make-words = Én datamaskin per sted, på samme nettverk som dørene, som står på hele dagen. Den betjener de andre kioskene over HTTPS og kan fortsatt selv være en dør.
hub-make-how = Start serveren på den datamaskinen med: { $command } (eller slå det på i Entrada-skrivebordsappen).
hub-name = Hubens navn
hub-name-placeholder = f.eks. Hall A
hub-name-hint = Slik viser kioskene den, f.eks. hallen den står i. Tomt: «Entrada hub» og et nummer.
hub-make-restart = Entrada starter serveren sin på nytt for dette: skjermene lastes på nytt, ingen logges ut.
hub-make-starting = Starter huben…

## Paringskortet
hub-card-title = Paringskort
hub-card-making = Lager et paringskort…
hub-card-failed = Ikke noe paringskort
hub-card-qr-alt = QR-kode for paringskortet til { $name }
hub-card-how = På kiosken som kobler seg til: Innstillinger → Hub på stedet → Koble til huben, og hold så dette kortet foran kameraet, eller skriv inn koden.
hub-card-code = Engangskode
hub-card-left = Gyldig i { $left } til, for én kiosk.
hub-card-expired = Denne koden er utløpt. Lag en ny.
hub-card-new = Ny kode
hub-card-done = Ferdig

## Koble til huben
hub-join-lead = Denne kiosken synkroniserer med huben og spør den ved hver skanning. Det erstatter kioskens synkroniseringsinnstillinger.
hub-found-title = Huber på dette nettverket
hub-found-label = Huber funnet
hub-search-again = Søk igjen
hub-searching = Ser etter huber…
hub-search-failed = Kunne ikke se etter huber
hub-found-none = Ingen hub svarte. Er den på, og på dette nettverket? Du kan også skrive inn adressen fra kortet nedenfor.
hub-code-title = Paringskortet
hub-code-label = Engangskode fra paringskortet
hub-code-hint = 8 tegn. En skanner som leser kortet, fyller ut alt.
hub-code-missing = Skriv inn koden fra hubens paringskort.
hub-door-label = Denne kioskens dør (valgfritt)
hub-door-placeholder = f.eks. Dør B
hub-by-address = Ikke på listen? Skriv inn adressen fra kortet
hub-fingerprint-placeholder = 16 grupper à 4
hub-address-incomplete = Oppgi både adressen og fingeravtrykket fra kortet, eller ingen av dem.
hub-join-submit = Koble til
hub-joining = Kobler til…
hub-joining-hub = Kobler til huben…
hub-wait = Vent litt
hub-not-joined = Ikke koblet til
hub-camera-start = Skann kortet med kameraet
hub-camera-stop = Stopp kameraet
hub-camera-off = Kameraet er av.
hub-camera-starting = Starter kameraet…
hub-camera-live = Hold paringskortet i rammen.
hub-camera-paused = Kameraet er satt på pause.
hub-camera-none = Ikke noe kamera her: skriv inn koden i stedet.
hub-camera-error = Kameraet er ikke tilgjengelig: skriv inn koden i stedet.
hub-camera-not-a-card = Det er ikke et paringskort fra en hub. Hold kortet fra hubens skjerm foran kameraet.

## Koblet til
hub-joined = Koblet til
hub-joined-toast = Koblet til huben på stedet «{ $name }».
hub-joined-with = Denne kiosken synkroniserer med «{ $name }»
hub-events-coming = Henter hubens arrangementer…
hub-events-here = Hubens arrangementer er her.
hub-events-not-yet = Arrangementene har ikke kommet ennå: { $reason }
hub-events-not-yet-see-sync = Arrangementene har ikke kommet ennå: skjermen Synkronisering forteller hvorfor.
hub-choose-event = Velg arrangementet
