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
# The heading when the kiosk's own sign-in is shown (its built-in client).
authorize-heading-kiosk = Sign in to this kiosk
authorize-email = Email
# One word with the set-up and Staff screens (issue 37).
authorize-password = Passphrase
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
# The first sign-in with a temporary passphrase (one an organiser was shown): choose your own.
authorize-new-title = Choose your passphrase
authorize-new-intro = You signed in with a temporary passphrase. Choose your own now: at least { $min } characters, and only you should know it.
authorize-new-password = New passphrase
authorize-new-again = New passphrase again
authorize-new-submit = Save and sign in
authorize-new-too-short = The new passphrase must have at least { $min } characters (it has { $count }).
authorize-new-too-long = The new passphrase is longer than 1000 characters.
authorize-new-mismatch = The two new passphrases are not the same.
authorize-new-same = Choose a passphrase other than the temporary one.

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

# Problems that name values or limits: the server's English message with its values as
# placeables, found by matching around them. Values stay as they were sent (API names,
# the file's cells); `problem` is another problem's message, said in turn.
problem-of-field = { $problem } (field `{ $name }`)
problem-more-entries = has more than { $max } entries
problem-too-long = is longer than { $max } characters
problem-integer-range = must be an integer from 1 to { $max }
problem-retention-days = must be 1 to { $max } days (or null for never)
problem-passphrase-short = must have at least { $min } characters (it has { $count })
problem-not-integer = `{ $value }` is not an integer
problem-time-zone = `{ $value }` is not an IANA time zone name (e.g. Europe/Oslo)
problem-action = `{ $value }` is not one of check_in, check_out, undo
problem-checkin-status = `{ $value }` is not one of not_checked_in, checked_in, checked_out
problem-rsvp-status = `{ $value }` is not one of unconfirmed, confirmed, declined, waitlisted, pending_approval
problem-field-type = `{ $value }` is not a known field type (see the AttendeeField type list)
problem-already-staff = : { $email } is already staff of this account
problem-not-a-session = { $id } is not a session of this event
problem-not-a-field = { $id } is not a field of this event
problem-not-a-registration-type = { $id } is not a registration type of this event
problem-answered-twice = : field { $id } is answered more than once
problem-answer-missing = : an answer to required field `{ $name }` ({ $label }) is missing
problem-cannot-clear = : field `{ $name }` ({ $label }) is required and cannot be cleared
problem-takes-no-answer = : field `{ $name }` is a `{ $type }` and takes no answer
problem-string-for-type = must be a string for a `{ $type }` field
problem-options-array = must be an array of the field's options ({ $options })
problem-not-an-option = : `{ $value }` is not one of the options ({ $options })
problem-not-yes-no = : `{ $value }` is not yes or no
problem-not-a-number = : `{ $value }` is not a number
problem-needs-option = : a `{ $type }` field needs at least one option
problem-no-options = : a `{ $type }` field takes no options
problem-cannot-be-required = : a `{ $type }` field takes no answer, so it cannot be required
problem-listed-twice = : `{ $value }` is listed twice
problem-cell-registration-type = : `{ $value }` is not a registration type of this event
problem-cell-flag = : `{ $value }` is not one of yes, no, true, false, 1, 0
problem-query-flag = { $key } must be true or false, not `{ $value }`
problem-map-no-column = --map names a column `{ $heading }` the file does not have
problem-map-no-target = column `{ $heading }` is mapped to `{ $target }`, which is neither an attendee member nor a field of the event
problem-same-member = columns `{ $first }` and `{ $second }` both fill the same member: map one of them elsewhere, or leave it out
problem-row-cells = the row has { $cells } cells but the heading names { $columns } columns
problem-same-person = the same { $key } is on row { $row }: one row per person (add a qr_code column to tell people with one email apart)

