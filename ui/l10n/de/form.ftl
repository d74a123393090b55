# Formular-Editor (Veranstalter): die Felder des Anmeldeformulars der Veranstaltung.

form-title = Anmeldeformular
form-lead = Die Fragen der Vor-Ort-Anmeldung, in Reihenfolge. Änderungen gelten sofort.
form-add-field = + Feld hinzufügen
form-reorder-hint = Zum Umsortieren eine Zeile am Griff (⠿) ziehen, die Pfeiltasten nutzen oder Alt+↑ / Alt+↓ in einer Zeile drücken.
form-empty = Diese Veranstaltung hat noch keine Fragen. Fügen Sie eine hinzu.

## Zeile eines Felds
form-meta-required = Pflicht
form-meta-options = Optionen: { $options }
form-reorder-label = „{ $label }“ verschieben, Position { $position } von { $count }
form-drag-title = Zum Umsortieren ziehen (oder Alt+↑ / Alt+↓)
form-move-group = „{ $label }“ verschieben
form-move-top-label = „{ $label }“ ganz nach oben
form-move-top-title = Ganz nach oben
form-move-top = Oben
form-move-up-label = „{ $label }“ nach oben
form-move-up-title = Nach oben
form-move-down-label = „{ $label }“ nach unten
form-move-down-title = Nach unten
form-move-bottom-label = „{ $label }“ ganz nach unten
form-move-bottom-title = Ganz nach unten
form-move-bottom = Unten
form-edit = Bearbeiten
form-edit-label = „{ $label }“ bearbeiten
form-close = Schließen
form-close-label = „{ $label }“ schließen
form-delete = Löschen
form-delete-label = „{ $label }“ löschen

## Verschieben (für Screenreader angesagt)
form-already-first = „{ $label }“ steht schon ganz oben, auf Position { $position } von { $count }.
form-already-last = „{ $label }“ steht schon ganz unten, auf Position { $position } von { $count }.
form-moved = „{ $label }“ auf Position { $position } von { $count } verschoben.
form-move-failed = „{ $label }“ wurde nicht verschoben: { $reason } Es steht wieder auf Position { $position }.
form-not-moved = „{ $label }“ nicht verschoben.

## Feld hinzufügen / bearbeiten
form-new-title = Neues Feld
form-type = Typ
form-type-change-hint = Eine Änderung, die nicht zu den schon gegebenen Antworten passt, wird abgelehnt.
form-required = Pflichtfeld: Ohne Antwort keine Anmeldung
form-options-needed = Mindestens eine Option.
form-options-checkbox = Optional: Ohne Optionen ist es ein einzelnes Kästchen.
form-label-consent = Einwilligungstext (neben dem Kästchen)
form-label-paragraph = Absatztext
form-label-heading = Überschrift
form-label-question = Frage (Bezeichnung)
form-add = Feld hinzufügen
form-save = Feld speichern
form-label-required = Bitte eine Bezeichnung eingeben.
form-label-too-long = Höchstens { $max } Zeichen.
form-added = „{ $label }“ hinzugefügt
form-saved = Gespeichert

## Optionen
form-options = Optionen
form-option-new = Neue Option
form-option-add = Option hinzufügen
form-option-label = Option { $number }
form-option-up = Option { $number } nach oben
form-option-down = Option { $number } nach unten
form-option-remove = Option { $number } entfernen
form-options-none = Fügen Sie mindestens eine Option hinzu.
form-options-too-many = Höchstens 200 Optionen.
form-option-empty = Option { $number } ist leer.
form-option-too-long = Option { $number } ist länger als { $max } Zeichen.
form-option-twice = „{ $option }“ steht doppelt in der Liste.

## Löschen
form-delete-unknown = Die Antworten auf dieses Feld werden mitgelöscht.
form-delete-none = Noch niemand hat geantwortet, es gehen also keine Antworten verloren.
form-delete-count = { $count ->
    [one] 1 Antwort wird mitgelöscht.
   *[other] { $count } Antworten werden mitgelöscht.
}
form-delete-count-failed = Die Antworten auf dieses Feld werden mitgelöscht (ihre Anzahl ließ sich nicht ermitteln).
form-delete-no-answers = Es enthält keine Antworten.
form-delete-title = „{ $label }“ löschen?
form-delete-undone = Das lässt sich nicht rückgängig machen.
form-delete-confirm = Feld löschen
form-deleted = „{ $label }“ gelöscht
