# Rahmen aller Ansichten (Kopfleiste, Menü, Sync-Anzeige, Fehler); „Einlass“ für door device/mode, Sie-Form.

## Static markup (index.html)
shell-skip-link = Zum Inhalt springen
shell-nav-label = Ansichten

## Navigation
shell-nav-door = Eingang
shell-nav-attendees = Teilnehmer
shell-nav-walk-in = Vor Ort
shell-nav-form = Formular
shell-nav-sync = Sync
shell-nav-data = Daten
shell-nav-staff = Team

## Top bar
shell-choose-event = Veranstaltung wählen
shell-change-event = Veranstaltung wechseln
shell-event-title = { $name } – Veranstaltung wechseln
shell-user-menu-label = { $initials }: { $name } ({ $role }), Menü
shell-user-menu = Menü
shell-role-door-device = Einlassgerät
shell-role-organiser = Veranstalter
shell-role-door = Einlasspersonal

## Demo event
shell-demo-tag = Demo
shell-demo-tag-title = Dies ist eine Demo-Veranstaltung mit erfundenen Gästen.
shell-demo-tag-remove-title = Dies ist eine Demo-Veranstaltung. Tippen, um die Demodaten zu entfernen.
shell-demo-tag-remove-label = Demo-Veranstaltung: Demodaten entfernen
shell-demo-remove-title = Demodaten entfernen?
shell-demo-remove-body = Die Demo-Veranstaltung wird mit allen Teilnehmern und Check-ins gelöscht. Ihre eigenen Veranstaltungen bleiben.
shell-demo-remove = Demodaten entfernen
shell-demo-not-removed = Die Demodaten wurden nicht entfernt: { $error }
shell-demo-removed = Demodaten entfernt.
shell-demo-card-title = Demodaten
shell-demo-card-text = { $count ->
    [one] { $names } ist eine Demo-Veranstaltung mit erfundenen Gästen.
   *[other] { $names } sind Demo-Veranstaltungen mit erfundenen Gästen.
}
shell-demo-quoted = „{ $name }“

## Menu
shell-device-name-label = Name dieses Geräts
shell-sounds = Töne beim Scannen
shell-settings = Einstellungen
shell-get-started = Erste Schritte
shell-hand-to-door = An den Einlass übergeben
shell-hand-failed = Der Kiosk bleibt bei Ihnen: { $error }
shell-leave-kiosk = Kioskmodus beenden
shell-leave-door = Einlassmodus beenden
shell-sign-out = Abmelden
# An invitation to another account (an organiser there added this person), in the menu:
# $account is that account's name, $role the role it offers (shell-role-organiser or shell-role-door).
shell-invitation = Einladung zu { $account } als { $role }
shell-invitation-accept = Annehmen
shell-invitation-decline = Ablehnen
shell-invitation-failed = Die Einladung wurde nicht beantwortet: { $error }

## Counters
shell-counters-label = eingecheckt
shell-counters-title = { $checkedIn } eingecheckt, { $checkedOut } ausgecheckt, { $notYet } noch nicht; { $recent } in den letzten 5 Minuten

## Online and sync badge
shell-online = Online
shell-online-title = Der Kiosk-Server antwortet.
shell-offline = Offline
shell-offline-title = Der Kiosk-Server antwortet nicht. Scans schlagen fehl, bis er wieder da ist.
shell-disk-full = Festplatte voll
shell-disk-full-title = Die Festplatte dieses Computers ist voll: Check-ins und Änderungen werden nicht gespeichert. Geben Sie Speicherplatz frei; Entrada macht dann von selbst weiter.
shell-sync-parked = Sync: { $count } zu prüfen
shell-sync-downloading = Lädt herunter…
shell-sync-offline = Sync offline
shell-sync-offline-waiting = Sync offline · { $count } wartend
shell-sync-syncing = Sync läuft · { $count }
shell-synced = Synchronisiert
shell-sync-title = Letzte Synchronisierung: { $when }
shell-sync-title-problem = Letzte Synchronisierung: { $when }. Letztes Problem: { $problem }

