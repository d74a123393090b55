# Opprette og redigere et arrangement (arrangører): detaljer, registreringstyper, økter.

event-title = Arrangement
event-back = ← Arrangementer
event-new-title = Nytt arrangement
event-new-lead-first = Først selve arrangementet. Så registreringstyper og økter, og deretter deltakerne.
event-new-lead = Registreringstyper og økter kommer etterpå, når arrangementet finnes.
event-details = Detaljer
event-attendee-count = { $count ->
    [one] { $count } deltaker
   *[other] { $count } deltakere
}
event-created-notice = «{ $name }» er opprettet. Legg til registreringstyper og økter (begge valgfrie), og hent så inn deltakerne.

## Detaljene om arrangementet
event-required = (påkrevd)
event-name = Navn
event-place = Sted
event-place-hint = Valgfritt: lokalet eller adressen.
event-timezone = Tidssone
event-timezone-placeholder = f.eks. Europe/Oslo
event-starts = Starter
event-ends = Slutter
event-zone-hint-empty = Skriv en by eller region. Tomt: tidene vises i denne datamaskinens sone ({ $zone }).
event-zone-hint-known = { $zone }. Start og slutt nedenfor er lokal tid der.
event-zone-hint-unknown = Skriv en by eller region, og velg så en sone fra listen.
event-door-legend = I døra
event-door-questions = Still ubesvarte påkrevde spørsmål i døra
event-door-questions-hint = Når dette er på, viser en skanning av noen som har latt et påkrevd spørsmål i registreringsskjemaet stå ubesvart, disse spørsmålene i døra; innsjekken venter på svarene.
event-personal-data = Personopplysninger
event-retention = Slett personopplysninger så mange dager etter at arrangementet slutter
event-retention-hint = Navn, kontaktinformasjon og svar slettes for godt; antall innsjekkinger blir stående. Tomt: aldri.
event-retention-invalid = Et helt antall dager, 1 til { $max } (tomt: aldri).
event-purged = Personopplysninger ble sist slettet { $when }.
event-erase-needs-end = Angi når arrangementet slutter: dagene telles fra slutten.
event-erase-on = Personopplysninger slettes { $when }.
event-erase-soon = Personopplysninger slettes innen en time (datoen, { $when }, er passert).
event-save = Lagre
event-create = Opprett arrangementet
event-saving = Lagrer…
event-zone-invalid = Ikke en tidssone: velg en fra listen (f.eks. Europe/Oslo).
event-incomplete-time = Dato og klokkeslett er ikke fullstendig.
event-ends-before-starts = Slutter før det starter.
event-nothing-to-save = Ingenting å lagre: ingen endringer.
event-not-accepted = Serveren godtok ikke dette:
event-created-toast = Opprettet «{ $name }».
event-saved-toast = Lagret.
event-saved-at = Lagret { $time }.

## Registreringstyper og økter
event-record-edit-label = Gi nytt navn til eller endre «{ $name }»
event-record-rename = Gi nytt navn
event-record-close = Lukk
event-record-remove-label = Fjern «{ $name }»
event-record-remove = Fjern
event-record-remove-title = Fjerne «{ $name }»?
event-record-saved = Lagret «{ $name }».
event-record-added = La til «{ $name }».
event-record-removed = Fjernet «{ $name }».
event-record-already-removed = Den var allerede fjernet.
event-record-not-removed = Ikke fjernet: { $reason }
event-capacity = Kapasitet
event-capacity-hint = Tomt: ingen grense.
event-capacity-invalid = Et helt tall, 0 eller mer (tomt: ingen grense).
event-capacity-meta = kapasitet { $capacity }
event-no-limit = ingen grense

event-types-title = Registreringstyper
event-types-lead = Typer billetter, f.eks. Ordinær, VIP, Foredragsholder. Døra viser deltakerens type.
event-types-add-title = Legg til en registreringstype
event-types-add = Legg til type
event-types-empty = Ingen registreringstyper ennå.
event-types-remove-unknown = Deltakere med denne typen beholder registreringen, uten type.
event-types-remove-none = Ingen deltakere har denne typen.
event-types-remove-count = { $count ->
    [one] { $count } deltaker har denne typen. Deltakeren forblir registrert, uten type.
   *[other] { $count } deltakere har denne typen. De forblir registrert, uten type.
}

event-sessions-title = Økter
event-sessions-lead = Deler av arrangementet med egen innsjekk: et foredrag, et verksted, en middag. Døra kan sjekke folk inn på en av dem.
event-sessions-add-title = Legg til en økt
event-sessions-add = Legg til økt
event-sessions-empty = Ingen økter: døra sjekker folk inn på selve arrangementet.
event-session-checked-in = { $count } sjekket inn
event-sessions-remove-unknown = Innsjekkingshistorikken for økten slettes sammen med den.
event-sessions-remove-none = Ingen har sjekket inn på denne økten ennå.
event-sessions-remove-count = { $count ->
    [one] { $count } person har innsjekkinger på denne økten: den historikken slettes sammen med økten.
   *[other] { $count } personer har innsjekkinger på denne økten: den historikken slettes sammen med økten.
}

## Etter opprettelse: neste steg
event-next-title = Neste: deltakerne
event-next-lead = Hent inn deltakerlisten fra et regneark (du ser en forhåndsvisning først), eller legg til folk for hånd når de kommer. Du kan komme tilbake hit fra arrangementslisten.
event-next-import = Importer deltakere
event-next-walk-in = Legg til folk for hånd
event-next-door = Gå til døra
event-open-failed = Kunne ikke åpne arrangementet: { $reason }
