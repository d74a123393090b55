# Le bandeau de résultat à l’entrée : lisible à deux mètres, court, en capitales.

result-declined = INVITATION DÉCLINÉE
result-waitlisted = LISTE D’ATTENTE
result-pending-approval = NON VALIDÉ
result-refused = REFUSÉ
result-since-at = { $time } à { $device }
result-done-checked-in = Entrée validée
result-done-checked-out = Sortie validée
result-attendee = Participant
result-already-checked-in = DÉJÀ ENTRÉ
result-already-checked-out = DÉJÀ SORTI
result-not-checked-in = PAS ENTRÉ
result-not-found = INCONNU
result-no-ticket = Aucun billet avec le code { $code }
result-wrong-event = AUTRE ÉVÉNEMENT
result-wrong-event-named = AUTRE ÉVÉNEMENT :
result-ticket = Billet { $code }
result-attention = ATTENTION
result-questions-first = QUESTIONS D’ABORD
result-ask = Demander : { $fields }
result-refused-who = { $who } · pas entré

result-recent-checked-in = entré
result-recent-checked-out = sorti
result-recent-already-in = déjà entré
result-recent-not-checked-in = pas entré
result-recent-not-found = inconnu
result-recent-wrong-event = autre événement
result-recent-refused = refusé
result-recent-attention = attention
result-recent-questions = questions
result-recent-refused-at-door = refusé à l’entrée
result-recent-undone = annulé
