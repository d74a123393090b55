# The frame around every screen: top bar, menu, sync badge, boot, refusals and the API's own error words.

## Static markup (index.html)
shell-skip-link = Skip to content
shell-nav-label = Screens

## Navigation
shell-nav-door = Door
shell-nav-attendees = Attendees
shell-nav-walk-in = Walk-in
shell-nav-form = Form
shell-nav-sync = Sync
shell-nav-data = Data
shell-nav-staff = Staff

## Top bar
shell-choose-event = Choose an event
shell-change-event = Change event
shell-event-title = { $name } — change event
# The menu button's name: it starts with the initials the button shows.
shell-user-menu-label = { $initials }: { $name } ({ $role }), menu
shell-user-menu = Menu
shell-role-door-device = door device
shell-role-organiser = organiser
shell-role-door = door staff

## Demo event
shell-demo-tag = Demo
shell-demo-tag-title = This is a demo event with made-up guests.
shell-demo-tag-remove-title = This is a demo event. Tap to remove the demo data.
shell-demo-tag-remove-label = Demo event: remove the demo data
shell-demo-remove-title = Remove the demo data?
shell-demo-remove-body = The demo event and all its attendees and check-ins are deleted. Your own events stay.
shell-demo-remove = Remove demo data
shell-demo-not-removed = The demo data was not removed: { $error }
shell-demo-removed = Demo data removed.
shell-demo-card-title = Demo data
# $names: the demo events' names, each quoted with shell-demo-quoted, joined by ", ".
shell-demo-card-text = { $count ->
    [one] { $names } is a demo event with made-up guests.
   *[other] { $names } are demo events with made-up guests.
}
shell-demo-quoted = “{ $name }”

## Menu
shell-device-name-label = This device is called
shell-sounds = Sounds on scan
shell-settings = Settings
shell-get-started = Get started
shell-hand-to-door = Hand this kiosk to the door
shell-hand-failed = This kiosk is still yours: { $error }
shell-leave-kiosk = Leave kiosk mode
shell-leave-door = Leave door mode
shell-sign-out = Sign out
# An invitation to another account (an organiser there added this person), in the menu:
# $account is that account's name, $role the role it offers (shell-role-organiser or shell-role-door).
shell-invitation = Invited to { $account } as { $role }
shell-invitation-accept = Accept
shell-invitation-decline = Decline
shell-invitation-failed = The invitation was not answered: { $error }

## Counters
shell-counters-label = checked in
shell-counters-title = { $checkedIn } checked in, { $checkedOut } checked out, { $notYet } not yet; { $recent } in the last 5 minutes

## Online and sync badge
shell-online = Online
shell-online-title = The kiosk server is answering.
shell-offline = Offline
shell-offline-title = The kiosk server is not answering. Scans will fail until it is back.
shell-disk-full = Disk full
shell-disk-full-title = The disk of this computer is full: check-ins and changes are not being saved. Free some space; Entrada carries on by itself.
shell-sync-parked = { $count ->
    [one] Sync: { $count } needs attention
   *[other] Sync: { $count } need attention
}
shell-sync-downloading = Downloading…
shell-sync-offline = Sync offline
shell-sync-offline-waiting = Sync offline · { $count } waiting
shell-sync-syncing = Syncing · { $count }
shell-synced = Synced
# $when: "3 minutes ago", "never", or a date and time.
shell-sync-title = Last sync { $when }
shell-sync-title-problem = Last sync { $when }. Last problem: { $problem }

## Boot and refusals (app.js)
shell-starting = Starting…
shell-signing-in = Signing in…
shell-no-account-title = No account
shell-no-account-text = Your user is not a member of any account. Ask an organiser to add you.
shell-could-not-start = Could not start
shell-leave-kiosk-note = To leave kiosk mode and close Entrada, an organiser signs in.
shell-refusal-title = Organisers only
shell-refusal-form = The form editor is for organisers.
shell-refusal-walk-in = Walk-in registration is for organisers.
shell-refusal-sync = The sync settings is for organisers.
shell-refusal-data = Importing and exporting attendees is for organisers.
shell-refusal-attendees = Editing attendees is for organisers.
shell-refusal-staff = Managing staff is for organisers.
shell-refusal-event-edit = Managing events is for organisers.
shell-refusal-hub = The venue hub is for organisers.
shell-refusal-other = This screen is for organisers.
# Follows one of the shell-refusal-* sentences.
shell-refusal-door-device = This kiosk is a door device, which checks people in; an organiser can leave door mode from the menu.
shell-refusal-door-staff = You are signed in as door staff, who check people in.
shell-back-to-door = Back to the door

## Devices and places
shell-door-device = Door device
# A new device's first name. Plain ASCII letters only (it is sent in a header).
shell-device-default-name = Kiosk { $number }
# The check-in place when no session is chosen.
shell-place-door = Door
shell-place-session = Session { $id }
shell-desktop-nothing-happened = Nothing happened. Try again; if it still does not work, restart the computer.
shell-camera-blocked = The camera is blocked for Entrada. To use it, allow the camera in the system settings and try again.
shell-camera-failed = The camera could not start (another program may be using it). Use the scanner or type the code.
shell-badge-unreadable = The badge could not be read.

## Errors the UI words itself (the server's own messages come translated)
shell-error-network = Cannot reach the kiosk server. Check that Entrada is running, then try again.
shell-error-rejected = The request was not accepted.
shell-error-rejected-detail = The request was not accepted: { $detail }.
shell-error-signed-out = Your sign-in has ended. Please sign in again.
shell-error-forbidden = You are not allowed to do this with your role. Ask an organiser.
shell-error-not-found = Not found. It may have been deleted.
shell-error-not-found-detail = Not found: { $detail }.
shell-error-timeout = The server took too long to answer. Try again.
shell-error-conflict = This is already being done (perhaps on another device). Wait a moment, then try again.
shell-error-too-large = That is too large to send.
shell-error-check-entries = Please check the highlighted entries.
shell-error-too-many = Too many requests right now. Wait a few seconds, then try again.
shell-error-disk-full = The disk of this computer is full: this was not saved. Free some space, then try again.
shell-error-server = The kiosk server had a problem. Try again; if it keeps happening, restart Entrada.
shell-error-unexpected = Unexpected answer from the server ({ $status }).
shell-error-cancelled = Cancelled.
