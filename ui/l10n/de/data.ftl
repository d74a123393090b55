# Die Ansicht „Daten“ (Veranstalter): Teilnehmer aus einer CSV-Datei importieren und CSV-Dateien herunterladen.

data-title = Daten

## Import: die Karte und die Dateiauswahl

data-import-title = Teilnehmer importieren
data-import-intro = Aus einer CSV-Datei, etwa einer als „CSV UTF-8“ gespeicherten Tabelle oder einer hier heruntergeladenen Datei. Sie sehen, was passieren würde, bevor etwas gespeichert wird.
data-drop-title = CSV-Datei hier ablegen
data-drop-format = UTF-8, getrennt durch Kommas, Semikolons oder Tabs, mit einer Kopfzeile, die die Spalten benennt.
data-choose-file = CSV-Datei wählen…
data-choose-another = Andere Datei wählen…
data-drop-another = oder andere Datei hier ablegen
data-drop-one-file = Bitte nur eine Datei auf einmal ablegen.
data-refuse-workbook = „{ $name }“ ist eine Arbeitsmappe. Speichern Sie sie in der Tabellenkalkulation als „CSV UTF-8“ und wählen Sie dann diese Datei.
data-refuse-too-large = „{ $name }“ ist { $size } groß; höchstens 64 MB lassen sich auf einmal importieren. Teilen Sie die Datei auf.
data-refuse-empty = „{ $name }“ ist leer. Wählen Sie die Datei mit den Anmeldungen.
data-size-bytes = { $count } Byte
data-size-kb = { $size } kB
data-size-mb = { $size } MB

## Import: senden und prüfen

data-progress = Fortschritt
data-sending = Datei wird gesendet… { $percent } %
data-checking = Alle Zeilen werden geprüft…
data-importing-wait = Import läuft… Der Server antwortet, sobald alle Zeilen gespeichert sind.
data-checked = Geprüft: { $rows ->
    [one] { $rows } Zeile
   *[other] { $rows } Zeilen
}, davon { $invalid } mit Problemen.
data-file-problems-said = Die Datei kann so nicht importiert werden.
data-file-problems-title = Die Datei kann so nicht importiert werden
data-not-imported-yet = Noch nicht importiert – Datei und Auswahl bleiben erhalten
data-not-checked = Datei nicht geprüft – Datei und Auswahl bleiben erhalten
data-nothing-imported = Es wurde nichts importiert: { $count ->
    [one] { $count } Zeile hat
   *[other] { $count } Zeilen haben
} jetzt Probleme. Prüfen Sie die Zeilen unten.

## Import: warum der Server die Datei nicht lesen konnte

data-problem-no-first-names = Keine Spalte enthält Vornamen. Wählen Sie unter „Spalten“ die Spalte mit den Vornamen.
data-problem-same-place = Die Spalten „{ $first }“ und „{ $second }“ würden dasselbe Feld füllen. Stellen Sie eine davon auf etwas anderes oder auf „Nicht importiert“.
data-problem-no-column = Die Datei hat keine Spalte „{ $column }“.
data-problem-gone-target = Die Spalte „{ $column }“ ist auf „{ $target }“ gestellt. Das ist weder eine Teilnehmerangabe noch eine Frage dieser Veranstaltung mehr. Bitte neu wählen.

## Import: der Prüfbericht

data-preview-title = Vor dem Import prüfen
data-preview-intro = Noch ist nichts gespeichert. Wer schon da ist, wird am Ticketcode, sonst an der E-Mail erkannt und aktualisiert statt doppelt angelegt.
data-sum-rows = Zeilen
data-sum-to-add = Neu
data-sum-to-update = Zu ändern
data-sum-invalid = Ungültig
data-added = Hinzugefügt
data-updated = Aktualisiert
data-unchanged = Unverändert
data-left-out = Ausgelassen
data-importing = Import läuft…
data-import-rows = { $count ->
    [one] { $count } Zeile importieren
   *[other] { $count } Zeilen importieren
}
data-import-valid = { $count ->
    [one] Nur die gültige Zeile importieren
   *[other] Nur die { $count } gültigen Zeilen importieren
}
data-hint-all-invalid = Noch lässt sich keine Zeile importieren: Jede Zeile hat ein Problem. Korrigieren Sie die Datei und wählen Sie sie erneut.
data-hint-some-invalid = { $count ->
    [one] { $count } Zeile hat Probleme. Korrigieren Sie sie in der Datei und wählen Sie die Datei erneut, oder importieren Sie nur die gültigen Zeilen.
   *[other] { $count } Zeilen haben Probleme. Korrigieren Sie sie in der Datei und wählen Sie die Datei erneut, oder importieren Sie nur die gültigen Zeilen.
}
data-hint-unchanged = Alle in der Datei sind schon da, unverändert: Der Import ändert nichts.

