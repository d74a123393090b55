# Die eigenen Wörter des Servers (src/l10n.rs), für den Einlass: kurz und klar.

checked-in = { $name } eingecheckt
checked-in-session = { $name } eingecheckt ({ $session })
checked-out = { $name } ausgecheckt
checked-out-session = { $name } ausgecheckt ({ $session })
undone = Rückgängig: { $name } ist nicht mehr eingecheckt
undone-session = Rückgängig: { $name } ist nicht mehr eingecheckt ({ $session })

already-in = { $name } ist bereits eingecheckt
already-in-session = { $name } ist bereits bei { $session } eingecheckt
already-out = { $name } ist bereits ausgecheckt
already-out-session = { $name } ist bereits bei { $session } ausgecheckt
since = seit { $time }
since-at = seit { $time } an { $device }
time-on-day = { $time } am { $day }

not-in = { $name } ist nicht eingecheckt
not-in-session = { $name } ist nicht bei { $session } eingecheckt
nothing-to-undo = { $name } hat keinen Check-in zum Rückgängigmachen
nothing-to-undo-session = { $name } hat keinen Check-in bei { $session } zum Rückgängigmachen

not-allowed = { $name } darf nicht einchecken
not-allowed-declined = { $name } darf nicht einchecken: hat abgesagt
not-allowed-waitlisted = { $name } darf nicht einchecken: steht auf der Warteliste
not-allowed-pending = { $name } darf nicht einchecken: Freigabe steht noch aus

needs-attention = { $name } braucht Aufmerksamkeit
needs-attention-note = { $name } braucht Aufmerksamkeit: { $note }
needs-answers = { $name } hat nicht beantwortet: { $fields }

wrong-event = Dieses Ticket gilt für eine andere Veranstaltung: { $event }
not-found = Kein Ticket mit diesem Code

error-internal = interner Serverfehler
error-disk-full = Der Datenträger ist voll: Es wurde nichts geändert. Bitte Platz auf dem Datenträger der Datenbank freigeben und erneut versuchen.

# Die Anmeldeseite des Servers (/oauth/authorize).
authorize-title = Anmelden
authorize-heading = Bei { $client } anmelden
# The heading when the kiosk's own sign-in is shown (its built-in client).
authorize-heading-kiosk = Am Kiosk anmelden
authorize-email = E-Mail
authorize-password = Passwort
authorize-submit = Anmelden
authorize-problem-title = Anmeldeproblem
authorize-cannot-sign-in = Anmeldung nicht möglich
authorize-no-client = Die Anfrage nennt keinen Client (client_id fehlt).
authorize-unknown-client = Diese Anwendung ist hier nicht bekannt.
authorize-cannot-check-client = Der Server konnte die Anwendung nicht prüfen.
authorize-unregistered-redirect = Die Anwendung will zu einer Adresse zurück, die sie nicht registriert hat.
authorize-no-redirect = Die Anfrage nennt keine redirect_uri.
authorize-bad-redirect = Die Rücksprungadresse ist ungültig.
authorize-other-site = Diese Anmeldung kam von einer anderen Website, nicht von der Seite dieses Kiosks.
authorize-form-expired = Dieses Anmeldeformular ist abgelaufen. Bitte erneut anmelden.
authorize-wrong-password = E-Mail oder Passwort falsch.
authorize-too-many = Zu viele fehlgeschlagene Anmeldungen. In { $wait } Sekunden erneut versuchen.
authorize-cannot-check = Der Server konnte die Anmeldung nicht prüfen. Bitte erneut versuchen.
authorize-busy = Der Server prüft gerade andere Anmeldungen. Bitte gleich erneut versuchen.
authorize-no-account = Ihr Benutzer hat hier keinen Zugang zu einem Konto. Fragen Sie einen Veranstalter.
authorize-cannot-complete = Der Server konnte die Anmeldung nicht abschließen. Bitte erneut versuchen.
authorize-new-title = Eigenes Passwort wählen
authorize-new-intro = Sie haben sich mit einem vorläufigen Passwort angemeldet. Wählen Sie jetzt Ihr eigenes: mindestens { $min } Zeichen, und nur Sie sollten es kennen.
authorize-new-password = Neues Passwort
authorize-new-again = Neues Passwort wiederholen
authorize-new-submit = Speichern und anmelden
authorize-new-too-short = Das neue Passwort muss mindestens { $min } Zeichen haben (es hat { $count }).
authorize-new-too-long = Das neue Passwort ist länger als 1000 Zeichen.
authorize-new-mismatch = Die beiden neuen Passwörter stimmen nicht überein.
authorize-new-same = Wählen Sie ein anderes Passwort als das vorläufige.

