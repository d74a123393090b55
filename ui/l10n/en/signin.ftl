# Sign-in: the welcome screen, sign-in errors and why a sign-in ended, leaving kiosk mode.

signin-button = Sign in
signin-opening = Opening sign-in…
signin-could-not-start = Could not start the sign-in. Reload the page and try again.
signin-lead = Event check-in. Sign in with your staff email and password.
signin-lasts-desktop = Your sign-in lasts until you sign out or Entrada closes; sign out when you leave the kiosk.
signin-lasts-tab = Your sign-in stays on this tab only; close the tab or sign out when you leave the kiosk.
signin-scanned = A ticket was scanned, but nobody is signed in on this kiosk. Sign in, then scan it again.

# Sign-in errors (ui/js/auth.js). { $code } is the server's error code, e.g. "server error".
signin-error-too-many = Too many sign-in attempts. Wait a minute, then try again.
signin-error-ended = Your sign-in has ended. Please sign in again.
signin-error-cancelled = Sign-in was cancelled.
signin-error-not-allowed = This account is not allowed to use the kiosk.
signin-error-failed-code = Sign-in failed ({ $code }).
signin-error-failed = Sign-in failed.
signin-error-unreachable = Cannot reach the kiosk server. Check that Entrada is running, then try again.
signin-error-link-invalid = This sign-in link is not valid any more. Please sign in again.
signin-error-please-sign-in = Please sign in.

# Why a sign-in ended by itself (shown on the sign-in screen).
signin-ended-disabled = Your sign-in ended: your user has been disabled. Ask an organiser if you should still have access.
signin-ended-reused = Your sign-in was ended for safety: it was used in two places at once. Sign in again to carry on.
signin-ended-revoked = Your sign-in was ended on the server: your user was disabled or its passphrase was changed. Sign in again, or ask an organiser.
signin-ended-expired = Your sign-in expired. Sign in again to carry on.
signin-ended = Your sign-in has ended. Sign in again to carry on.
signin-ended-device-revoked = This kiosk was a door device, but its door access has been revoked (on the Staff screen, or from another device). Sign in to carry on.

# Leaving kiosk mode (desktop app). { $name } is the signed-in person's name or email.
signin-leave-kiosk-title = Leave kiosk mode?
signin-leave-kiosk-as-organiser = Signed in as { $name }, organiser.
signin-leave-kiosk-explain = Closing keeps every check-in; start Entrada again to carry on. Kept open, Entrada becomes a normal window and starts that way until an organiser turns kiosk mode on again (Settings).
signin-leave-kiosk-close = Leave kiosk mode and close
signin-leave-kiosk-window = Leave kiosk mode, keep Entrada open
signin-leave-kiosk-closing = Closing Entrada…
signin-leave-kiosk-leaving = Leaving kiosk mode…
signin-leave-kiosk-door-title = An organiser must sign in
signin-leave-kiosk-door-lead = Only an organiser can leave kiosk mode and close Entrada.
signin-leave-kiosk-as-door-staff = You are signed in as { $name }, door staff. To close Entrada, sign out here and let an organiser sign in; or go back to the door and carry on.
signin-leave-kiosk-hand-over = Sign out and let an organiser sign in
signin-leave-kiosk-signing-out = Signing out…
