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

# A 422 problem's message, after the member it is about (`item.email is not a valid
# email address`). Each value is the server's English message exactly: it is found by it.
problem-required = is required
problem-empty = must not be empty
problem-null = must not be null
problem-email = is not a valid email address
problem-phone = is not a valid phone number (use the international format, e.g. +44 20 7946 0958)
problem-url = is not a valid http(s) URL
problem-http-url = must be an http or https URL
problem-country = is not an ISO 3166-1 alpha-2 country code (e.g. NO, DE, GB)
problem-date = is not a date in the form YYYY-MM-DD
problem-time = is not a time in the form HH:MM
problem-date-time = must be an RFC 3339 date-time
problem-number = must be a number
problem-true-or-false = must be true or false
problem-string = must be a string
problem-control = contains control characters
problem-printable = must be printable (no control characters)
problem-zero-or-more = must be 0 or more
problem-code-taken = is already used by another attendee of this event
