# Innstillinger (ui/js/screens/settings.js): språk, lokalt API, denne datamaskinen, integrasjoner, dørenhet, huben på stedet.

settings-title = Innstillinger

## Språk
settings-language-title = Språk
settings-language-hint = Vises på denne kiosken. Lagres på denne enheten.

## Lokalt API
settings-api-title = Lokalt API
settings-api-address-local = Lokalt API for andre programmer på denne datamaskinen: { $address }
settings-api-address = API for andre programmer: { $address }
settings-address = Adresse
settings-api-auth = Programmer logger inn med klientlegitimasjon (OAuth 2 client credentials) og sender tokenet som «Authorization: Bearer …».
settings-api-reference-at = API-referansen finner du på { $url }.
settings-api-reference = API-referanse

## Kopiere
settings-copy = Kopier
settings-copy-label = Kopier { $what }
settings-copied = Kopiert
settings-copied-toast = Kopiert.
settings-copy-impossible = Kopiering går ikke her: teksten er merket, kopier den med Ctrl+C.

## Denne datamaskinen
settings-desktop-title = Denne datamaskinen
settings-desktop-kiosk = Entrada kjører i kioskmodus: fullskjerm, skjermen holdes våken, og tilbake til dørskjermen etter { $idle } uten bruk. Det trengs en arrangør for å lukke den.
settings-desktop-app = Entrada kjører som skrivebordsapp med egen server på denne datamaskinen.
settings-kiosk-on = Bruk kioskmodus på denne maskinen
settings-kiosk-starting = Starter kioskmodus…
settings-kiosk-mode-words = Kioskmodus: fullskjerm, skjermen holdes våken, tilbake til dørskjermen etter { $idle } uten bruk, og å lukke eller forlate den krever en arrangør. Entrada starter i kioskmodus til en arrangør slår den av.
settings-idle-seconds = { $count ->
    [one] 1 sekund
   *[other] { $count } sekunder
}
settings-idle-minutes = { $count ->
    [one] 1 minutt
   *[other] { $count } minutter
}

settings-organisers-only = Arrangører lager klientlegitimasjon for lokale integrasjoner (en navneskiltskriver, en snurrport, et skript) her.

## Legitimasjon for en lokal integrasjon
settings-integrations-title = Lag legitimasjon for en lokal integrasjon
settings-integrations-words = For en navneskiltskriver, en snurrport eller et skript på denne datamaskinen: den får egen klient-ID og hemmelighet, og henter selv tokens fra det lokale API-et.
settings-integration-name = Navn
settings-integration-name-placeholder = f.eks. Navneskiltskriver ved dør 2
settings-integration-name-hint = Hva programmet er, så du kjenner det igjen i listen.
settings-integration-name-missing = Gi den et navn.
settings-scopes-legend = Hva den kan gjøre
settings-scopes-missing = Kryss av minst én.
settings-scope-read = Lese
settings-scope-read-hint = Se arrangementer, deltakere og innsjekkingshistorikk.
settings-scope-write = Skrive
settings-scope-write-hint = Legge til og endre deltakere, arrangementer og skjemaer.
settings-scope-check-in = Innsjekk
settings-scope-check-in-hint = Sjekke folk inn og ut, og skanne koder.
settings-create = Lag legitimasjon
settings-creating = Lager…
settings-not-created = Ikke laget

## Den nye legitimasjonen, vist én gang
settings-secret-title = Legitimasjon for «{ $name }»
settings-secret-warning = Kopier hemmeligheten nå: den vises ikke igjen.
settings-secret-fingerprint = Entrada lagrer bare et fingeravtrykk av den. Mistes den, trekk tilbake denne legitimasjonen og lag ny.
settings-client-id = Klient-ID
settings-client-secret = Klienthemmelighet
settings-secret-may = Kan:
settings-token-example = Hent et token (eksempel)
settings-token-then = Kall så API-et med det, f.eks. { $command }. Be om et nytt token når det utløper.
settings-secret-done = Ferdig: hemmeligheten er kopiert

## Listen over integrasjoner
settings-integrations-list = Integrasjoner
settings-integrations-load-failed = Kunne ikke laste integrasjonene
settings-integrations-empty = Ingen integrasjoner ennå.
settings-col-name = Navn
settings-col-may = Kan
settings-col-created = Laget
settings-col-actions = Handlinger
settings-scope-word-read = lese
settings-scope-word-write = skrive
settings-scope-word-check-in = sjekke inn

## Trekke tilbake
settings-revoke = Trekk tilbake
settings-revoke-label = Trekk tilbake { $name }
settings-revoke-title = Trekke tilbake «{ $name }»?
settings-revoke-body = Programmer som bruker denne legitimasjonen slutter å virke med en gang: tokenene deres avvises. Dette kan ikke angres.
settings-revoke-gone = Denne legitimasjonen var allerede trukket tilbake.
settings-revoked = «{ $name }» er trukket tilbake.
settings-not-revoked = Ikke trukket tilbake: { $reason }

## Dørenhet
settings-door-device-title = Dørenhet
settings-door-device-words = Gjør denne kiosken til en dørenhet: den sjekker inn med bare dørrettigheter, ingen skriver passord, og slik forblir den etter omstart. Du logges ut her; å forlate dørmodus krever en arrangør. Skjermen Personale viser dørenhetene.

## Huben på stedet
settings-hub-title = Hub på stedet
settings-hub-words = Flere dører på ett sted: én Entrada er huben, og kioskene ved de andre dørene kobler seg til den, så en billett som er sluppet inn ved én dør, avvises ved den neste.
settings-hub-serving = Dette er huben på stedet «{ $name }». Vis et paringskort til en kiosk som kobler seg til, og se enhetene som har gjort det.
settings-hub-joined = Denne kiosken synkroniserer med huben på stedet «{ $name }».
