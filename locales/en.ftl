# The server's own words (src/l10n.rs): a scan's `message`, check-in refusals, generic
# error texts. English is the source; every language has exactly these keys and
# placeables (tests/e2e/catalogs.test.js). A refusal with a time is said as
# "<message> (<since>)".

checked-in = { $name } checked in
checked-in-session = { $name } checked in ({ $session })
checked-out = { $name } checked out
checked-out-session = { $name } checked out ({ $session })
undone = Undone: { $name } is no longer checked in
undone-session = Undone: { $name } is no longer checked in ({ $session })

already-in = { $name } is already checked in
already-in-session = { $name } is already checked in to { $session }
already-out = { $name } is already checked out
already-out-session = { $name } is already checked out to { $session }
since = since { $time }
since-at = since { $time } at { $device }
time-on-day = { $time } on { $day }

not-in = { $name } is not checked in
not-in-session = { $name } is not checked in to { $session }
nothing-to-undo = { $name } has no check-in to undo
nothing-to-undo-session = { $name } has no check-in to { $session } to undo

not-allowed = { $name } cannot be checked in
not-allowed-declined = { $name } cannot be checked in: declined the invitation
not-allowed-waitlisted = { $name } cannot be checked in: is on the waitlist
not-allowed-pending = { $name } cannot be checked in: is still pending approval

needs-attention = { $name } needs attention
needs-attention-note = { $name } needs attention: { $note }
needs-answers = { $name } has not answered: { $fields }

wrong-event = This ticket is for another event: { $event }
not-found = No ticket with this code

error-internal = internal server error
error-disk-full = the disk is full: nothing was changed; free some space on the disk that holds the database and try again

# The sign-in page the server shows (/oauth/authorize).
authorize-title = Sign in
authorize-heading = Sign in to { $client }
authorize-email = Email
authorize-password = Password
authorize-submit = Sign in
authorize-problem-title = Sign-in problem
authorize-cannot-sign-in = Cannot sign in
authorize-no-client = The request names no client (client_id is missing).
authorize-unknown-client = This application is not known here.
authorize-cannot-check-client = The server could not check the application.
authorize-unregistered-redirect = The application asked to return to an address it has not registered.
authorize-no-redirect = The request names no redirect_uri.
authorize-bad-redirect = The redirect address is not valid.
authorize-other-site = This sign-in was sent from another web site, not from this kiosk's own page.
authorize-form-expired = This sign-in form has expired. Please sign in again.
authorize-wrong-password = Wrong email or password.
authorize-too-many = Too many failed sign-ins. Try again in { $wait } seconds.
authorize-cannot-check = The server could not check the sign-in. Please try again.
authorize-busy = The server is busy checking other sign-ins. Please try again in a moment.
authorize-no-account = Your user has no access to any account here. Ask an organiser.
authorize-cannot-complete = The server could not complete the sign-in. Please try again.
