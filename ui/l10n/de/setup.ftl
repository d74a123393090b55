# Ersteinrichtung: den ersten Veranstalter anlegen.

setup-title = Entrada einrichten
setup-lead = Legen Sie den ersten Veranstalter an: Sie selbst. Sie melden sich mit dieser E-Mail-Adresse und diesem Passwort an.
setup-name-label = Ihr Name
setup-name-hint = So sieht Ihr Personal ihn.
setup-email-label = Ihre E-Mail-Adresse
setup-email-hint = Damit melden Sie sich an.
setup-password-label = Passwort
setup-password-hint = Mindestens { $min } Zeichen. Ein paar Wörter, die Sie sich merken können, eignen sich gut.
setup-password-show = Zeigen
setup-password-hide = Verbergen
setup-password-show-label = Passwort zeigen
setup-password-hide-label = Passwort verbergen

setup-strength-label = Stärke des Passworts
setup-strength-too-short = Zu kurz
setup-strength-weak = Schwach
setup-strength-fair = Mittel
setup-strength-good = Gut
setup-strength-strong = Stark
setup-strength-hint-weak = Stärke: schwach. Leicht zu erraten: Fügen Sie ein paar Wörter hinzu.
setup-strength-hint-fair = Stärke: mittel. Ein oder zwei Wörter mehr machen sie stärker.
setup-strength-hint-good = Stärke: gut.
setup-strength-hint-strong = Stärke: stark.
setup-strength-short = Zu kurz: { $count } von { $min } Zeichen.

setup-submit = Veranstalter anlegen und anmelden
setup-creating = Wird angelegt…
setup-signing-in = Anmeldung läuft…
setup-name-missing = Geben Sie Ihren Namen ein.
setup-email-missing = Geben Sie Ihre E-Mail-Adresse ein.
setup-email-invalid = Das sieht nicht nach einer E-Mail-Adresse aus.
setup-password-missing = Wählen Sie ein Passwort mit mindestens { $min } Zeichen.
setup-password-too-short = Zu kurz: Verwenden Sie mindestens { $min } Zeichen (jetzt { $count }).

setup-unreachable = Entrada ist nicht erreichbar. Prüfen Sie, ob es läuft, und versuchen Sie es erneut.
setup-already = Entrada ist bereits eingerichtet. Melden Sie sich an.
setup-not-here = Die Einrichtung muss am Kiosk-Computer selbst erfolgen. Öffnen Sie Entrada auf diesem Computer (unter http://localhost:…) und richten Sie es dort ein.
setup-too-many = Zu viele Versuche. Warten Sie eine Minute und versuchen Sie es dann erneut.
setup-failed = Entrada konnte das nicht ausführen ({ $status }). Versuchen Sie es erneut.
setup-failed-error = Entrada konnte das nicht ausführen ({ $status }: { $error }). Versuchen Sie es erneut.
setup-sign-in-needed = Ihr Veranstalterkonto ist bereit. Melden Sie sich mit der E-Mail-Adresse und dem Passwort an, die Sie gerade gewählt haben.
