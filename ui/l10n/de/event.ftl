# Veranstaltung anlegen und bearbeiten (Veranstalter): Angaben, Anmeldearten, Sessions.

event-title = Veranstaltung
event-back = ← Veranstaltungen
event-new-title = Neue Veranstaltung
event-new-lead-first = Zuerst die Veranstaltung selbst. Danach folgen Anmeldearten und Sessions, dann die Teilnehmer.
event-new-lead = Anmeldearten und Sessions folgen, sobald die Veranstaltung angelegt ist.
event-details = Angaben
event-attendee-count = { $count ->
    [one] 1 Teilnehmer
   *[other] { $count } Teilnehmer
}
event-created-notice = „{ $name }“ ist angelegt. Fügen Sie Anmeldearten und Sessions hinzu (beides optional), dann die Teilnehmer.

## Angaben zur Veranstaltung
event-required = (Pflichtfeld)
event-name = Name
event-place = Ort
event-place-hint = Optional: Veranstaltungsort oder Adresse.
event-timezone = Zeitzone
event-timezone-placeholder = z. B. Europe/Berlin
event-starts = Beginn
event-ends = Ende
event-zone-hint-empty = Stadt oder Region eingeben. Leer: Zeiten in der Zone dieses Computers ({ $zone }).
event-zone-hint-known = { $zone }. Beginn und Ende unten gelten als Ortszeit dort.
event-zone-hint-unknown = Stadt oder Region eingeben, dann eine Zone aus der Liste wählen.
event-door-legend = Am Eingang
event-door-questions = Offene Pflichtfragen am Eingang stellen
event-door-questions-hint = Wenn aktiv: Hat jemand eine Pflichtfrage des Anmeldeformulars nicht beantwortet, zeigt der Scan diese Fragen am Eingang; der Check-in wartet auf die Antworten.
event-personal-data = Personenbezogene Daten
event-retention = Personenbezogene Daten so viele Tage nach Ende der Veranstaltung löschen
event-retention-hint = Namen, Kontaktdaten und Antworten werden endgültig gelöscht; die Check-in-Zahlen bleiben. Leer: nie.
event-retention-invalid = Eine ganze Zahl von Tagen, 1 bis { $max } (leer: nie).
event-purged = Personenbezogene Daten zuletzt gelöscht am { $when }.
event-erase-needs-end = Bitte das Ende der Veranstaltung angeben: Die Tage zählen ab dem Ende.
event-erase-on = Personenbezogene Daten werden am { $when } gelöscht.
event-erase-soon = Personenbezogene Daten werden innerhalb einer Stunde gelöscht (das Datum, { $when }, ist vorbei).
event-save = Speichern
event-create = Veranstaltung anlegen
event-saving = Wird gespeichert…
event-zone-invalid = Keine Zeitzone: bitte eine aus der Liste wählen (z. B. Europe/Berlin).
event-incomplete-time = Datum und Uhrzeit unvollständig.
event-ends-before-starts = Das Ende liegt vor dem Beginn.
event-nothing-to-save = Nichts zu speichern: keine Änderungen.
event-not-accepted = Der Server hat dies nicht angenommen:
event-created-toast = „{ $name }“ angelegt.
event-saved-toast = Gespeichert.
event-saved-at = Gespeichert um { $time }.

## Anmeldearten und Sessions
event-record-edit-label = „{ $name }“ umbenennen oder ändern
event-record-rename = Umbenennen
event-record-close = Schließen
event-record-remove-label = „{ $name }“ entfernen
event-record-remove = Entfernen
event-record-remove-title = „{ $name }“ entfernen?
event-record-saved = „{ $name }“ gespeichert.
event-record-added = „{ $name }“ hinzugefügt.
event-record-removed = „{ $name }“ entfernt.
event-record-already-removed = Das wurde schon entfernt.
event-record-not-removed = Nicht entfernt: { $reason }
event-capacity = Kapazität
event-capacity-hint = Leer: unbegrenzt.
event-capacity-invalid = Eine ganze Zahl, 0 oder mehr (leer: unbegrenzt).
event-capacity-meta = Kapazität { $capacity }
event-no-limit = unbegrenzt

event-types-title = Anmeldearten
event-types-lead = Ticketarten, z. B. Standard, VIP, Referent. Der Eingang zeigt die Anmeldeart eines Teilnehmers.
event-types-add-title = Anmeldeart hinzufügen
event-types-add = Art hinzufügen
event-types-empty = Noch keine Anmeldearten.
event-types-remove-unknown = Teilnehmer mit dieser Art bleiben angemeldet, dann ohne Art.
event-types-remove-none = Kein Teilnehmer hat diese Art.
event-types-remove-count = { $count ->
    [one] 1 Teilnehmer hat diese Art. Er bleibt angemeldet, dann ohne Art.
   *[other] { $count } Teilnehmer haben diese Art. Sie bleiben angemeldet, dann ohne Art.
}

event-sessions-title = Sessions
event-sessions-lead = Teile der Veranstaltung mit eigenem Check-in: ein Vortrag, ein Workshop, ein Abendessen. Der Eingang kann Personen in eine davon einchecken.
event-sessions-add-title = Session hinzufügen
event-sessions-add = Session hinzufügen
event-sessions-empty = Keine Sessions: Der Eingang checkt Personen in die Veranstaltung selbst ein.
event-session-checked-in = { $count } eingecheckt
event-sessions-remove-unknown = Ihre Check-in-Historie wird mitgelöscht.
event-sessions-remove-none = Noch niemand ist in diese Session eingecheckt.
event-sessions-remove-count = { $count ->
    [one] 1 Person hat Check-ins in dieser Session: Diese Check-in-Historie wird mitgelöscht.
   *[other] { $count } Personen haben Check-ins in dieser Session: Diese Check-in-Historie wird mitgelöscht.
}

## Nach dem Anlegen: nächste Schritte
event-next-title = Weiter: die Teilnehmer
event-next-lead = Importieren Sie die Teilnehmerliste aus einer Tabelle (mit Vorschau) oder erfassen Sie Personen bei Ankunft von Hand. Hierher kommen Sie über die Veranstaltungsliste zurück.
event-next-import = Teilnehmer importieren
event-next-walk-in = Personen von Hand erfassen
event-next-door = Zum Eingang
event-open-failed = Veranstaltung konnte nicht geöffnet werden: { $reason }