## Boot and refusals (app.js)
shell-starting = Wird gestartet…
shell-signing-in = Anmeldung läuft…
shell-no-account-title = Kein Konto
shell-no-account-text = Ihr Benutzer gehört zu keinem Konto. Bitten Sie einen Veranstalter, Sie hinzuzufügen.
shell-could-not-start = Start fehlgeschlagen
shell-leave-kiosk-note = Um den Kioskmodus zu beenden und Entrada zu schließen, meldet sich ein Veranstalter an.
shell-refusal-title = Nur für Veranstalter
shell-refusal-form = Der Formulareditor ist nur für Veranstalter.
shell-refusal-walk-in = Die Vor-Ort-Anmeldung ist nur für Veranstalter.
shell-refusal-sync = Die Einstellungen zur Synchronisierung sind nur für Veranstalter.
shell-refusal-data = Import und Export von Teilnehmern sind nur für Veranstalter.
shell-refusal-attendees = Das Bearbeiten von Teilnehmern ist nur für Veranstalter.
shell-refusal-staff = Die Verwaltung des Personals ist nur für Veranstalter.
shell-refusal-event-edit = Die Verwaltung von Veranstaltungen ist nur für Veranstalter.
shell-refusal-hub = Der Hub am Veranstaltungsort ist nur für Veranstalter.
shell-refusal-other = Diese Ansicht ist nur für Veranstalter.
shell-refusal-door-device = Dieser Kiosk ist ein Einlassgerät und checkt Personen ein; ein Veranstalter kann den Einlassmodus im Menü beenden.
shell-refusal-door-staff = Sie sind als Einlasspersonal angemeldet und checken Personen ein.
shell-back-to-door = Zurück zum Eingang

## Devices and places
shell-door-device = Einlassgerät
shell-device-default-name = Kiosk { $number }
shell-place-door = Eingang
shell-place-session = Session { $id }
shell-desktop-nothing-happened = Nichts ist passiert. Versuchen Sie es erneut; klappt es weiter nicht, starten Sie den Computer neu.
shell-camera-blocked = Die Kamera ist für Entrada gesperrt. Erlauben Sie die Kamera in den Systemeinstellungen und versuchen Sie es erneut.
shell-camera-failed = Die Kamera ließ sich nicht starten (vielleicht nutzt sie ein anderes Programm). Scanner verwenden oder Code eingeben.
shell-badge-unreadable = Das Namensschild konnte nicht gelesen werden.

## Errors the UI words itself (the server's own messages come translated)
shell-error-network = Der Kiosk-Server ist nicht erreichbar. Prüfen Sie, ob Entrada läuft, und versuchen Sie es erneut.
shell-error-rejected = Die Anfrage wurde nicht angenommen.
shell-error-rejected-detail = Die Anfrage wurde nicht angenommen: { $detail }.
shell-error-signed-out = Ihre Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.
shell-error-forbidden = Das ist mit Ihrer Rolle nicht erlaubt. Fragen Sie einen Veranstalter.
shell-error-not-found = Nicht gefunden. Vielleicht wurde es gelöscht.
shell-error-not-found-detail = Nicht gefunden: { $detail }.
shell-error-timeout = Der Server hat zu lange nicht geantwortet. Versuchen Sie es erneut.
shell-error-conflict = Das läuft bereits (vielleicht auf einem anderen Gerät). Warten Sie kurz und versuchen Sie es dann erneut.
shell-error-too-large = Das ist zu groß zum Senden.
shell-error-check-entries = Bitte die markierten Angaben prüfen.
shell-error-too-many = Gerade zu viele Anfragen. Warten Sie ein paar Sekunden und versuchen Sie es dann erneut.
shell-error-disk-full = Die Festplatte dieses Computers ist voll: Das wurde nicht gespeichert. Geben Sie Speicherplatz frei und versuchen Sie es erneut.
shell-error-server = Der Kiosk-Server hatte ein Problem. Versuchen Sie es erneut; passiert es wieder, starten Sie Entrada neu.
shell-error-unexpected = Unerwartete Antwort vom Server ({ $status }).
shell-error-cancelled = Abgebrochen.