# Probleme einer Eingabe (422), nach dem Feld, um das es geht.
problem-required = ist erforderlich
problem-empty = darf nicht leer sein
problem-null = darf nicht null sein
problem-email = ist keine gültige E-Mail-Adresse
problem-phone = ist keine gültige Telefonnummer (internationales Format, z. B. +49 30 12345678)
problem-url = ist keine gültige http(s)-URL
problem-http-url = muss eine http- oder https-URL sein
problem-country = ist kein Ländercode nach ISO 3166-1 alpha-2 (z. B. DE, AT, CH)
problem-date = ist kein Datum im Format JJJJ-MM-TT
problem-time = ist keine Uhrzeit im Format HH:MM
problem-date-time = muss ein Zeitpunkt nach RFC 3339 sein
problem-number = muss eine Zahl sein
problem-true-or-false = muss wahr oder falsch sein
problem-string = muss ein Text sein
problem-control = enthält Steuerzeichen
problem-printable = muss druckbar sein (keine Steuerzeichen)
problem-zero-or-more = muss 0 oder mehr sein
problem-code-taken = wird schon von einem anderen Teilnehmer dieser Veranstaltung benutzt

# Probleme, die Werte oder Grenzen nennen. Die Werte bleiben, wie sie kamen.
problem-of-field = { $problem } (Feld `{ $name }`)
problem-more-entries = hat mehr als { $max } Einträge
problem-too-long = ist länger als { $max } Zeichen
problem-integer-range = muss eine ganze Zahl von 1 bis { $max } sein
problem-retention-days = muss 1 bis { $max } Tage sein (oder null für nie)
problem-passphrase-short = braucht mindestens { $min } Zeichen (es sind { $count })
problem-not-integer = `{ $value }` ist keine ganze Zahl
problem-time-zone = `{ $value }` ist kein IANA-Zeitzonenname (z. B. Europe/Berlin)
problem-action = `{ $value }` ist keins von check_in, check_out, undo
problem-checkin-status = `{ $value }` ist keins von not_checked_in, checked_in, checked_out
problem-rsvp-status = `{ $value }` ist keins von unconfirmed, confirmed, declined, waitlisted, pending_approval
problem-field-type = `{ $value }` ist kein bekannter Feldtyp (siehe die Typenliste von AttendeeField)
problem-already-staff = : { $email } gehört schon zum Team dieses Kontos
problem-not-a-session = { $id } ist keine Session dieser Veranstaltung
problem-not-a-field = { $id } ist kein Feld dieser Veranstaltung
problem-not-a-registration-type = { $id } ist keine Anmeldeart dieser Veranstaltung
problem-answered-twice = : Feld { $id } ist mehr als einmal beantwortet
problem-answer-missing = : die Antwort auf das Pflichtfeld `{ $name }` ({ $label }) fehlt
problem-cannot-clear = : Feld `{ $name }` ({ $label }) ist Pflicht und kann nicht geleert werden
problem-takes-no-answer = : Feld `{ $name }` ist vom Typ `{ $type }` und nimmt keine Antwort
problem-string-for-type = muss für ein Feld vom Typ `{ $type }` ein Text sein
problem-options-array = muss eine Liste der Optionen des Felds sein ({ $options })
problem-not-an-option = : `{ $value }` ist keine der Optionen ({ $options })
problem-not-yes-no = : `{ $value }` ist weder ja noch nein
problem-not-a-number = : `{ $value }` ist keine Zahl
problem-needs-option = : ein Feld vom Typ `{ $type }` braucht mindestens eine Option
problem-no-options = : ein Feld vom Typ `{ $type }` nimmt keine Optionen
problem-cannot-be-required = : ein Feld vom Typ `{ $type }` nimmt keine Antwort und kann daher nicht Pflicht sein
problem-listed-twice = : `{ $value }` steht zweimal in der Liste
problem-cell-registration-type = : `{ $value }` ist keine Anmeldeart dieser Veranstaltung
problem-cell-flag = : `{ $value }` ist keins von yes, no, true, false, 1, 0
problem-query-flag = { $key } muss true oder false sein, nicht `{ $value }`
problem-map-no-column = --map nennt eine Spalte `{ $heading }`, die die Datei nicht hat
problem-map-no-target = Spalte `{ $heading }` ist `{ $target }` zugeordnet, das weder ein Teilnehmerfeld noch ein Feld der Veranstaltung ist
problem-same-member = Spalten `{ $first }` und `{ $second }` füllen dasselbe Feld: ordnen Sie eine davon anders zu oder lassen Sie sie weg
problem-row-cells = die Zeile hat { $cells } Zellen, die Kopfzeile aber { $columns } Spalten
problem-same-person = dieselbe { $key } steht schon in Zeile { $row }: eine Zeile pro Person (eine Spalte qr_code unterscheidet Personen mit derselben E-Mail)

