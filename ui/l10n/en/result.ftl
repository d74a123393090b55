# The door's result banner and recent scans (ui/js/door-words.js), built from a scan's
# outcome and facts. Headlines are read from two metres: short, in capitals.

result-declined = DECLINED
result-waitlisted = WAITLISTED
result-pending-approval = PENDING APPROVAL
result-refused = REFUSED
result-since-at = { $time } at { $device }
result-done-checked-in = Checked in
result-done-checked-out = Checked out
result-attendee = Attendee
result-already-checked-in = ALREADY CHECKED IN
result-already-checked-out = ALREADY CHECKED OUT
result-not-checked-in = NOT CHECKED IN
result-not-found = NOT FOUND
result-no-ticket = No ticket with code { $code }
result-wrong-event = WRONG EVENT
result-wrong-event-named = WRONG EVENT:
result-ticket = Ticket { $code }
result-attention = ATTENTION
result-questions-first = QUESTIONS FIRST
result-ask = Ask: { $fields }
result-refused-who = { $who } · not checked in

result-recent-checked-in = checked in
result-recent-checked-out = checked out
result-recent-already-in = already in
result-recent-not-checked-in = not checked in
result-recent-not-found = not found
result-recent-wrong-event = wrong event
result-recent-refused = refused
result-recent-attention = attention
result-recent-questions = questions
result-recent-refused-at-door = refused at the door
result-recent-undone = undone
