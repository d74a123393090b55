# Kom i gang: valget ved første oppstart og tilkobling til en arrangementsserver.

start-title = Kom i gang
start-lead = Hvordan vil du starte? Alle veier ender på dørskjermen, klar til skanning.
start-lead-welcome = Velkommen, { $name }. Hvordan vil du starte? Alle veier ender på dørskjermen, klar til skanning.
start-connect-title = Koble til vår server
start-connect-words = Hent arrangementet og gjestelisten fra påmeldingssystemet ditt.
start-create-title = Opprett et arrangement her
start-create-words = Navn, datoer og økter. Importer så en gjesteliste, eller legg til folk for hånd.
start-hub-title = Bli med i stedets hub
start-hub-words = En annen Entrada på dette stedet er huben: synkroniser med den, dør til dør.
start-demo-title = Prøv med en demo
start-demo-words = 300 oppdiktede gjester med billetter å skanne. Fjern det i ett steg når du er ferdig.
start-demo-making = Lager demoarrangementet…
start-demo-failed = Demoarrangementet ble ikke laget
start-skip-to-door = Hopp over: gå til døra
start-skip = Hopp over nå

start-back = ‹ Andre måter å starte på
start-connect-heading = Koble til arrangementsserveren din
start-connect-lead = Hent arrangementet og gjestene fra påmeldingsserveren din. Innsjekkinger sendes tilbake dit.
start-base-url-label = Serveradresse (API)
start-base-url-hint = Den slutter vanligvis på /api/v2.
start-auth-url-label = Innloggingsadresse
start-auth-url-hint = Der serveren deler ut tokener. Ofte samme adresse uten /api/v2.
start-client-id-label = Klient-ID
start-client-id-hint = Fra serverens administrator.
start-client-secret-label = Klienthemmelighet
start-client-secret-stored-placeholder = Lagret: la stå tomt for å beholde den
start-client-secret-stored-hint = En hemmelighet er allerede lagret.
start-client-secret-hint = Gis sammen med klient-ID-en.
start-address-invalid = Skriv inn en full adresse som starter med https:// eller http://.
start-address-missing = Skriv inn adressen.
start-client-id-missing = Skriv inn klient-ID-en.
start-client-secret-missing = Skriv inn klienthemmeligheten.
start-test = Test tilkoblingen
start-testing = Tester tilkoblingen…
start-test-failed = Testen ble ikke kjørt
start-connected = Tilkoblet.
start-not-connected = Ikke tilkoblet.
start-unreachable = Fikk ikke kontakt med serveren.
start-no-events = Serveren har ingen arrangementer disse påloggingsdataene kan se. Opprett arrangementet der først, eller be om påloggingsdata for kontoen.
start-events-legend = Hvilke arrangementer sjekker denne kiosken inn?
start-events-none-ticked = Kryss av for minst ett arrangement.
start-connect-download = Koble til og last ned

start-progress-label = Nedlastingsfremdrift
start-progress-connecting = Kobler til…
start-progress-sending = Sender endringer…
start-progress-sending-count = Sender endringer: { $done } av { $total }
start-progress-attendees = { $done } av { $total } deltakere
start-progress-downloading = Laster ned: { $done } av { $total } deltakere
start-not-connected-title = Ikke tilkoblet
start-not-downloaded = Ikke lastet ned
start-download-unfinished = Nedlastingen ble ikke fullført.
start-download-stopped = Nedlastingen stoppet.
start-downloaded = Lastet ned.
start-downloaded-count = { $count ->
    [one] Lastet ned: { $count } deltaker.
   *[other] Lastet ned: { $count } deltakere.
}
start-downloaded-choose = Lastet ned. Velg arrangementet i { $link }.
start-event-list-link = arrangementslisten
start-which-event = Hvilket arrangement er ved denne døra?
start-event-attendees = { $count ->
    [one] { $count } deltaker
   *[other] { $count } deltakere
}