# Probleme einer Anfrage als Ganzes, ihrer Header und Abfrage, und der Eingaben von Hub,
# Synchronisierung, Team und Import.
problem-mirrored-type = Veranstaltung { $id } wird vom entfernten Server gespiegelt: entfernen Sie die Anmeldeart dort
problem-mirrored-session = Veranstaltung { $id } wird vom entfernten Server gespiegelt: entfernen Sie die Session dort
problem-answers-misfit = item: { $count } vorhandene Antwort(en) passen nicht zum geänderten Feld; ändern oder leeren Sie sie zuerst ({ $examples })
problem-hubs-answered = mehrere Hubs haben geantwortet: { $names }; wählen Sie einen nach seinem Namen
problem-hub-address = `{ $value }` ist keine Hub-Adresse: sie sieht aus wie https://10.0.0.5:7879
problem-pairing-code = ein Kopplungscode hat 8 Buchstaben und Ziffern, so wie der Hub ihn zeigt
problem-not-pairing-code = das ist kein Kopplungscode eines Entrada-Hubs
problem-fingerprint = ein Fingerabdruck hat 64 Hexadezimalziffern
problem-hex64 = muss aus 64 Hexadezimalziffern bestehen
problem-max-2000 = darf höchstens 2000 Zeichen haben
problem-qr-alone = kommt allein: der QR-Text der Karte enthält Adresse, Fingerabdruck und Code
problem-with-fingerprint = ist zusammen mit `fingerprint` erforderlich
problem-with-url = ist zusammen mit `url` erforderlich: er steht auf der Kopplungskarte des Hubs
problem-on-card = ist erforderlich: er steht auf der Kopplungskarte des Hubs (oder geben Sie `qr_text` an)
problem-last-organiser = Der letzte aktive Veranstalter kann nicht deaktiviert oder zum Einlasspersonal gemacht werden
problem-role = muss door oder organiser sein
problem-scopes = : nennen Sie mindestens eins von read, write, check_in
problem-object = muss ein Objekt sein
problem-sync-required = ist erforderlich, wenn die Synchronisierung zum ersten Mal eingerichtet wird
problem-event-ids = müssen positive Veranstaltungs-IDs sein
problem-api-root = muss auf /api/v2 enden (die Wurzel von v2)
problem-one-event = muss mindestens eine ID einer entfernten Veranstaltung nennen
problem-no-credentials = darf keine Zugangsdaten enthalten (nutzen Sie client_id und client_secret)
problem-sync-not-configured = die Synchronisierung ist nicht eingerichtet (entrada sync configure oder die Seite Synchronisierung)
problem-capacity = muss 0 oder mehr sein (oder null für keine Grenze)
problem-ends-before = darf nicht vor item.starts_at liegen
problem-position-on-create = kann beim Anlegen nicht gesetzt werden; neue Felder kommen ans Ende (ändern Sie es mit PATCH)
problem-strings = muss eine Liste von Texten sein
problem-rfc3339 = ist kein Zeitstempel nach RFC 3339 (z. B. 2026-05-01T09:00:00+02:00)
problem-year-range = liegt außerhalb des Bereichs (Jahre 0000 bis 9999 in UTC)
problem-timestamp = ist kein Zeitstempel
problem-item-object = item muss ein Objekt sein
problem-body-empty = der Anfragetext ist leer: senden Sie ein JSON-Objekt mit einem Element item
problem-body-shape = der Anfragetext muss ein JSON-Objekt mit einem Element item sein
problem-body-json = der Anfragetext ist kein gültiges JSON: { $error }
problem-body-unreadable = der Anfragetext konnte nicht gelesen werden: { $error }
problem-query = ungültiger Abfrageparameter: { $reason }
problem-idempotency-length = Idempotency-Key muss 1 bis { $max } Zeichen lang sein
problem-idempotency-ascii = Idempotency-Key muss druckbares ASCII sein
problem-idempotency-reused = Idempotency-Key wurde schon für eine andere Anfrage benutzt
problem-last-event-id = Last-Event-ID muss eine Verlaufs-ID sein (eine ganze Zahl ab 0)
problem-after = after muss eine Verlaufs-ID sein (eine ganze Zahl ab 0)
problem-pkce = ist kein SHA-256 in base64url (PKCE S256)
problem-redirect = ist keine Weiterleitungs-URI des Kiosks (Loopback /oauth/callback)
problem-with-challenge = ist zusammen mit item.code_challenge erforderlich
problem-raw-frame = { $name } ist für ein rohes Graustufenbild erforderlich (?width=&height=)
problem-file-not-utf8 = die Datei ist kein UTF-8-Text (Zeile { $line }); speichern Sie sie als „CSV UTF-8“
problem-file-empty = die Datei ist leer: die erste Zeile muss die Spalten benennen
problem-heading-unreadable = die Kopfzeile kann nicht gelesen werden: { $error }
problem-line-unreadable = Zeile { $line } kann nicht gelesen werden: { $error }

