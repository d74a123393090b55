# Personale (ui/js/screens/staff.js): personalkontoer, roller, passord, dørenheter.

staff-title = Personale
staff-intro = Personer som logger inn her, og dørenheter.
staff-intro-account = Personer som logger inn på { $account }, og dørenheter.
staff-role-door = Dørpersonale
staff-role-organiser = Arrangør

## People
staff-people-title = Personer
staff-loading = Laster personale…
staff-load-failed = Kunne ikke laste personalet
staff-empty = Ingen ennå.
staff-col-person = Person
staff-role = Rolle
staff-col-last-sign-in = Sist innlogget
staff-col-actions = Handlinger
staff-never-signed-in = Aldri logget inn
staff-you = (deg)
staff-disabled = Deaktivert
staff-role-of = Rollen til { $name }
staff-enable = Aktiver
staff-enable-name = Aktiver { $name }
staff-disable = Deaktiver
staff-disable-name = Deaktiver { $name }
staff-reset = Nytt passord
staff-reset-name = Nytt passord for { $name }
staff-refused = { $what }: { $error }
staff-make-organiser-title = Gjøre { $name } til arrangør?
staff-make-organiser-body = Arrangører kan gjøre alt: arrangementer, deltakere, import, synkronisering og personale.
staff-make-door-title = Gjøre { $name } til dørpersonale?
staff-make-door-body = Dørpersonale sjekker inn folk og skanner billetter, ikke noe mer.
staff-make-door-body-self = Det er deg: arrangørskjermene lukkes for deg.
staff-make-confirm = Endre rollen
staff-now-organiser = { $name } er nå arrangør.
staff-now-door = { $name } er nå dørpersonale.
staff-role-not-changed = Rollen ble ikke endret
staff-disable-title = Deaktivere { $name }?
staff-disable-body-self = Det er deg: du blir logget ut med en gang.
staff-disable-body = { $name } blir logget ut overalt med en gang og kan ikke logge inn før kontoen aktiveres igjen. Innsjekkene blir stående.
staff-disabled-toast = { $name } er deaktivert og logget ut.
staff-enabled-toast = { $name } kan logge inn igjen.
staff-not-disabled = Ikke deaktivert
staff-not-enabled = Ikke aktivert
staff-reset-title = Tilbakestille passordet til { $name }?
staff-reset-body = Et nytt midlertidig passord lages og vises én gang. Pågående innlogginger avsluttes; det gamle passordet slutter å virke.
staff-not-reset = Ikke tilbakestilt

## Add a person
staff-add-person = Legg til en person
staff-add-intro = De får et midlertidig passord å logge inn med.
staff-name = Navn
staff-email = E-post
staff-email-hint = De logger inn med den.
staff-role-door-hint = — sjekke inn folk og skanne billetter
staff-role-organiser-hint = — alt, også arrangementer og personale
staff-add = Legg til
staff-adding = Legger til…
staff-not-added-yet = Ikke lagt til ennå — det du skrev, er tatt vare på
staff-passphrase-added-title = { $name } kan logge inn nå
staff-passphrase-reset-title = Nytt passord for { $name }
staff-passphrase-signs-in-with = { $role } · logger inn med
staff-passphrase-label = Midlertidig passord
staff-passphrase-once = Vises bare nå.
staff-passphrase-warning = Gi det til personen direkte; Entrada lagrer bare et fingeravtrykk av det. Hvis det blir borte, tilbakestill passordet.
staff-passphrase-done = Ferdig: Jeg har gitt det videre

## Door devices
staff-devices-title = Dørenheter
staff-devices-intro = En kiosk som er overlatt til døra, sjekker inn folk med bare dørrettigheter, og ingen skriver passord der. Bare en arrangør kan avslutte dørmodus.
staff-devices-in-use = I bruk
staff-devices-load-failed = Kunne ikke laste dørenhetene
staff-devices-empty = Ingen dørenheter.
staff-device-since = Siden { $when }
staff-device-revoke = Trekk tilbake
staff-device-revoke-name = Trekk tilbake { $name }
staff-device-revoke-body = Enheten slutter straks å sjekke inn folk og viser innloggingen. Dette kan ikke angres; overlat en kiosk til døra igjen for å lage en ny dørenhet.
staff-device-gone = Den dørenheten var allerede trukket tilbake.
