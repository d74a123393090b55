# Resultatfeltet i døra: leses på to meters avstand, kort, med store bokstaver.

result-declined = TAKKET NEI
result-waitlisted = VENTELISTE
result-pending-approval = IKKE GODKJENT
result-refused = AVVIST
result-since-at = { $time } ved { $device }
result-done-checked-in = Sjekket inn
result-done-checked-out = Sjekket ut
result-attendee = Deltaker
result-already-checked-in = ALLEREDE INNE
result-already-checked-out = ALLEREDE UTE
result-not-checked-in = IKKE SJEKKET INN
result-not-found = UKJENT
result-no-ticket = Ingen billett med koden { $code }
result-wrong-event = FEIL ARRANGEMENT
result-wrong-event-named = FEIL ARRANGEMENT:
result-ticket = Billett { $code }
result-attention = OBS
result-questions-first = SPØRSMÅL FØRST
result-ask = Spør: { $fields }
result-refused-who = { $who } · ikke sjekket inn

result-recent-checked-in = sjekket inn
result-recent-checked-out = sjekket ut
result-recent-already-in = allerede inne
result-recent-not-checked-in = ikke sjekket inn
result-recent-not-found = ukjent
result-recent-wrong-event = feil arrangement
result-recent-refused = avvist
result-recent-attention = obs
result-recent-questions = spørsmål
result-recent-refused-at-door = avvist i døra
result-recent-undone = angret