# Problems of a request as a whole, of its headers and query, and of the hub, sync, staff
# and import screens' entries.
problem-mirrored-type = event { $id } is mirrored from the remote server: remove the registration type there
problem-mirrored-session = event { $id } is mirrored from the remote server: remove the session there
problem-answers-misfit = item: { $count } existing answer(s) would not fit the changed field; change or clear them first ({ $examples })
problem-hubs-answered = several hubs answered: { $names }; choose one by its name
problem-hub-address = `{ $value }` is not a hub address: it looks like https://10.0.0.5:7879
problem-pairing-code = a pairing code is 8 letters and digits, as the hub shows it
problem-not-pairing-code = this is not an Entrada hub's pairing code
problem-fingerprint = a fingerprint is 64 hexadecimal digits
problem-hex64 = must be 64 hexadecimal digits
problem-max-2000 = must be at most 2000 characters
problem-qr-alone = comes alone: the card's QR text holds the address, fingerprint and code
problem-with-fingerprint = is required with `fingerprint`
problem-with-url = is required with `url`: it is on the hub's pairing card
problem-on-card = is required: it is on the hub's pairing card (or give `qr_text`)
problem-last-organiser = The last active organiser cannot be disabled or made door staff
problem-role = must be door or organiser
problem-scopes = : name at least one of read, write, check_in
problem-object = must be an object
problem-sync-required = is required when the sync is first configured
problem-event-ids = must be positive event ids
problem-api-root = must end in /api/v2 (the v2 root)
problem-one-event = must name at least one remote event id
problem-no-credentials = must not carry credentials (use client_id and client_secret)
problem-sync-not-configured = the sync is not configured (entrada sync configure, or the UI's Sync screen)
problem-capacity = must be 0 or more (or null for no limit)
problem-ends-before = must not be before item.starts_at
problem-position-on-create = cannot be set on create; new fields go last (change it with PATCH)
problem-strings = must be an array of strings
problem-rfc3339 = is not an RFC 3339 timestamp (e.g. 2026-05-01T09:00:00+02:00)
problem-year-range = is out of range (years 0000 to 9999 in UTC)
problem-timestamp = is not a timestamp
problem-item-object = item must be an object
problem-body-empty = the request body is empty: send a JSON object with an item member
problem-body-shape = the request body must be a JSON object with an item member
problem-body-json = the request body is not valid JSON: { $error }
problem-body-unreadable = the request body could not be read: { $error }
problem-query = invalid query parameter: { $reason }
problem-idempotency-length = Idempotency-Key must be 1 to { $max } characters
problem-idempotency-ascii = Idempotency-Key must be printable ASCII
problem-idempotency-reused = Idempotency-Key was already used for a different request
problem-last-event-id = Last-Event-ID must be a history id (an integer of at least 0)
problem-after = after must be a history id (an integer of at least 0)
problem-pkce = is not a base64url SHA-256 (PKCE S256)
problem-redirect = is not a redirect URI of the kiosk (loopback /oauth/callback)
problem-with-challenge = is required with item.code_challenge
problem-raw-frame = { $name } is required for a raw grayscale frame (?width=&height=)
problem-file-not-utf8 = the file is not UTF-8 text (line { $line }); save it as "CSV UTF-8"
problem-file-empty = the file is empty: the first line must name the columns
problem-heading-unreadable = the heading line cannot be read: { $error }
problem-line-unreadable = line { $line } cannot be read: { $error }

# A missing record (404), named as the server names it.
problem-not-found-attendee-of = attendee { $id } of event { $event } not found
problem-not-found-attendee = attendee { $id } not found
problem-not-found-event = event { $id } not found
problem-not-found-session = session { $id } of event { $event } not found
problem-not-found-type = registration type { $id } of event { $event } not found
problem-not-found-field = attendee field { $id } of event { $event } not found
problem-not-found-client = client { $id } not found
problem-not-found-device = device { $id } not found
problem-not-found-account-id = account { $id } not found
problem-not-found-account = account not found
problem-not-found-user = user { $id } not found
problem-not-found-staff = staff member { $id } not found
problem-not-found-parked = parked entry { $id } not found
problem-no-route = no route for { $method } { $path }
problem-ids-integers = { $path } not found: ids are integers

# Refusals other than 422: tokens and accounts (401, 403), conflicts (409), sizes (413),
# waits (429).
problem-already-set-up = Entrada is already set up: sign in instead
problem-account-header = X-Account-Id `{ $value }` is not an account id
problem-frame-size = a frame may be at most { $max } MiB
problem-client-scopes = a new client may have only scopes your own sign-in has ({ $scopes })
problem-idempotency-busy = a request with this Idempotency-Key is still being processed; retry later
problem-idempotency-answered = a request with this Idempotency-Key was answered meanwhile; retry to get its answer
problem-sync-running = a sync round is already running
problem-malformed-auth = malformed Authorization header: expected `Bearer <token>`
problem-missing-token = missing access token: send `Authorization: Bearer <token>`
problem-hub-duplicates = only a kiosk joined to this hub reports duplicate entries
problem-hub-reports = only a kiosk joined to this hub reports to it
problem-skip-questions = only an organiser may skip the door questions (item.skip_questions)
problem-organiser-only = only an organiser who signed in may do this (client credentials may not)
problem-me-personal = only personal tokens (a signed-in person) may call /me
problem-account-needed = personal tokens must send the X-Account-Id header naming one of your accounts
problem-token-invalid = the access token is invalid, expired or revoked
problem-body-too-large = the request body is larger than { $max } MiB
problem-other-account = the sync of this kiosk belongs to another account
problem-hub-joins-none = this Entrada is the venue hub: kiosks join it, it joins no other
problem-other-site = this request was sent from another web site, not from this kiosk's own page
problem-pairing-throttled = too many wrong pairing codes from this address: try again in { $wait } seconds
problem-not-member = you are not a member of account { $id }

# Where an import's problem is: the file's column (its heading as the file has it).
import-column = column `{ $heading }`
