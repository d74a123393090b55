# Staff screen (ui/js/screens/staff.js): staff accounts, roles, passphrases, door devices.

staff-title = Staff
staff-intro = People who sign in here, and door devices.
staff-intro-account = People who sign in to { $account }, and door devices.
staff-role-door = Door staff
staff-role-organiser = Organiser

## People
staff-people-title = People
staff-loading = Loading staff…
staff-load-failed = Could not load the staff
staff-empty = Nobody yet.
staff-col-person = Person
staff-role = Role
staff-col-last-sign-in = Last sign-in
staff-col-actions = Actions
staff-never-signed-in = Never signed in
staff-you = (you)
staff-disabled = Disabled
staff-role-of = Role of { $name }
staff-enable = Enable
staff-enable-name = Enable { $name }
staff-disable = Disable
staff-disable-name = Disable { $name }
staff-reset = Reset passphrase
staff-reset-name = Reset passphrase of { $name }
# $what: what did not happen (below); $error: the server's words.
staff-refused = { $what }: { $error }
staff-make-organiser-title = Make { $name } an organiser?
staff-make-organiser-body = Organisers may do everything: events, attendees, imports, sync and staff.
staff-make-door-title = Make { $name } door staff?
staff-make-door-body = Door staff check people in and scan tickets, nothing else.
staff-make-door-body-self = That is you: the organiser screens close for you.
staff-make-confirm = Change the role
staff-now-organiser = { $name } is now organiser.
staff-now-door = { $name } is now door staff.
staff-role-not-changed = The role was not changed
staff-disable-title = Disable { $name }?
staff-disable-body-self = That is you: you will be signed out at once.
staff-disable-body = { $name } is signed out everywhere at once and cannot sign in until enabled again. Their check-ins stay.
staff-disabled-toast = { $name } is disabled and signed out.
staff-enabled-toast = { $name } can sign in again.
staff-not-disabled = Not disabled
staff-not-enabled = Not enabled
staff-reset-title = Reset the passphrase of { $name }?
staff-reset-body = A new temporary passphrase is made and shown once. Their current sign-ins end; the old passphrase stops working.
staff-not-reset = Not reset

## Add a person
staff-add-person = Add a person
staff-add-intro = They get a temporary passphrase to sign in with.
staff-name = Name
staff-email = Email
staff-email-hint = They sign in with it.
staff-role-door-hint = — check people in and scan tickets
staff-role-organiser-hint = — everything, including events and staff
staff-add = Add
staff-adding = Adding…
staff-not-added-yet = Not added yet — your entries are kept
staff-passphrase-added-title = { $name } can sign in now
staff-passphrase-reset-title = New passphrase for { $name }
# Followed by the person's email address.
staff-passphrase-signs-in-with = { $role } · signs in with
staff-passphrase-label = Temporary passphrase
staff-passphrase-once = Shown only now.
staff-passphrase-warning = Give it to them in person; Entrada keeps only a fingerprint of it. If it is lost, reset the passphrase.
staff-passphrase-done = Done: I have passed it on

## Door devices
staff-devices-title = Door devices
staff-devices-intro = A kiosk handed to the door checks people in with door rights only, and nobody types a passphrase there. Leaving door mode needs an organiser.
staff-devices-in-use = In use
staff-devices-load-failed = Could not load the door devices
staff-devices-empty = No door devices.
# $when: date and time the device was handed to the door.
staff-device-since = Since { $when }
staff-device-revoke = Revoke
staff-device-revoke-name = Revoke { $name }
staff-device-revoke-body = That device stops checking people in at once and shows the sign-in. This cannot be undone; hand a kiosk to the door again to make a new door device.
staff-device-gone = That door device was already revoked.
