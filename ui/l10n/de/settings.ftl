# Einstellungen (ui/js/screens/settings.js): Sprache, lokale API, dieser Computer, Integrationen, Einlassgerät, Hub vor Ort.

settings-title = Einstellungen

## Sprache
settings-language-title = Sprache
settings-language-hint = Gilt für diesen Kiosk. Bleibt auf diesem Gerät gespeichert.

## Lokale API
settings-api-title = Lokale API
settings-api-address-local = Lokale API für andere Programme auf diesem Computer: { $address }
settings-api-address = API für andere Programme: { $address }
settings-address = Adresse
settings-api-auth = Programme melden sich mit Client-Zugangsdaten an (OAuth 2 Client Credentials) und senden das Token als „Authorization: Bearer …“.
settings-api-reference-at = Die API-Referenz finden Sie unter { $url }.
settings-api-reference = API-Referenz

## Kopieren
settings-copy = Kopieren
settings-copy-label = { $what } kopieren
settings-copied = Kopiert
settings-copied-toast = Kopiert.
settings-copy-impossible = Kopieren geht hier nicht: Der Text ist markiert, kopieren Sie ihn mit Strg+C.

## Dieser Computer
settings-desktop-title = Dieser Computer
settings-desktop-kiosk = Entrada läuft im Kiosk-Modus: Vollbild, Bildschirm bleibt an, nach { $idle } ohne Nutzung zurück zum Eingang. Zum Schließen braucht es einen Veranstalter.
settings-desktop-app = Entrada läuft als Desktop-App mit eigenem Server auf diesem Computer.
settings-kiosk-on = Kiosk-Modus auf diesem Computer
settings-kiosk-starting = Kiosk-Modus startet…
settings-kiosk-mode-words = Kiosk-Modus: Vollbild, Bildschirm bleibt an, nach { $idle } ohne Nutzung zurück zum Eingang; Schließen oder Verlassen nur durch einen Veranstalter. Entrada startet im Kiosk-Modus, bis ein Veranstalter ihn verlässt.
settings-idle-seconds = { $count ->
    [one] 1 Sekunde
   *[other] { $count } Sekunden
}
settings-idle-minutes = { $count ->
    [one] 1 Minute
   *[other] { $count } Minuten
}

settings-organisers-only = Zugangsdaten für lokale Integrationen (Namensschild-Drucker, Drehkreuz, Skript) legen Veranstalter hier an.

## Zugangsdaten für eine lokale Integration
settings-integrations-title = Zugangsdaten für eine lokale Integration
settings-integrations-words = Für einen Namensschild-Drucker, ein Drehkreuz oder ein Skript auf diesem Computer: Es bekommt eine eigene Client-ID und ein Secret und holt sich seine Tokens selbst bei der lokalen API.
settings-integration-name = Name
settings-integration-name-placeholder = z. B. Namensschild-Drucker an Eingang 2
settings-integration-name-hint = Was das Programm ist, damit Sie es in der Liste wiedererkennen.
settings-integration-name-missing = Bitte einen Namen angeben.
settings-scopes-legend = Was es darf
settings-scopes-missing = Mindestens eins ankreuzen.
settings-scope-read = Lesen
settings-scope-read-hint = Veranstaltungen, Teilnehmer und Check-in-Verlauf sehen.
settings-scope-write = Schreiben
settings-scope-write-hint = Teilnehmer, Veranstaltungen und Formulare anlegen und ändern.
settings-scope-check-in = Check-in
settings-scope-check-in-hint = Personen ein- und auschecken, Codes scannen.
settings-create = Zugangsdaten anlegen
settings-creating = Wird angelegt…
settings-not-created = Nicht angelegt

## Die neuen Zugangsdaten, einmal gezeigt
settings-secret-title = Zugangsdaten für „{ $name }“
settings-secret-warning = Kopieren Sie das Secret jetzt: Es wird nicht noch einmal gezeigt.
settings-secret-fingerprint = Entrada speichert nur einen Fingerabdruck davon. Geht es verloren, widerrufen Sie diese Zugangsdaten und legen neue an.
settings-client-id = Client-ID
settings-client-secret = Client-Secret
settings-secret-may = Darf:
settings-token-example = Token holen (Beispiel)
settings-token-then = Dann damit die API aufrufen, z. B. { $command }. Läuft das Token ab, ein neues holen.
settings-secret-done = Fertig: Secret ist kopiert

## Liste der Integrationen
settings-integrations-list = Integrationen
settings-integrations-load-failed = Integrationen konnten nicht geladen werden
settings-integrations-empty = Noch keine Integrationen.
settings-col-name = Name
settings-col-may = Darf
settings-col-created = Angelegt
settings-col-actions = Aktionen
settings-scope-word-read = lesen
settings-scope-word-write = schreiben
settings-scope-word-check-in = einchecken

## Widerrufen
settings-revoke = Widerrufen
settings-revoke-label = { $name } widerrufen
settings-revoke-title = „{ $name }“ widerrufen?
settings-revoke-body = Programme mit diesen Zugangsdaten funktionieren sofort nicht mehr: Ihre Tokens werden abgelehnt. Das lässt sich nicht rückgängig machen.
settings-revoke-gone = Diese Zugangsdaten waren schon widerrufen.
settings-revoked = „{ $name }“ widerrufen.
settings-not-revoked = Nicht widerrufen: { $reason }

## Einlassgerät
settings-door-device-title = Einlassgerät
settings-door-device-words = Machen Sie diesen Kiosk zum Einlassgerät: Er checkt nur mit Einlass-Rechten ein, niemand tippt ein Passwort, und das bleibt auch nach einem Neustart so. Sie werden hier abgemeldet; den Einlassmodus verlässt nur ein Veranstalter. Die Seite Personal listet die Einlassgeräte.

## Hub vor Ort
settings-hub-title = Hub vor Ort
settings-hub-words = Mehrere Eingänge an einem Ort: Ein Entrada ist der Hub, die Kiosks an den anderen Eingängen verbinden sich mit ihm. So wird ein an einem Eingang eingelassenes Ticket am nächsten abgelehnt.
settings-hub-serving = Dies ist der Hub vor Ort „{ $name }“. Zeigen Sie einem neuen Kiosk eine Kopplungskarte und sehen Sie die verbundenen Geräte.
settings-hub-joined = Dieser Kiosk synchronisiert mit dem Hub vor Ort „{ $name }“.
