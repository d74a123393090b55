# Settings (ui/js/screens/settings.js): language, local API, this computer, integrations, door device, venue hub.

settings-title = Settings

## Language (everyone; each language is listed in its own name)
settings-language-title = Language
settings-language-hint = Shown on this kiosk. Kept on this device.

## Local API
settings-api-title = Local API
settings-api-address-local = Local API for other programs on this computer: { $address }
settings-api-address = API for other programs: { $address }
settings-address = Address
settings-api-auth = Programs sign in with client credentials (OAuth 2 client credentials) and send the token as “Authorization: Bearer …”.
settings-api-reference-at = The API reference is at { $url }.
settings-api-reference = API reference

## Copy buttons ($what: the label of the copied value, e.g. "address")
settings-copy = Copy
settings-copy-label = Copy { $what }
settings-copied = Copied
settings-copied-toast = Copied.
settings-copy-impossible = Copying is not possible here: the text is selected, copy it with Ctrl+C.

## This computer (desktop app); $idle is settings-idle-seconds or settings-idle-minutes
settings-desktop-title = This computer
settings-desktop-kiosk = Entrada runs in kiosk mode: full screen, kept awake, and back to the door screen after { $idle } without use. Closing it needs an organiser.
settings-desktop-app = Entrada runs as a desktop app with its own server on this computer.
settings-kiosk-on = Use kiosk mode on this computer
settings-kiosk-starting = Starting kiosk mode…
settings-kiosk-mode-words = Kiosk mode: full screen, the screen kept awake, back to the door screen after { $idle } without use, and closing or leaving it needs an organiser. Entrada starts in kiosk mode until an organiser leaves it.
settings-idle-seconds = { $count ->
    [one] 1 second
   *[other] { $count } seconds
}
settings-idle-minutes = { $count ->
    [one] 1 minute
   *[other] { $count } minutes
}

settings-organisers-only = Organisers create credentials for local integrations (a badge printer, a turnstile, a script) here.

## Credentials for a local integration
settings-integrations-title = Create credentials for a local integration
settings-integrations-words = For a badge printer, a turnstile or a script on this computer: it gets its own client id and secret, and asks the local API for tokens itself.
settings-integration-name = Name
settings-integration-name-placeholder = e.g. Badge printer at door 2
settings-integration-name-hint = What the program is, so that you recognise it in the list.
settings-integration-name-missing = Give it a name.
settings-scopes-legend = What it may do
settings-scopes-missing = Tick at least one.
settings-scope-read = Read
settings-scope-read-hint = See events, attendees and check-in history.
settings-scope-write = Write
settings-scope-write-hint = Add and change attendees, events and forms.
settings-scope-check-in = Check in
settings-scope-check-in-hint = Check people in and out, and scan codes.
settings-create = Create credentials
settings-creating = Creating…
settings-not-created = Not created

## The new credentials, shown once
settings-secret-title = Credentials for “{ $name }”
settings-secret-warning = Copy the secret now: it will not be shown again.
settings-secret-fingerprint = Entrada keeps only a fingerprint of it. If it is lost, revoke these credentials and create new ones.
settings-client-id = Client id
settings-client-secret = Client secret
settings-secret-may = May:
settings-token-example = Get a token (example)
settings-token-then = Then call the API with it, e.g. { $command }. Ask for a new token when it expires.
settings-secret-done = Done: I have copied the secret

## The integrations list; the scopes in its "May" column, joined by commas
settings-integrations-list = Integrations
settings-integrations-load-failed = Could not load the integrations
settings-integrations-empty = No integrations yet.
settings-col-name = Name
settings-col-may = May
settings-col-created = Created
settings-col-actions = Actions
settings-scope-word-read = read
settings-scope-word-write = write
settings-scope-word-check-in = check in

## Revoking credentials (also door devices and hub kiosks)
settings-revoke = Revoke
settings-revoke-label = Revoke { $name }
settings-revoke-title = Revoke “{ $name }”?
settings-revoke-body = Programs using these credentials stop working at once: their tokens are refused. This cannot be undone.
settings-revoke-gone = These credentials were already revoked.
settings-revoked = Revoked “{ $name }”.
settings-not-revoked = Not revoked: { $reason }

## Door device
settings-door-device-title = Door device
settings-door-device-words = Turn this kiosk into a door device: it checks people in with door rights only, nobody types a passphrase, and it stays that way after a restart. You are signed out here; leaving door mode needs an organiser. The Staff screen lists door devices.

## Venue hub
settings-hub-title = Venue hub
settings-hub-words = Several doors at one venue: one Entrada is the hub, and the kiosks at the other doors join it, so that a ticket admitted at one door is refused at the next.
settings-hub-serving = This is the venue hub “{ $name }”. Show a pairing card to a kiosk that joins, and see the devices that did.
settings-hub-joined = This kiosk syncs with the venue hub “{ $name }”.
