# Felles ord for alle skjermer. I døra: «innsjekk» for check-in, «utsjekk» for
# check-out, «deltaker» for attendee. Korte imperativer.

common-loading = Laster…
common-error-unknown = Noe gikk galt.
common-error-title = Det gikk ikke
common-try-again = Prøv igjen
common-fix-entries = Rett opp de markerte feltene.
common-entries-kept = det du skrev, er tatt vare på
common-not-saved-yet = Ikke lagret ennå – { $kept }
common-ok = OK
common-cancel = Avbryt

common-ago-never = aldri
common-ago-now = nå nettopp
common-ago-seconds = for { $count } sekunder siden
common-ago-minutes = { $count ->
    [one] for 1 minutt siden
   *[other] for { $count } minutter siden
}
common-ago-hours = { $count ->
    [one] for 1 time siden
   *[other] for { $count } timer siden
}

common-status-not-checked-in = Ikke sjekket inn
common-status-checked-in = Sjekket inn
common-status-checked-out = Sjekket ut

common-rsvp-confirmed = Bekreftet
common-rsvp-unconfirmed = Ubekreftet
common-rsvp-declined = Avslått
common-rsvp-waitlisted = Venteliste
common-rsvp-pending-approval = Venter på godkjenning

common-action-check-in = Sjekk inn
common-action-check-out = Sjekk ut
common-action-undo = Angre
