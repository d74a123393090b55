# Synkronisering (ui/js/screens/sync.js): fjernserver, status, parkerte endringer, konflikter.

sync-title = Synkronisering
sync-run = Synkroniser nå
sync-running = Kjører…
sync-run-waiting = En runde kjører allerede; venter til den er ferdig…
sync-run-done = Ferdig: { $confirmed } sendt og bekreftet, { $pulled } mottatt, { $parked } parkert, { $pending } venter fortsatt.
sync-run-unreachable = Fikk ikke kontakt med fjernserveren. Endringene venter her og sendes i neste runde.
sync-run-unreachable-because = Fikk ikke kontakt med fjernserveren: { $error }. Endringene venter her og sendes i neste runde.

## State
sync-state-title = Status
sync-state-sync = Synkronisering
sync-state-configured = Satt opp
sync-state-not-configured = Ikke satt opp
sync-state-remote = Fjernserver
sync-state-online = Tilkoblet
sync-state-offline = Frakoblet
sync-state-last-success = Sist vellykket
sync-state-last-attempt = Siste forsøk
sync-state-pending = Venter på sending
sync-last-problem = Siste problem: { $error }

## Parked entries
sync-parked-title = Parkerte endringer
sync-parked-intro = Endringer fjernserveren avviste. Rett dem og prøv igjen, eller forkast dem.
sync-parked-none = Ingenting er parkert: fjernserveren godtok alle endringer den fikk.
sync-kind-attendee-create = Ny deltaker
sync-kind-attendee-update = Endret deltaker
sync-kind-check-in = Innsjekk
sync-kind-check-out = Utsjekk
sync-kind-undo = Angring
sync-kind-field-create = Nytt skjemafelt
sync-kind-field-update = Endret skjemafelt
sync-kind-field-delete = Slettet skjemafelt
sync-parked-head = { $kind } · post { $record }
sync-parked-when = parkert { $ago }
sync-parked-remote-said = Fjernserveren svarte:
sync-parked-no-message = (ingen melding)
sync-parked-http = (HTTP { $status })
sync-parked-retry = Prøv igjen
sync-parked-edit = Rediger
sync-parked-drop = Forkast
sync-parked-retried = Sendes på nytt i neste runde.
sync-parked-body-label = Send dette i stedet
sync-parked-save = Lagre og send på nytt
sync-parked-bad-json = Ikke gyldig JSON: sjekk anførselstegn, komma og klammer.
sync-parked-not-object = Innholdet må være et objekt ({"{"} ... {"}"}).
sync-parked-saved = Lagret; sendes på nytt i neste runde.
sync-drop-title = { $kind ->
    [attendee_create] Forkaste denne nye deltakeren?
    [attendee_update] Forkaste denne deltakerendringen?
    [check_in] Forkaste denne innsjekken?
    [check_out] Forkaste denne utsjekken?
    [undo] Forkaste denne angringen?
    [field_create] Forkaste dette nye skjemafeltet?
    [field_update] Forkaste denne feltendringen?
    [field_delete] Forkaste denne feltslettingen?
   *[other] Forkaste denne endringen ({ $kind })?
}
sync-drop-body = Fjernserveren får aldri se denne endringen. Dette kan ikke angres.
sync-drop-confirm = Forkast
sync-dropped = Forkastet.

## Conflicts
sync-conflicts-title = Konflikter
sync-conflicts-none = Ingen konflikter.
sync-conflict-duplicate-entry = Sjekket inn på to kiosker (én innsjekk beholdt)
sync-conflict-edit = Endret både her og på fjernserveren
sync-conflict-deleted-remotely = Slettet på fjernserveren mens den ble endret her
sync-conflict-attendee = Deltaker { $id }

## Remote server
sync-config-title = Fjernserver
sync-config-base-url = Basis-URL for fjern-API-et
sync-config-base-url-hint = Slutter på /api/v2.
sync-config-auth-url = Autentiserings-URL
sync-config-auth-url-hint = Verten som tilbyr /oauth/token.
sync-config-client-id = Klient-ID
sync-config-client-secret = Klienthemmelighet
sync-config-secret-stored = Lagret — la stå tomt for å beholde den
sync-config-secret-hint = Kun skriving: den vises aldri igjen.
sync-config-events = Arrangement-ID-er på fjernserveren
sync-config-events-hint = Kommaseparerte ID-er for arrangementene som speiles.
sync-config-save = Lagre innstillinger
sync-config-saved = Synkroniseringsinnstillinger lagret.
sync-config-bad-url = Skriv inn en fullstendig http(s)-adresse.
sync-config-required = Påkrevd.
sync-config-secret-required = Påkrevd første gang.
sync-config-bad-events = Oppgi én eller flere arrangement-ID-er (tall), skilt med komma.
