# Der Eingang: Scannen, Namenssuche, Fragen und Einlassmodus. Kurz, lesbar auf Armlänge.

door-title = Eingang
door-action-label = Aktion
door-place-label = Wo
door-place-door = Haupteingang
door-place-session = Session: { $session }
door-mode-in-at-door = Check-in am Eingang
door-mode-out-at-door = Check-out am Eingang
door-mode-in-session = Check-in · { $session }
door-mode-out-session = Check-out · { $session }
door-device-chip-help = Name dieses Geräts im Check-in-Verlauf (im Menü änderbar)

door-ready = Bereit zum Scannen
door-ready-help-camera = QR-Code des Tickets vor die Kamera halten, scannen oder Code oder Namen eingeben.
door-ready-help = QR-Code des Tickets scannen oder Code oder Namen eingeben.
door-checking = Wird geprüft…
door-scan-failed = Code konnte nicht geprüft werden
door-decided-here = hier entschieden
door-decided-here-help = Der Hub vor Ort hat nicht rechtzeitig geantwortet: Dieser Kiosk hat allein entschieden. Die anderen Eingänge erfahren es bei der nächsten Synchronisierung.

door-admit = Einlassen
door-admitting = Wird eingelassen…
door-refuse = Abweisen
door-note-label = Hinweis für den Einlass
door-note-title = Hinweis · { $name }

door-undo-last = Letzten Scan rückgängig
door-undo-name = Rückgängig: { $name }
door-undone-check-in = Check-in zurückgenommen: nicht eingecheckt
door-undone-check-out = Check-out zurückgenommen: wieder eingecheckt
door-undo-failed = Rückgängig machen fehlgeschlagen.

door-recent = Letzte Scans
door-recent-none = Noch keine Scans auf diesem Gerät.

door-code-label = Ticket-Code
door-code-example = z. B. 7KQ2-MXW9-PD3A-H8RT
door-code-submit = Prüfen

door-camera-starting = Kamera startet…
door-camera-live = Kamera an: QR-Code in den Rahmen halten
door-camera-paused = Kamera pausiert
door-camera-none = Keine Kamera: Scanner benutzen oder Code eingeben.
door-camera-error = Die Kamera ist nicht verfügbar. Scanner benutzen oder Code eingeben.
door-camera-pause = Kamera pausieren
door-camera-retry = Kamera neu versuchen
door-camera-start = Kamera starten
door-camera-choose = Kamera
door-camera-numbered = Kamera { $number }

door-search-label = Name
door-search-placeholder = Namen eingeben
door-search-results = Gefundene Personen
door-search-none-for = Niemand gefunden für „{ $query }“
door-search-none = Niemand gefunden
door-search-found = { $count ->
    [one] 1 Person gefunden
   *[other] { $count } Personen gefunden
}
door-search-failed = Die Suche hat nicht geklappt.

door-questions-title = { $name } fragen
door-questions-submit = Einchecken
door-questions-submitting = Wird eingecheckt…
door-questions-skip = Überspringen
door-questions-fix = Bitte die markierten Antworten korrigieren.

door-device-hand-over = Kiosk dem Einlass übergeben
door-device-confirm-title = Diesen Kiosk dem Einlass übergeben?
door-device-confirm-body = „{ $device }“ wird ein Einlassgerät: Es checkt Personen ein und scannt Tickets, ohne Veranstalter-Ansichten, und niemand muss ein Passwort eingeben. Sie werden hier abgemeldet. Um den Einlassmodus zu verlassen, muss sich ein Veranstalter anmelden.
door-device-confirm = Dem Einlass übergeben
door-device-failed = Der Kiosk bleibt bei Ihnen: { $error }

door-leave-title = Einlassmodus verlassen?
door-leave-lead = Dieser Kiosk ist ein Einlassgerät: Er checkt Personen nur mit Einlassrechten ein.
door-leave-how = Damit er wieder ein normaler Kiosk wird, meldet sich ein Veranstalter an. Dann wird sein Eingangszugang widerrufen, und der Kiosk läuft als Veranstalter weiter. Wenn sich Einlasspersonal hier anmeldet, endet der Einlassmodus nicht.
door-leave-sign-in = Veranstalter anmelden
door-leave-opening = Anmeldung wird geöffnet…
door-leave-open-failed = Die Anmeldung ließ sich nicht öffnen. Bitte noch einmal versuchen.
door-leave-back = Zurück zum Eingang
door-leave-refused-title = Nur ein Veranstalter kann den Einlassmodus verlassen
door-leave-refused-words = Sie haben sich als { $name } (Einlasspersonal) angemeldet. Dieser Kiosk bleibt ein Einlassgerät, und Ihre eigene Anmeldung ist hier beendet.
door-leave-refused-how = Um den Einlassmodus zu verlassen, meldet sich ein Veranstalter an.
door-leave-working-title = Einlassmodus wird verlassen
door-leave-working = Eingangszugang dieses Kiosks wird widerrufen…
door-leave-keep = Einlassmodus behalten
door-leave-failed-title = Einlassmodus noch nicht verlassen
door-leave-failed = Der Eingangszugang dieses Kiosks konnte nicht widerrufen werden
door-leave-done = Einlassmodus beendet. Dieser Kiosk ist als { $name } angemeldet.
