# Hub vor Ort (ui/js/screens/hub.js): der Hub, seine Kopplungskarte, Verbinden, Geräte.

hub-title = Hub vor Ort
hub-lead = Mehrere Eingänge, ein Ort, kein Internet: Ein Entrada ist der Hub vor Ort, die Kiosks an den anderen Eingängen verbinden sich mit ihm. Ein an einem Eingang eingelassenes Ticket wird dann am nächsten abgelehnt.
hub-failed = Dieser Computer konnte nicht zum Hub vor Ort werden.
hub-load-failed = Hub vor Ort konnte nicht geladen werden

## Dieses Entrada ist der Hub
hub-serving-title = Dies ist der Hub vor Ort „{ $name }“
hub-serving-words = Kiosks in diesem Netzwerk finden ihn unter seinem Namen. Zum Verbinden öffnen Sie auf dem Kiosk Einstellungen → Hub vor Ort → Mit Hub verbinden und zeigen ihm eine Kopplungskarte von hier.
hub-show-card = Kopplungskarte zeigen
hub-stop = Hub beenden
hub-stopping = Hub wird beendet…
hub-stop-words = Die verbundenen Kiosks entscheiden dann allein an ihren Eingängen, bis wieder ein Hub antwortet.
hub-address = Adresse
hub-addresses = Adressen
hub-fingerprint = Zertifikat-Fingerabdruck

## Verbundene Geräte
hub-devices-title = Geräte
hub-devices-words = Die Kiosks, die mit diesem Hub verbunden sind. Jeder meldet sich nach jeder Synchronisierung; widerrufen Sie einen, der verloren ist oder nicht mehr Ihnen gehört.
hub-devices-load-failed = Geräte konnten nicht geladen werden
hub-devices-empty = Noch kein Kiosk verbunden.
hub-col-kiosk = Kiosk
hub-col-door = Eingang
hub-col-contact = Letzter Kontakt
hub-col-pending = Noch nicht hier
hub-col-actions = Aktionen
hub-device-revoked = Widerrufen { $when }
hub-device-no-contact = Noch nicht
hub-device-revoke = Widerrufen
hub-device-revoke-label = { $name } widerrufen
hub-revoke-body = Dieser Kiosk kann sofort nicht mehr mit dem Hub synchronisieren. Sein Eingang arbeitet allein weiter; zum erneuten Verbinden braucht er eine neue Kopplungskarte.
hub-revoke-gone = Dieser Kiosk war schon widerrufen.

## Dieser Kiosk ist mit einem Hub verbunden
hub-joined-title = Dieser Kiosk synchronisiert mit dem Hub vor Ort „{ $name }“
hub-joined-words = Jeder Scan fragt zuerst den Hub, damit ein an einem anderen Eingang genutztes Ticket hier abgelehnt wird. Antwortet der Hub nicht rechtzeitig, entscheidet der Kiosk allein und der Eingang zeigt „hier entschieden“.
hub-joined-records = Seine Daten sind die des Hubs: Für einen anderen Hub richten Sie einen neuen Kiosk ein (eine neue Datenbank).
hub-sync-status = Sync-Status

## Weder noch: mit einem Hub verbinden oder dies zum Hub machen
hub-join-title = Mit Hub verbinden
hub-join-words = Für einen Kiosk an einem der Eingänge: Er findet den Hub in diesem Netzwerk, Sie zeigen ihm die Kopplungskarte des Hubs, und ab dann synchronisiert er mit dem Hub.
hub-make-title = Zum Hub machen
hub-make-words = Ein Computer pro Ort, im selben Netzwerk wie die Eingänge, der den ganzen Tag läuft. Er bedient die anderen Kiosks über HTTPS und kann selbst noch ein Eingang sein.
hub-make-how = Starten Sie den Server auf diesem Computer mit: { $command } (oder schalten Sie es in der Entrada-Desktop-App ein).
hub-name = Name des Hubs
hub-name-placeholder = z. B. Halle A
hub-name-hint = So listen ihn die Kiosks, z. B. nach der Halle, in der er steht. Leer: „Entrada hub“ und eine Nummer.
hub-make-restart = Entrada startet dafür seinen Server neu: Die Seiten laden neu, niemand wird abgemeldet.
hub-make-starting = Hub wird gestartet…

