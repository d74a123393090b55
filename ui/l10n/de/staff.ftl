# Personal (ui/js/screens/staff.js): Konten des Personals, Rollen, Passwörter, Einlassgeräte.

staff-title = Team
staff-intro = Personen, die sich hier anmelden, und Einlassgeräte.
staff-intro-account = Personen, die sich bei { $account } anmelden, und Einlassgeräte.
staff-role-door = Einlasspersonal
staff-role-organiser = Veranstalter

## People
staff-people-title = Personen
staff-loading = Personal wird geladen…
staff-load-failed = Personal konnte nicht geladen werden
staff-empty = Noch niemand.
staff-col-person = Person
staff-role = Rolle
staff-col-last-sign-in = Letzte Anmeldung
staff-col-actions = Aktionen
staff-never-signed-in = Nie angemeldet
staff-you = (Sie)
staff-disabled = Gesperrt
staff-role-of = Rolle von { $name }
staff-enable = Freigeben
staff-enable-name = { $name } freigeben
staff-disable = Sperren
staff-disable-name = { $name } sperren
staff-reset = Neues Passwort
staff-reset-name = Neues Passwort für { $name }
staff-refused = { $what }: { $error }
staff-make-organiser-title = { $name } zum Veranstalter machen?
staff-make-organiser-body = Veranstalter dürfen alles: Veranstaltungen, Teilnehmer, Importe, Synchronisierung und Personal.
staff-make-door-title = { $name } zum Einlasspersonal machen?
staff-make-door-body = Einlasspersonal checkt Personen ein und scannt Tickets, sonst nichts.
staff-make-door-body-self = Das sind Sie: Die Veranstalter-Ansichten schließen sich für Sie.
staff-make-confirm = Rolle ändern
staff-now-organiser = { $name } ist jetzt Veranstalter.
staff-now-door = { $name } gehört jetzt zum Einlasspersonal.
staff-role-not-changed = Die Rolle wurde nicht geändert
staff-disable-title = { $name } sperren?
staff-disable-body-self = Das sind Sie: Sie werden sofort abgemeldet.
staff-disable-body = { $name } wird sofort überall abgemeldet und kann sich erst nach der Freigabe wieder anmelden. Die Check-ins bleiben erhalten.
staff-disabled-toast = { $name } ist gesperrt und abgemeldet.
staff-enabled-toast = { $name } kann sich wieder anmelden.
staff-not-disabled = Nicht gesperrt
staff-not-enabled = Nicht freigegeben
staff-reset-title = Passwort von { $name } zurücksetzen?
staff-reset-body = Ein neues temporäres Passwort wird erstellt und einmal angezeigt. Laufende Anmeldungen enden; das alte Passwort gilt nicht mehr.
staff-not-reset = Nicht zurückgesetzt

## Add a person
staff-add-person = Person hinzufügen
staff-add-intro = Neue Personen erhalten ein temporäres Passwort zum Anmelden.
staff-name = Name
staff-email = E-Mail
staff-email-hint = Damit meldet sich die Person an.
staff-role-door-hint = — Personen einchecken und Tickets scannen
staff-role-organiser-hint = — alles, auch Veranstaltungen und Personal
staff-add = Hinzufügen
staff-adding = Wird hinzugefügt…
staff-not-added-yet = Noch nicht hinzugefügt — Ihre Eingaben bleiben erhalten
staff-passphrase-added-title = { $name } kann sich jetzt anmelden
staff-passphrase-reset-title = Neues Passwort für { $name }
staff-passphrase-signs-in-with = { $role } · Anmeldung mit
staff-passphrase-label = Temporäres Passwort
staff-passphrase-once = Nur jetzt sichtbar.
staff-passphrase-warning = Geben Sie es persönlich weiter; Entrada speichert nur einen Fingerabdruck davon. Geht es verloren, setzen Sie das Passwort zurück.
staff-passphrase-done = Fertig: Ich habe es weitergegeben

## Door devices
staff-devices-title = Einlassgeräte
staff-devices-intro = Ein an den Eingang übergebener Kiosk checkt nur mit Einlassrechten ein, und dort tippt niemand ein Passwort. Den Einlassmodus verlässt nur ein Veranstalter.
staff-devices-in-use = Im Einsatz
staff-devices-load-failed = Einlassgeräte konnten nicht geladen werden
staff-devices-empty = Keine Einlassgeräte.
staff-device-since = Seit { $when }
staff-device-revoke = Widerrufen
staff-device-revoke-name = { $name } widerrufen
staff-device-revoke-body = Das Gerät checkt sofort niemanden mehr ein und zeigt die Anmeldung. Das lässt sich nicht rückgängig machen; übergeben Sie erneut einen Kiosk an den Eingang, um ein neues Einlassgerät einzurichten.
staff-device-gone = Dieses Einlassgerät war schon widerrufen.
