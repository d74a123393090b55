# El cartel de resultado en la puerta: legible a dos metros, corto, en mayúsculas.

result-declined = RECHAZADO
result-waitlisted = EN ESPERA
result-pending-approval = SIN APROBAR
result-refused = DENEGADO
result-since-at = { $time } en { $device }
result-done-checked-in = Ha entrado
result-done-checked-out = Ha salido
result-attendee = Asistente
result-already-checked-in = YA DENTRO
result-already-checked-out = YA SALIÓ
result-not-checked-in = NO HA ENTRADO
result-not-found = NO ENCONTRADA
result-no-ticket = Ninguna entrada con el código { $code }
result-wrong-event = OTRO EVENTO
result-wrong-event-named = OTRO EVENTO:
result-ticket = Entrada { $code }
result-attention = ATENCIÓN
result-questions-first = PREGUNTAS PRIMERO
result-ask = Pregunta: { $fields }
result-refused-who = { $who } · no ha entrado

result-recent-checked-in = entró
result-recent-checked-out = salió
result-recent-already-in = ya dentro
result-recent-not-checked-in = no ha entrado
result-recent-not-found = no encontrada
result-recent-wrong-event = otro evento
result-recent-refused = denegado
result-recent-attention = atención
result-recent-questions = preguntas
result-recent-refused-at-door = denegado en la puerta
result-recent-undone = deshecho