## Import: nur die gültigen Zeilen importieren (Bestätigung)

data-confirm-valid-title = { $count ->
    [one] Nur die gültige Zeile importieren?
   *[other] Nur die { $count } gültigen Zeilen importieren?
}
data-confirm-valid-body = { $count ->
    [one] { $count } Zeile mit Problemen wird ausgelassen ({ $which }). Sie können sie in der Datei korrigieren und die Datei später erneut importieren: Bereits importierte Personen werden erkannt und nicht doppelt angelegt.
   *[other] { $count } Zeilen mit Problemen werden ausgelassen ({ $which }). Sie können sie in der Datei korrigieren und die Datei später erneut importieren: Bereits importierte Personen werden erkannt und nicht doppelt angelegt.
}
data-rows-listed = { $count ->
    [one] Zeile { $rows }
   *[other] Zeilen { $rows }
}
data-rows-listed-more = Zeilen { $rows }…

## Import: die Spalten der Datei

data-columns-title = Spalten
data-columns-intro = Die Spaltenköpfe werden per Name den Teilnehmerangaben und den Fragen dieser Veranstaltung zugeordnet.
data-columns-pending = Wie jede Spalte gelesen wird, sehen Sie, sobald die Datei lesbar ist.
data-columns-ignored = { $count ->
    [one] { $count } Spalte wird nicht importiert: Wählen Sie, was sie enthält, oder lassen Sie sie weg.
   *[other] { $count } Spalten werden nicht importiert: Wählen Sie, was sie enthalten, oder lassen Sie sie weg.
}
data-columns-in-file = Spalte in der Datei
data-columns-read-as = Gelesen als
data-columns-change = Ändern
data-column-no-heading = (ohne Spaltenkopf)
data-column-your-choice = (Ihre Wahl)
data-column-choice-label = Spalte „{ $heading }“ importieren als
data-column-as-heading = Wie im Spaltenkopf
data-column-not-imported = Nicht importiert
data-column-group-attendee = Teilnehmer
data-column-group-questions = Fragen dieser Veranstaltung
data-member-first-name = Vorname
data-member-last-name = Nachname
data-member-email = E-Mail
data-member-phone = Telefon
data-member-job-title = Position
data-member-company = Firma
data-member-rsvp-status = Zusagestatus
data-member-ticket-code = Ticketcode
data-member-registration-type = Anmeldeart

## Import: die Zeilen der Datei

data-rows-title = Zeilen
data-rows-only-problems = Nur Zeilen mit Problemen ({ $count })
data-rows-no-problem = Keine Zeile hat ein Problem.
data-rows-none = Die Datei hat keine Zeilen unter der Kopfzeile.
data-rows-row = Zeile
data-rows-will-be = Vorgang
data-rows-outcome = Ergebnis
data-rows-name = Name
data-rows-problems = Probleme
data-rows-no-name = (ohne Namen)
data-row-new = Neu
data-row-update = Ändern
data-row-problem = Problem
data-rows-showing = { $shown } von { $total } angezeigt.
data-rows-show-more = { $count } weitere zeigen

## Import: fertig

data-done-title = Import abgeschlossen
data-result = Importiert: { $added ->
    [one] { $added } Person
   *[other] { $added } Personen
} hinzugefügt, { $updated } aktualisiert, { $unchanged } unverändert.
data-result-left-out = { $count ->
    [one] { $count } Zeile mit Problemen wurde ausgelassen.
   *[other] { $count } Zeilen mit Problemen wurden ausgelassen.
}
data-see-attendees = Teilnehmer ansehen
data-check-again = Datei erneut prüfen

## Export

data-export-title = Export
data-export-intro = CSV-Dateien für eine Tabellenkalkulation. Die Teilnehmerdatei lässt sich wieder importieren.
data-export-attendees = Teilnehmer herunterladen (CSV)
data-export-check-ins = Check-in-Verlauf herunterladen (CSV)
data-export-preparing = Wird vorbereitet…
data-export-attendees-saved = Die Teilnehmer sind als „{ $filename }“ in Ihren Downloads gespeichert.
data-export-check-ins-saved = Der Check-in-Verlauf ist als „{ $filename }“ in Ihren Downloads gespeichert.
data-export-attendees-failed = Teilnehmer nicht heruntergeladen
data-export-check-ins-failed = Check-in-Verlauf nicht heruntergeladen
