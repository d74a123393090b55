# The door screen, its name search and questions, and door-device mode (English is the source).

door-title = Door
door-action-label = Action
door-place-label = Where
door-place-door = Door (entrance)
door-place-session = Session: { $session }
door-mode-in-at-door = Checking in at the door
door-mode-out-at-door = Checking out at the door
door-mode-in-session = Checking in · { $session }
door-mode-out-session = Checking out · { $session }
door-device-chip-help = This device’s name in the check-in history (change it in the menu)

door-ready = Ready to scan
door-ready-help-camera = Show the ticket QR code to the camera, scan it, or type the code or a name.
door-ready-help = Scan the ticket QR code, or type the code or a name.
door-checking = Checking…
door-scan-failed = Could not check this code
door-decided-here = decided here
door-decided-here-help = The venue hub did not answer in time: this kiosk decided alone. The other doors learn of it with the next sync.

door-admit = Admit
door-admitting = Admitting…
door-refuse = Refuse
door-note-label = Door note
door-note-title = Door note · { $name }

door-undo-last = Undo last scan
door-undo-name = Undo: { $name }
door-undone-check-in = Check-in undone: not checked in
door-undone-check-out = Check-out undone: checked in again
door-undo-failed = Could not undo.

door-recent = Recent scans
door-recent-none = No scans yet on this device.

door-code-label = Ticket code
door-code-example = e.g. 7KQ2-MXW9-PD3A-H8RT
door-code-submit = Check

door-camera-starting = Starting the camera…
door-camera-live = Camera on: hold the QR code in the frame
door-camera-paused = Camera paused
door-camera-none = No camera: use the scanner or type the code.
door-camera-error = The camera is not available. Use the scanner or type the code.
door-camera-pause = Pause camera
door-camera-retry = Try the camera again
door-camera-start = Start camera
door-camera-choose = Camera
door-camera-numbered = Camera { $number }

door-search-label = Name
door-search-placeholder = Type a name
door-search-results = People found
door-search-none-for = No one found for “{ $query }”
door-search-none = No one found
door-search-found = { $count ->
    [one] 1 person found
   *[other] { $count } people found
}
door-search-failed = The search did not work.

door-questions-title = Ask { $name }
door-questions-submit = Check in
door-questions-submitting = Checking in…
door-questions-skip = Skip
door-questions-fix = Please fix the highlighted answers.

door-device-hand-over = Hand this kiosk to the door
door-device-confirm-title = Hand this kiosk to the door?
door-device-confirm-body = “{ $device }” becomes a door device: it checks people in and scans tickets, with no organiser screens, and nobody has to type a passphrase. You are signed out here. Leaving door mode needs an organiser's sign-in.
door-device-confirm = Hand it to the door
door-device-failed = This kiosk is still yours: { $error }

door-leave-title = Leave door mode?
door-leave-lead = This kiosk is a door device: it checks people in with door rights only.
door-leave-how = To make it a normal kiosk again, an organiser signs in. Its door access is then revoked and the kiosk carries on as the organiser. Door staff who sign in here do not end door mode.
door-leave-sign-in = An organiser signs in
door-leave-opening = Opening sign-in…
door-leave-open-failed = Could not open the sign-in. Try again.
door-leave-back = Back to the door
door-leave-refused-title = Only an organiser can leave door mode
door-leave-refused-words = You signed in as { $name }, door staff. This kiosk stays a door device, and your own sign-in has ended here.
door-leave-refused-how = To leave door mode, an organiser signs in.
door-leave-working-title = Leaving door mode
door-leave-working = Revoking the door access of this kiosk…
door-leave-keep = Keep door mode
door-leave-failed-title = Door mode not left yet
door-leave-failed = The door access of this kiosk could not be revoked
door-leave-done = Door mode ended. This kiosk is signed in as { $name }.
