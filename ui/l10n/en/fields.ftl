# Attendee forms (walk-in and edit): the form's own words; the questions come from the event.

fields-required = (required)
fields-choose = Choose…
fields-choose-country = Choose a country…

# Checks made in the browser
fields-error-required = This is required.
fields-error-too-long = Too long: at most { $max } characters.
fields-error-control-characters = Contains characters that cannot be stored.
fields-error-email = Not a valid email address.
fields-error-phone-country-code = Include the country code, e.g. +44 20 7946 0958.
fields-error-phone = Not a valid phone number (use the international format, e.g. +44 20 7946 0958).
fields-error-url = Not a valid web address: start it with https:// (or http://).
fields-error-date = Not a date (YYYY-MM-DD).
fields-error-time = Not a time (HH:MM, 24-hour).
fields-error-number = Enter a number.
fields-error-bad-input = Not a valid entry.
fields-error-choose-one = Please choose one.
fields-error-not-an-option = Not one of the options.
fields-error-tick = Please tick this box.
fields-error-choose-some = Please choose at least one.
fields-error-consent = Consent is required to register.
fields-error-choose-country = Please choose a country.
fields-error-country-code = Not a country code (e.g. NO, DE, GB).
fields-error-answer-required = This answer is required.
fields-error-answer-required-kept = This answer is required and cannot be cleared.

# Answers as read on the detail view
fields-answer-yes = Yes
fields-answer-no = No
fields-answer-agreed = Agreed
fields-answer-not-agreed = Not agreed

# The attendee's own entries
fields-member-first-name = First name
fields-member-last-name = Last name
fields-member-email = Email
fields-member-phone = Phone
fields-member-phone-hint = With the country code, e.g. +47 22 12 34 56
fields-member-company = Company
fields-member-job-title = Job title
fields-member-registration-type = Registration type
fields-member-no-registration-type = None
fields-member-rsvp = RSVP

# Field types, grouped as the form editor's type picker shows them
fields-group-text = Text
fields-group-choice = Choice
fields-group-date-number = Date and number
fields-group-contact = Contact
fields-group-place = Place
fields-group-social = Social
fields-group-consent = Consent
fields-group-layout = Layout (no answer)
fields-group-other = Other
fields-type-text = Text
fields-type-short-text = Short text
fields-type-long-text = Long text
fields-type-text-area = Text area
fields-type-bio = Bio
fields-type-headline = Headline
fields-type-first-name = First name
fields-type-last-name = Last name
fields-type-full-name = Full name
fields-type-company-name = Company name
fields-type-job-title = Job title
fields-type-gender = Gender
fields-type-guest = Guest
fields-type-external-id = External id
fields-type-passport-number = Passport number
fields-type-dietary-requirements = Dietary requirements
fields-type-accessibility-requirements = Accessibility requirements
fields-type-dropdown = Dropdown
fields-type-radio = Radio buttons
fields-type-checkbox = Checkbox(es)
fields-type-date = Date
fields-type-date-of-birth = Date of birth
fields-type-time = Time
fields-type-number = Number
fields-type-email = Email
fields-type-url = Web address (URL)
fields-type-tel = Phone
fields-type-contact-phone = Contact phone
fields-type-address = Address
fields-type-home-address = Home address
fields-type-work-address = Work address
fields-type-shipping-address = Shipping address
fields-type-country = Country
fields-type-nationality = Nationality
fields-type-social-account = Social account
fields-type-consent = Consent
fields-type-term-and-consent = Terms and consent
fields-type-section-divider = Section heading
fields-type-paragraph = Paragraph
fields-type-spacer = Spacer
fields-type-captcha = Captcha (not shown at the kiosk)
fields-type-file-upload = File upload (as text)
fields-type-image = Image (as text)
