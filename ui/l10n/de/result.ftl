# Ergebnisanzeige am Einlass: aus zwei Metern lesbar, kurz, in Großbuchstaben.

result-declined = ABGESAGT
result-waitlisted = WARTELISTE
result-pending-approval = NICHT FREIGEGEBEN
result-refused = ABGEWIESEN
result-since-at = { $time } am { $device }
result-done-checked-in = Eingecheckt
result-done-checked-out = Ausgecheckt
result-attendee = Teilnehmer
# Förmlich wie die übrige Oberfläche (Sie): „BEREITS EINGECHECKT“ statt des umgangssprachlichen
# „SCHON DRIN“ (Issue 37); „am“ vor dem Gerätenamen („am Kiosk 12“).
result-already-checked-in = BEREITS EINGECHECKT
result-already-checked-out = BEREITS AUSGECHECKT
result-not-checked-in = NICHT EINGECHECKT
result-not-found = UNBEKANNT
result-no-ticket = Kein Ticket mit Code { $code }
result-wrong-event = FALSCHE VERANSTALTUNG
result-wrong-event-named = ANDERE VERANSTALTUNG:
result-ticket = Ticket { $code }
result-attention = ACHTUNG
result-questions-first = ERST FRAGEN
result-ask = Fragen: { $fields }
result-refused-who = { $who } · nicht eingecheckt

result-recent-checked-in = eingecheckt
result-recent-checked-out = ausgecheckt
result-recent-already-in = schon drin
result-recent-not-checked-in = nicht eingecheckt
result-recent-not-found = unbekannt
result-recent-wrong-event = falsche Veranstaltung
result-recent-refused = abgewiesen
result-recent-attention = Achtung
result-recent-questions = Fragen
result-recent-refused-at-door = am Einlass abgewiesen
result-recent-undone = rückgängig
