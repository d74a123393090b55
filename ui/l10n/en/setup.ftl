# First-run set-up: creating the first organiser. { $min } is the shortest passphrase allowed.

setup-title = Set up Entrada
setup-lead = Create the first organiser: you. You will sign in with this email and passphrase.
setup-name-label = Your name
setup-name-hint = As your staff will see it.
setup-email-label = Your email
setup-email-hint = You sign in with it.
setup-password-label = Passphrase
setup-password-hint = At least { $min } characters. A few words you can remember work well.
setup-password-show = Show
setup-password-hide = Hide
setup-password-show-label = Show the passphrase
setup-password-hide-label = Hide the passphrase

setup-strength-label = Passphrase strength
setup-strength-too-short = Too short
setup-strength-weak = Weak
setup-strength-fair = Fair
setup-strength-good = Good
setup-strength-strong = Strong
setup-strength-hint-weak = Strength: weak. Easy to guess: add a few more words.
setup-strength-hint-fair = Strength: fair. One or two more words make it stronger.
setup-strength-hint-good = Strength: good.
setup-strength-hint-strong = Strength: strong.
# { $count }: the characters typed so far.
setup-strength-short = Too short: { $count } of { $min } characters.

setup-submit = Create organiser and sign in
setup-creating = Creating…
setup-signing-in = Signing in…
setup-name-missing = Enter your name.
setup-email-missing = Enter your email.
setup-email-invalid = This does not look like an email address.
setup-password-missing = Choose a passphrase of at least { $min } characters.
setup-password-too-short = Too short: use at least { $min } characters (now { $count }).

setup-unreachable = Cannot reach Entrada. Check that it is running, then try again.
setup-already = Entrada is already set up. Sign in.
setup-not-here = Set-up must be done on the kiosk computer itself. Open Entrada on that computer (at http://localhost:…) and set it up there.
setup-too-many = Too many attempts. Wait a minute, then try again.
# { $status }: the HTTP status (e.g. 500); { $error }: the server's error word.
setup-failed = Entrada could not do this ({ $status }). Try again.
setup-failed-error = Entrada could not do this ({ $status }: { $error }). Try again.
setup-sign-in-needed = Your organiser account is ready. Sign in with the email and passphrase you just chose.
