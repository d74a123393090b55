# Rammen rundt alle skjermer (topplinje, meny, synkmerke, feil); «dørenhet» for door device, «døra» for door.

## Static markup (index.html)
shell-skip-link = Hopp til innholdet
shell-nav-label = Skjermer

## Navigation
shell-nav-door = Dør
shell-nav-attendees = Deltakere
shell-nav-walk-in = I døra
shell-nav-form = Skjema
shell-nav-sync = Synk
shell-nav-data = Data
shell-nav-staff = Personale

## Top bar
shell-choose-event = Velg et arrangement
shell-change-event = Bytt arrangement
shell-event-title = { $name } – bytt arrangement
shell-user-menu-label = { $initials }: { $name } ({ $role }), meny
shell-user-menu = Meny
shell-role-door-device = dørenhet
shell-role-organiser = arrangør
shell-role-door = dørpersonale

## Demo event
shell-demo-tag = Demo
shell-demo-tag-title = Dette er et demoarrangement med oppdiktede gjester.
shell-demo-tag-remove-title = Dette er et demoarrangement. Trykk for å fjerne demodataene.
shell-demo-tag-remove-label = Demoarrangement: fjern demodataene
shell-demo-remove-title = Fjerne demodataene?
shell-demo-remove-body = Demoarrangementet slettes med alle deltakere og innsjekker. Dine egne arrangementer blir værende.
shell-demo-remove = Fjern demodata
shell-demo-not-removed = Demodataene ble ikke fjernet: { $error }
shell-demo-removed = Demodata fjernet.
shell-demo-card-title = Demodata
shell-demo-card-text = { $count ->
    [one] { $names } er et demoarrangement med oppdiktede gjester.
   *[other] { $names } er demoarrangementer med oppdiktede gjester.
}
shell-demo-quoted = «{ $name }»

## Menu
shell-device-name-label = Denne enheten heter
shell-sounds = Lyd ved skanning
shell-settings = Innstillinger
shell-get-started = Kom i gang
shell-hand-to-door = Gi kiosken til døra
shell-hand-failed = Kiosken er fortsatt din: { $error }
shell-leave-kiosk = Avslutt kioskmodus
shell-leave-door = Avslutt dørmodus
shell-sign-out = Logg ut
# An invitation to another account (an organiser there added this person), in the menu:
# $account is that account's name, $role the role it offers (shell-role-organiser or shell-role-door).
shell-invitation = Invitert til { $account } som { $role }
shell-invitation-accept = Godta
shell-invitation-decline = Avslå
shell-invitation-failed = Invitasjonen ble ikke besvart: { $error }

## Counters
shell-counters-label = sjekket inn
shell-counters-title = { $checkedIn } sjekket inn, { $checkedOut } sjekket ut, { $notYet } ikke ennå; { $recent } de siste 5 minuttene

## Online and sync badge
shell-online = Tilkoblet
shell-online-title = Kioskserveren svarer.
shell-offline = Frakoblet
shell-offline-title = Kioskserveren svarer ikke. Skanninger mislykkes til den er tilbake.
shell-disk-full = Disken er full
shell-disk-full-title = Disken på denne datamaskinen er full: innsjekker og endringer blir ikke lagret. Frigjør plass; Entrada fortsetter av seg selv.
shell-sync-parked = Synk: { $count } må sjekkes
shell-sync-downloading = Laster ned…
shell-sync-offline = Synk frakoblet
shell-sync-offline-waiting = Synk frakoblet · { $count } venter
shell-sync-syncing = Synkroniserer · { $count }
shell-synced = Synkronisert
shell-sync-title = Siste synkronisering: { $when }
shell-sync-title-problem = Siste synkronisering: { $when }. Siste problem: { $problem }

## Boot and refusals (app.js)
shell-starting = Starter…
shell-signing-in = Logger inn…
shell-no-account-title = Ingen konto
shell-no-account-text = Brukeren din er ikke medlem av noen konto. Be en arrangør om å legge deg til.
shell-could-not-start = Kunne ikke starte
shell-leave-kiosk-note = For å avslutte kioskmodus og lukke Entrada må en arrangør logge inn.
shell-refusal-title = Bare for arrangører
shell-refusal-form = Skjemaredigering er bare for arrangører.
shell-refusal-walk-in = Registrering i døra er bare for arrangører.
shell-refusal-sync = Synkroniseringsinnstillingene er bare for arrangører.
shell-refusal-data = Import og eksport av deltakere er bare for arrangører.
shell-refusal-attendees = Redigering av deltakere er bare for arrangører.
shell-refusal-staff = Administrasjon av personale er bare for arrangører.
shell-refusal-event-edit = Administrasjon av arrangementer er bare for arrangører.
shell-refusal-hub = Huben på stedet er bare for arrangører.
shell-refusal-other = Denne skjermen er bare for arrangører.
shell-refusal-door-device = Denne kiosken er en dørenhet, som sjekker inn folk; en arrangør kan avslutte dørmodus fra menyen.
shell-refusal-door-staff = Du er logget inn som dørpersonale, som sjekker inn folk.
shell-back-to-door = Tilbake til døra

## Devices and places
shell-door-device = Dørenhet
shell-device-default-name = Kiosk { $number }
shell-place-door = Dør
shell-place-session = Økt { $id }
shell-desktop-nothing-happened = Ingenting skjedde. Prøv igjen; hvis det fortsatt ikke virker, start datamaskinen på nytt.
shell-camera-blocked = Kameraet er blokkert for Entrada. Tillat kameraet i systeminnstillingene, og prøv igjen.
shell-camera-failed = Kameraet kunne ikke starte (kanskje et annet program bruker det). Bruk skanneren eller skriv inn koden.
shell-badge-unreadable = Navneskiltet kunne ikke leses.

## Errors the UI words itself (the server's own messages come translated)
shell-error-network = Får ikke kontakt med kioskserveren. Sjekk at Entrada kjører, og prøv igjen.
shell-error-rejected = Forespørselen ble ikke godtatt.
shell-error-rejected-detail = Forespørselen ble ikke godtatt: { $detail }.
shell-error-signed-out = Innloggingen din er avsluttet. Logg inn igjen.
shell-error-forbidden = Rollen din har ikke lov til å gjøre dette. Spør en arrangør.
shell-error-not-found = Ikke funnet. Det kan ha blitt slettet.
shell-error-not-found-detail = Ikke funnet: { $detail }.
shell-error-timeout = Serveren brukte for lang tid på å svare. Prøv igjen.
shell-error-conflict = Dette pågår allerede (kanskje på en annen enhet). Vent litt, og prøv igjen.
shell-error-too-large = Det er for stort til å sendes.
shell-error-check-entries = Sjekk de markerte feltene.
shell-error-too-many = For mange forespørsler akkurat nå. Vent noen sekunder, og prøv igjen.
shell-error-disk-full = Disken på denne datamaskinen er full: dette ble ikke lagret. Frigjør plass, og prøv igjen.
shell-error-server = Kioskserveren fikk et problem. Prøv igjen; hvis det fortsetter, start Entrada på nytt.
shell-error-unexpected = Uventet svar fra serveren ({ $status }).
shell-error-cancelled = Avbrutt.
