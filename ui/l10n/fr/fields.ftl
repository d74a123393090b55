# Formulaires des participants (inscription sur place et modification) : les mots du formulaire ; les questions viennent de l’événement.

fields-required = (obligatoire)
fields-choose = Choisir…
fields-choose-country = Choisir un pays…

# Vérifications faites dans le navigateur
fields-error-required = Champ obligatoire.
fields-error-too-long = Trop long : { $max } caractères au maximum.
fields-error-control-characters = Contient des caractères impossibles à enregistrer.
fields-error-email = Adresse e-mail non valide.
fields-error-phone-country-code = Indiquez l’indicatif du pays, p. ex. +44 20 7946 0958.
fields-error-phone = Numéro de téléphone non valide (format international, p. ex. +44 20 7946 0958).
fields-error-url = Adresse web non valide : commencez par https:// (ou http://).
fields-error-date = Date non valide (AAAA-MM-JJ).
fields-error-time = Heure non valide (HH:MM, sur 24 h).
fields-error-number = Saisissez un nombre.
fields-error-bad-input = Saisie non valide.
fields-error-choose-one = Choisissez une option.
fields-error-not-an-option = Ne fait pas partie des options.
fields-error-tick = Cochez cette case.
fields-error-choose-some = Choisissez au moins une option.
fields-error-consent = Le consentement est requis pour s’inscrire.
fields-error-choose-country = Choisissez un pays.
fields-error-country-code = Code pays non valide (p. ex. NO, DE, GB).
fields-error-answer-required = Cette réponse est obligatoire.
fields-error-answer-required-kept = Cette réponse est obligatoire et ne peut pas être effacée.

# Réponses affichées sur la fiche
fields-answer-yes = Oui
fields-answer-no = Non
fields-answer-agreed = Accepté
fields-answer-not-agreed = Non accepté

# Les informations du participant
fields-member-first-name = Prénom
fields-member-last-name = Nom
fields-member-email = E-mail
fields-member-phone = Téléphone
fields-member-phone-hint = Avec l’indicatif du pays, p. ex. +47 22 12 34 56
fields-member-company = Société
fields-member-job-title = Fonction
fields-member-registration-type = Type d’inscription
fields-member-no-registration-type = Aucun
fields-member-rsvp = RSVP

# Types de champ, groupés comme dans le choix de type de l’éditeur de formulaire
fields-group-text = Texte
fields-group-choice = Choix
fields-group-date-number = Date et nombre
fields-group-contact = Contact
fields-group-place = Lieu
fields-group-social = Réseaux sociaux
fields-group-consent = Consentement
fields-group-layout = Mise en page (sans réponse)
fields-group-other = Autre
fields-type-text = Texte
fields-type-short-text = Texte court
fields-type-long-text = Texte long
fields-type-text-area = Zone de texte
fields-type-bio = Biographie
fields-type-headline = Accroche
fields-type-first-name = Prénom
fields-type-last-name = Nom
fields-type-full-name = Nom complet
fields-type-company-name = Nom de la société
fields-type-job-title = Fonction
fields-type-gender = Genre
fields-type-guest = Invité
fields-type-external-id = Identifiant externe
fields-type-passport-number = Numéro de passeport
fields-type-dietary-requirements = Régime alimentaire
fields-type-accessibility-requirements = Besoins d’accessibilité
fields-type-dropdown = Liste déroulante
fields-type-radio = Boutons radio
fields-type-checkbox = Case(s) à cocher
fields-type-date = Date
fields-type-date-of-birth = Date de naissance
fields-type-time = Heure
fields-type-number = Nombre
fields-type-email = E-mail
fields-type-url = Adresse web (URL)
fields-type-tel = Téléphone
fields-type-contact-phone = Téléphone de contact
fields-type-address = Adresse
fields-type-home-address = Adresse personnelle
fields-type-work-address = Adresse professionnelle
fields-type-shipping-address = Adresse de livraison
fields-type-country = Pays
fields-type-nationality = Nationalité
fields-type-social-account = Compte de réseau social
fields-type-consent = Consentement
fields-type-term-and-consent = Conditions et consentement
fields-type-section-divider = Intertitre
fields-type-paragraph = Paragraphe
fields-type-spacer = Espace
fields-type-captcha = Captcha (non affiché au kiosque)
fields-type-file-upload = Envoi de fichier (en texte)
fields-type-image = Image (en texte)
