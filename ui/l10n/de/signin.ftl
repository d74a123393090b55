# Anmeldung: Startseite, Anmeldefehler, Gründe für eine beendete Anmeldung, Kioskmodus verlassen.

signin-button = Anmelden
signin-opening = Anmeldung wird geöffnet…
signin-could-not-start = Die Anmeldung ließ sich nicht starten. Laden Sie die Seite neu und versuchen Sie es erneut.
signin-lead = Check-in für Veranstaltungen. Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.
signin-lasts-desktop = Ihre Anmeldung gilt, bis Sie sich abmelden oder Entrada geschlossen wird. Melden Sie sich ab, wenn Sie den Kiosk verlassen.
signin-lasts-tab = Ihre Anmeldung gilt nur in diesem Tab. Schließen Sie den Tab oder melden Sie sich ab, wenn Sie den Kiosk verlassen.
signin-scanned = Ein Ticket wurde gescannt, aber an diesem Kiosk ist niemand angemeldet. Melden Sie sich an und scannen Sie es erneut.

signin-error-too-many = Zu viele Anmeldeversuche. Warten Sie eine Minute und versuchen Sie es dann erneut.
signin-error-ended = Ihre Anmeldung ist beendet. Bitte melden Sie sich erneut an.
signin-error-cancelled = Die Anmeldung wurde abgebrochen.
signin-error-not-allowed = Dieses Konto darf den Kiosk nicht verwenden.
signin-error-failed-code = Anmeldung fehlgeschlagen ({ $code }).
signin-error-failed = Anmeldung fehlgeschlagen.
signin-error-unreachable = Der Kiosk-Server ist nicht erreichbar. Prüfen Sie, ob Entrada läuft, und versuchen Sie es erneut.
signin-error-link-invalid = Dieser Anmeldelink ist nicht mehr gültig. Bitte melden Sie sich erneut an.
signin-error-please-sign-in = Bitte melden Sie sich an.

signin-ended-disabled = Ihre Anmeldung wurde beendet: Ihr Benutzer wurde deaktiviert. Fragen Sie einen Veranstalter, ob Sie noch Zugang haben sollten.
signin-ended-reused = Ihre Anmeldung wurde zur Sicherheit beendet: Sie wurde an zwei Orten gleichzeitig verwendet. Melden Sie sich erneut an, um weiterzumachen.
signin-ended-revoked = Ihre Anmeldung wurde auf dem Server beendet: Ihr Benutzer wurde deaktiviert oder sein Passwort geändert. Melden Sie sich erneut an oder fragen Sie einen Veranstalter.
signin-ended-expired = Ihre Anmeldung ist abgelaufen. Melden Sie sich erneut an, um weiterzumachen.
signin-ended = Ihre Anmeldung wurde beendet. Melden Sie sich erneut an, um weiterzumachen.
signin-ended-device-revoked = Dieser Kiosk war ein Einlassgerät, aber sein Zugang zum Eingang wurde widerrufen (unter Personal oder auf einem anderen Gerät). Melden Sie sich an, um weiterzumachen.

signin-leave-kiosk-title = Kioskmodus verlassen?
signin-leave-kiosk-as-organiser = Angemeldet als { $name }, Veranstalter.
signin-leave-kiosk-explain = Beim Schließen bleiben alle Check-ins erhalten; starten Sie Entrada erneut, um weiterzumachen. Bleibt Entrada offen, wird es ein normales Fenster und startet so, bis ein Veranstalter den Kioskmodus wieder einschaltet (Einstellungen).
signin-leave-kiosk-close = Kioskmodus verlassen und schließen
signin-leave-kiosk-window = Kioskmodus verlassen, Entrada offen lassen
signin-leave-kiosk-closing = Entrada wird geschlossen…
signin-leave-kiosk-leaving = Kioskmodus wird verlassen…
signin-leave-kiosk-door-title = Ein Veranstalter muss sich anmelden
signin-leave-kiosk-door-lead = Nur ein Veranstalter kann den Kioskmodus verlassen und Entrada schließen.
signin-leave-kiosk-as-door-staff = Sie sind als { $name } angemeldet (Einlasspersonal). Um Entrada zu schließen, melden Sie sich hier ab und übergeben an einen Veranstalter – oder gehen Sie zurück zum Eingang und machen weiter.
signin-leave-kiosk-hand-over = Abmelden und Veranstalter anmelden lassen
signin-leave-kiosk-signing-out = Wird abgemeldet…
