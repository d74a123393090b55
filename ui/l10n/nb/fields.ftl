# Deltakerskjemaer (registrering i døra og redigering): skjemaets egne ord; spørsmålene kommer fra arrangementet.

fields-required = (må fylles ut)
fields-choose = Velg…
fields-choose-country = Velg land…

# Kontroller i nettleseren
fields-error-required = Dette må fylles ut.
fields-error-too-long = For langt: maks { $max } tegn.
fields-error-control-characters = Inneholder tegn som ikke kan lagres.
fields-error-email = Ikke en gyldig e-postadresse.
fields-error-phone-country-code = Ta med landskoden, f.eks. +44 20 7946 0958.
fields-error-phone = Ikke et gyldig telefonnummer (bruk internasjonalt format, f.eks. +44 20 7946 0958).
fields-error-url = Ikke en gyldig nettadresse: start med https:// (eller http://).
fields-error-date = Ikke en dato (ÅÅÅÅ-MM-DD).
fields-error-time = Ikke et klokkeslett (TT:MM, 24 timer).
fields-error-number = Skriv inn et tall.
fields-error-bad-input = Ugyldig verdi.
fields-error-choose-one = Velg ett alternativ.
fields-error-not-an-option = Ikke ett av alternativene.
fields-error-tick = Kryss av i boksen.
fields-error-choose-some = Velg minst ett alternativ.
fields-error-consent = Du må samtykke for å registrere deg.
fields-error-choose-country = Velg et land.
fields-error-country-code = Ikke en landskode (f.eks. NO, DE, GB).
fields-error-answer-required = Dette svaret må fylles ut.
fields-error-answer-required-kept = Dette svaret må fylles ut og kan ikke fjernes.

# Svar slik de vises i detaljvisningen
fields-answer-yes = Ja
fields-answer-no = Nei
fields-answer-agreed = Samtykket
fields-answer-not-agreed = Ikke samtykket

# Deltakerens egne opplysninger
fields-member-first-name = Fornavn
fields-member-last-name = Etternavn
fields-member-email = E-post
fields-member-phone = Telefon
fields-member-phone-hint = Med landskode, f.eks. +47 22 12 34 56
fields-member-company = Firma
fields-member-job-title = Stilling
fields-member-registration-type = Registreringstype
fields-member-no-registration-type = Ingen
fields-member-rsvp = Påmelding

# Felttyper, gruppert slik typevelgeren i skjemaredigeringen viser dem
fields-group-text = Tekst
fields-group-choice = Valg
fields-group-date-number = Dato og tall
fields-group-contact = Kontakt
fields-group-place = Sted
fields-group-social = Sosiale medier
fields-group-consent = Samtykke
fields-group-layout = Oppsett (uten svar)
fields-group-other = Annet
fields-type-text = Tekst
fields-type-short-text = Kort tekst
fields-type-long-text = Lang tekst
fields-type-text-area = Tekstområde
fields-type-bio = Bio
fields-type-headline = Overskrift
fields-type-first-name = Fornavn
fields-type-last-name = Etternavn
fields-type-full-name = Fullt navn
fields-type-company-name = Firmanavn
fields-type-job-title = Stilling
fields-type-gender = Kjønn
fields-type-guest = Gjest
fields-type-external-id = Ekstern ID
fields-type-passport-number = Passnummer
fields-type-dietary-requirements = Kostbehov
fields-type-accessibility-requirements = Tilretteleggingsbehov
fields-type-dropdown = Nedtrekksliste
fields-type-radio = Radioknapper
fields-type-checkbox = Avkrysningsboks(er)
fields-type-date = Dato
fields-type-date-of-birth = Fødselsdato
fields-type-time = Klokkeslett
fields-type-number = Tall
fields-type-email = E-post
fields-type-url = Nettadresse (URL)
fields-type-tel = Telefon
fields-type-contact-phone = Kontakttelefon
fields-type-address = Adresse
fields-type-home-address = Hjemmeadresse
fields-type-work-address = Jobbadresse
fields-type-shipping-address = Leveringsadresse
fields-type-country = Land
fields-type-nationality = Nasjonalitet
fields-type-social-account = Konto i sosiale medier
fields-type-consent = Samtykke
fields-type-term-and-consent = Vilkår og samtykke
fields-type-section-divider = Mellomtittel
fields-type-paragraph = Avsnitt
fields-type-spacer = Mellomrom
fields-type-captcha = Captcha (vises ikke på kiosken)
fields-type-file-upload = Filopplasting (som tekst)
fields-type-image = Bilde (som tekst)
