# Teilnehmerformulare (Vor-Ort-Anmeldung und Bearbeiten): die Wörter des Formulars; die Fragen stellt die Veranstaltung.

fields-required = (Pflichtfeld)
fields-choose = Auswählen…
fields-choose-country = Land auswählen…

# Prüfungen im Browser
fields-error-required = Bitte ausfüllen.
fields-error-too-long = Zu lang: höchstens { $max } Zeichen.
fields-error-control-characters = Enthält Zeichen, die nicht gespeichert werden können.
fields-error-email = Keine gültige E-Mail-Adresse.
fields-error-phone-country-code = Bitte mit Ländervorwahl, z. B. +44 20 7946 0958.
fields-error-phone = Keine gültige Telefonnummer (internationales Format, z. B. +44 20 7946 0958).
fields-error-url = Keine gültige Webadresse: mit https:// (oder http://) beginnen.
fields-error-date = Kein Datum (JJJJ-MM-TT).
fields-error-time = Keine Uhrzeit (HH:MM, 24 Stunden).
fields-error-number = Bitte eine Zahl eingeben.
fields-error-bad-input = Ungültige Eingabe.
fields-error-choose-one = Bitte eine Option wählen.
fields-error-not-an-option = Keine der Optionen.
fields-error-tick = Bitte dieses Kästchen ankreuzen.
fields-error-choose-some = Bitte mindestens eine Option wählen.
fields-error-consent = Für die Anmeldung ist die Zustimmung nötig.
fields-error-choose-country = Bitte ein Land wählen.
fields-error-country-code = Kein Ländercode (z. B. NO, DE, GB).
fields-error-answer-required = Diese Antwort ist Pflicht.
fields-error-answer-required-kept = Diese Antwort ist Pflicht und kann nicht gelöscht werden.

# Antworten in der Detailansicht
fields-answer-yes = Ja
fields-answer-no = Nein
fields-answer-agreed = Zugestimmt
fields-answer-not-agreed = Nicht zugestimmt

# Die eigenen Angaben des Teilnehmers
fields-member-first-name = Vorname
fields-member-last-name = Nachname
fields-member-email = E-Mail
fields-member-phone = Telefon
fields-member-phone-hint = Mit Ländervorwahl, z. B. +47 22 12 34 56
fields-member-company = Firma
fields-member-job-title = Position
fields-member-registration-type = Anmeldeart
fields-member-no-registration-type = Keiner
fields-member-rsvp = Rückmeldung

# Feldtypen, gruppiert wie in der Typauswahl des Formulareditors
fields-group-text = Text
fields-group-choice = Auswahl
fields-group-date-number = Datum und Zahl
fields-group-contact = Kontakt
fields-group-place = Ort
fields-group-social = Soziale Netzwerke
fields-group-consent = Zustimmung
fields-group-layout = Layout (ohne Antwort)
fields-group-other = Sonstiges
fields-type-text = Text
fields-type-short-text = Kurzer Text
fields-type-long-text = Langer Text
fields-type-text-area = Textbereich
fields-type-bio = Kurzbiografie
fields-type-headline = Schlagzeile
fields-type-first-name = Vorname
fields-type-last-name = Nachname
fields-type-full-name = Vollständiger Name
fields-type-company-name = Firmenname
fields-type-job-title = Position
fields-type-gender = Geschlecht
fields-type-guest = Gast
fields-type-external-id = Externe ID
fields-type-passport-number = Passnummer
fields-type-dietary-requirements = Ernährungswünsche
fields-type-accessibility-requirements = Barrierefreiheit
fields-type-dropdown = Auswahlliste
fields-type-radio = Optionsfelder
fields-type-checkbox = Kontrollkästchen
fields-type-date = Datum
fields-type-date-of-birth = Geburtsdatum
fields-type-time = Uhrzeit
fields-type-number = Zahl
fields-type-email = E-Mail
fields-type-url = Webadresse (URL)
fields-type-tel = Telefon
fields-type-contact-phone = Kontakttelefon
fields-type-address = Adresse
fields-type-home-address = Privatadresse
fields-type-work-address = Geschäftsadresse
fields-type-shipping-address = Lieferadresse
fields-type-country = Land
fields-type-nationality = Staatsangehörigkeit
fields-type-social-account = Social-Media-Konto
fields-type-consent = Zustimmung
fields-type-term-and-consent = Bedingungen und Zustimmung
fields-type-section-divider = Zwischenüberschrift
fields-type-paragraph = Absatz
fields-type-spacer = Abstand
fields-type-captcha = Captcha (am Kiosk nicht gezeigt)
fields-type-file-upload = Datei-Upload (als Text)
fields-type-image = Bild (als Text)