## Die Kopplungskarte
hub-card-title = Kopplungskarte
hub-card-making = Kopplungskarte wird erstellt…
hub-card-failed = Keine Kopplungskarte
hub-card-qr-alt = QR-Code der Kopplungskarte von { $name }
hub-card-how = Auf dem neuen Kiosk: Einstellungen → Hub vor Ort → Mit Hub verbinden, dann diese Karte vor seine Kamera halten oder den Code eintippen.
hub-card-code = Einmal-Code
hub-card-left = Noch { $left } gültig, für einen Kiosk.
hub-card-expired = Dieser Code ist abgelaufen. Erstellen Sie einen neuen.
hub-card-new = Neuer Code
hub-card-done = Fertig

## Mit dem Hub verbinden
hub-join-lead = Dieser Kiosk synchronisiert dann mit dem Hub und fragt ihn bei jedem Scan. Das ersetzt die Sync-Einstellungen dieses Kiosks.
hub-found-title = Hubs in diesem Netzwerk
hub-found-label = Gefundene Hubs
hub-search-again = Neu suchen
hub-searching = Suche nach Hubs…
hub-search-failed = Suche nach Hubs fehlgeschlagen
hub-found-none = Kein Hub hat geantwortet. Ist er an und in diesem Netzwerk? Sie können seine Adresse auch unten von der Karte eintippen.
hub-code-title = Die Kopplungskarte
hub-code-label = Einmal-Code von der Kopplungskarte
hub-code-hint = 8 Zeichen. Ein Scanner, der die Karte liest, füllt alles aus.
hub-code-missing = Tippen Sie den Code von der Kopplungskarte des Hubs ein.
hub-door-label = Eingang dieses Kiosks (optional)
hub-door-placeholder = z. B. Eingang B
hub-by-address = Nicht dabei? Adresse von der Karte eintippen
hub-fingerprint-placeholder = 16 Gruppen zu 4
hub-address-incomplete = Geben Sie Adresse und Fingerabdruck von der Karte an, oder keins von beiden.
hub-join-submit = Verbinden
hub-joining = Verbinde…
hub-joining-hub = Verbinde mit dem Hub…
hub-wait = Einen Moment bitte
hub-not-joined = Nicht verbunden
hub-camera-start = Karte mit Kamera scannen
hub-camera-stop = Kamera stoppen
hub-camera-off = Die Kamera ist aus.
hub-camera-starting = Kamera startet…
hub-camera-live = Halten Sie die Kopplungskarte ins Bild.
hub-camera-paused = Kamera pausiert.
hub-camera-none = Keine Kamera: Tippen Sie den Code ein.
hub-camera-error = Kamera nicht verfügbar: Tippen Sie den Code ein.
hub-camera-not-a-card = Das ist keine Kopplungskarte eines Hubs. Halten Sie die Karte vom Bildschirm des Hubs vor die Kamera.

## Verbunden
hub-joined = Verbunden
hub-joined-toast = Mit dem Hub vor Ort „{ $name }“ verbunden.
hub-joined-with = Dieser Kiosk synchronisiert mit „{ $name }“
hub-events-coming = Veranstaltungen des Hubs werden übertragen…
hub-events-here = Die Veranstaltungen des Hubs sind da.
hub-events-not-yet = Die Veranstaltungen sind noch nicht da: { $reason }
hub-events-not-yet-see-sync = Die Veranstaltungen sind noch nicht da: Die Seite Synchronisierung zeigt, warum.
hub-choose-event = Veranstaltung wählen