# Ein fehlender Datensatz (404).
problem-not-found-attendee-of = Teilnehmer { $id } der Veranstaltung { $event } nicht gefunden
problem-not-found-attendee = Teilnehmer { $id } nicht gefunden
problem-not-found-event = Veranstaltung { $id } nicht gefunden
problem-not-found-session = Session { $id } der Veranstaltung { $event } nicht gefunden
problem-not-found-type = Anmeldeart { $id } der Veranstaltung { $event } nicht gefunden
problem-not-found-field = Feld { $id } der Veranstaltung { $event } nicht gefunden
problem-not-found-client = Client { $id } nicht gefunden
problem-not-found-device = Gerät { $id } nicht gefunden
problem-not-found-account-id = Konto { $id } nicht gefunden
problem-not-found-account = Konto nicht gefunden
problem-not-found-user = Benutzer { $id } nicht gefunden
problem-not-found-staff = Teammitglied { $id } nicht gefunden
problem-not-found-parked = zurückgestellter Eintrag { $id } nicht gefunden
problem-no-route = keine Route für { $method } { $path }
problem-ids-integers = { $path } nicht gefunden: IDs sind ganze Zahlen

# Andere Ablehnungen: Tokens und Konten, Konflikte, Größen, Wartezeiten.
problem-already-set-up = Entrada ist schon eingerichtet: melden Sie sich stattdessen an
problem-account-header = X-Account-Id `{ $value }` ist keine Konto-ID
problem-frame-size = ein Bild darf höchstens { $max } MiB groß sein
problem-client-scopes = ein neuer Client darf nur Berechtigungen haben, die Ihre eigene Anmeldung hat ({ $scopes })
problem-idempotency-busy = eine Anfrage mit diesem Idempotency-Key wird noch bearbeitet; versuchen Sie es später noch einmal
problem-idempotency-answered = eine Anfrage mit diesem Idempotency-Key wurde inzwischen beantwortet; wiederholen Sie sie, um die Antwort zu erhalten
problem-sync-running = eine Synchronisierung läuft bereits
problem-malformed-auth = fehlerhafter Authorization-Header: erwartet wird `Bearer <token>`
problem-missing-token = Zugriffstoken fehlt: senden Sie `Authorization: Bearer <token>`
problem-hub-duplicates = nur ein mit diesem Hub verbundener Kiosk meldet doppelte Einlässe
problem-hub-reports = nur ein mit diesem Hub verbundener Kiosk meldet an ihn
problem-skip-questions = nur ein Veranstalter darf die Fragen am Einlass überspringen (item.skip_questions)
problem-organiser-only = nur ein angemeldeter Veranstalter darf das (Client-Zugangsdaten nicht)
problem-me-personal = nur persönliche Tokens (eine angemeldete Person) dürfen /me aufrufen
problem-account-needed = persönliche Tokens müssen den Header X-Account-Id mit einem Ihrer Konten senden
problem-token-invalid = das Zugriffstoken ist ungültig, abgelaufen oder widerrufen
problem-body-too-large = der Anfragetext ist größer als { $max } MiB
problem-other-account = die Synchronisierung dieses Kiosks gehört zu einem anderen Konto
problem-hub-joins-none = dieses Entrada ist der Hub des Veranstaltungsorts: Kioske verbinden sich mit ihm, er mit keinem anderen
problem-other-site = diese Anfrage kam von einer anderen Website, nicht von der Seite dieses Kiosks
problem-pairing-throttled = zu viele falsche Kopplungscodes von dieser Adresse: versuchen Sie es in { $wait } Sekunden noch einmal
problem-not-member = Sie sind kein Mitglied von Konto { $id }

# Wo ein Problem des Imports liegt: die Spalte der Datei.
import-column = Spalte `{ $heading }`
