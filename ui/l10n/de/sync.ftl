# Synchronisierung (ui/js/screens/sync.js): Remote-Server, Status, zurückgestellte Einträge, Konflikte.

sync-title = Synchronisierung
sync-run = Jetzt synchronisieren
sync-running = Läuft…
sync-run-waiting = Es läuft bereits eine Runde; warten, bis sie fertig ist…
sync-run-done = Fertig: { $confirmed } gesendet und bestätigt, { $pulled } empfangen, { $parked } zurückgestellt, { $pending } warten noch.
sync-run-unreachable = Der Remote-Server war nicht erreichbar. Änderungen warten hier und gehen bei der nächsten Runde raus.
sync-run-unreachable-because = Der Remote-Server war nicht erreichbar: { $error }. Änderungen warten hier und gehen bei der nächsten Runde raus.

## State
sync-state-title = Status
sync-state-sync = Synchronisierung
sync-state-configured = Eingerichtet
sync-state-not-configured = Nicht eingerichtet
sync-state-remote = Remote-Server
sync-state-online = Online
sync-state-offline = Offline
sync-state-last-success = Letzter Erfolg
sync-state-last-attempt = Letzter Versuch
sync-state-pending = Noch zu senden
sync-last-problem = Letztes Problem: { $error }

## Parked entries
sync-parked-title = Zurückgestellte Einträge
sync-parked-intro = Vom Remote-Server abgelehnte Änderungen. Korrigieren und erneut senden oder verwerfen.
sync-parked-none = Nichts zurückgestellt: Der Remote-Server hat jede Änderung angenommen.
sync-kind-attendee-create = Neuer Teilnehmer
sync-kind-attendee-update = Teilnehmer geändert
sync-kind-check-in = Check-in
sync-kind-check-out = Check-out
sync-kind-undo = Rückgängig
sync-kind-field-create = Neues Formularfeld
sync-kind-field-update = Formularfeld geändert
sync-kind-field-delete = Formularfeld gelöscht
sync-parked-head = { $kind } · Datensatz { $record }
sync-parked-when = zurückgestellt { $ago }
sync-parked-remote-said = Antwort des Remote-Servers:
sync-parked-no-message = (keine Meldung)
sync-parked-http = (HTTP { $status })
sync-parked-retry = Erneut senden
sync-parked-edit = Bearbeiten
sync-parked-drop = Verwerfen
sync-parked-retried = Wird bei der nächsten Runde erneut gesendet.
sync-parked-body-label = Stattdessen senden
sync-parked-save = Speichern und senden
sync-parked-bad-json = Kein gültiges JSON: Anführungszeichen, Kommas und Klammern prüfen.
sync-parked-not-object = Der Inhalt muss ein Objekt sein ({"{"} ... {"}"}).
sync-parked-saved = Gespeichert; wird bei der nächsten Runde erneut gesendet.
sync-drop-title = { $kind ->
    [attendee_create] Diesen neuen Teilnehmer verwerfen?
    [attendee_update] Diese Teilnehmeränderung verwerfen?
    [check_in] Diesen Check-in verwerfen?
    [check_out] Diesen Check-out verwerfen?
    [undo] Dieses Rückgängigmachen verwerfen?
    [field_create] Dieses neue Formularfeld verwerfen?
    [field_update] Diese Feldänderung verwerfen?
    [field_delete] Diese Feldlöschung verwerfen?
   *[other] Diese Änderung ({ $kind }) verwerfen?
}
sync-drop-body = Der Remote-Server erhält diese Änderung nie. Das lässt sich nicht rückgängig machen.
sync-drop-confirm = Verwerfen
sync-dropped = Verworfen.

## Conflicts
sync-conflicts-title = Konflikte
sync-conflicts-none = Keine Konflikte.
sync-conflict-duplicate-entry = An zwei Kiosks eingecheckt (ein Check-in behalten)
sync-conflict-edit = Hier und auf dem Remote-Server bearbeitet
sync-conflict-deleted-remotely = Auf dem Remote-Server gelöscht, hier aber geändert
sync-conflict-attendee = Teilnehmer { $id }

## Remote server
sync-config-title = Remote-Server
sync-config-base-url = Basis-URL der Remote-API
sync-config-base-url-hint = Endet auf /api/v2.
sync-config-auth-url = Auth-URL
sync-config-auth-url-hint = Der Host, der /oauth/token bereitstellt.
sync-config-client-id = Client-ID
sync-config-client-secret = Client-Secret
sync-config-secret-stored = Gespeichert — leer lassen, um es zu behalten
sync-config-secret-hint = Nur schreibbar: Es wird nie wieder angezeigt.
sync-config-events = Remote-Veranstaltungs-IDs
sync-config-events-hint = IDs der zu spiegelnden Veranstaltungen, durch Kommas getrennt.
sync-config-save = Einstellungen speichern
sync-config-saved = Synchronisierungseinstellungen gespeichert.
sync-config-bad-url = Vollständige http(s)-Adresse eingeben.
sync-config-required = Erforderlich.
sync-config-secret-required = Beim ersten Mal erforderlich.
sync-config-bad-events = Eine oder mehrere Veranstaltungs-IDs (Zahlen) eingeben, durch Kommas getrennt.
