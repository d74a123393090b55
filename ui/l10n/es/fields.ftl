# Formularios de asistentes (inscripción en puerta y edición): las palabras del formulario; las preguntas son del evento.

fields-required = (obligatorio)
fields-choose = Elige…
fields-choose-country = Elige un país…

# Comprobaciones hechas en el navegador
fields-error-required = Este campo es obligatorio.
fields-error-too-long = Demasiado largo: { $max } caracteres como máximo.
fields-error-control-characters = Contiene caracteres que no se pueden guardar.
fields-error-email = Correo electrónico no válido.
fields-error-phone-country-code = Incluye el prefijo del país, p. ej. +44 20 7946 0958.
fields-error-phone = Teléfono no válido (usa el formato internacional, p. ej. +44 20 7946 0958).
fields-error-url = Dirección web no válida: empieza por https:// (o http://).
fields-error-date = No es una fecha (AAAA-MM-DD).
fields-error-time = No es una hora (HH:MM, 24 horas).
fields-error-number = Escribe un número.
fields-error-bad-input = Dato no válido.
fields-error-choose-one = Elige una opción.
fields-error-not-an-option = No es una de las opciones.
fields-error-tick = Marca esta casilla.
fields-error-choose-some = Elige al menos una opción.
fields-error-consent = Hace falta el consentimiento para inscribirse.
fields-error-choose-country = Elige un país.
fields-error-country-code = No es un código de país (p. ej. NO, DE, GB).
fields-error-answer-required = Esta respuesta es obligatoria.
fields-error-answer-required-kept = Esta respuesta es obligatoria y no se puede borrar.

# Respuestas en la ficha
fields-answer-yes = Sí
fields-answer-no = No
fields-answer-agreed = Aceptado
fields-answer-not-agreed = No aceptado

# Los datos del asistente
fields-member-first-name = Nombre
fields-member-last-name = Apellidos
fields-member-email = Correo
fields-member-phone = Teléfono
fields-member-phone-hint = Con el prefijo del país, p. ej. +47 22 12 34 56
fields-member-company = Empresa
fields-member-job-title = Cargo
fields-member-registration-type = Tipo de inscripción
fields-member-no-registration-type = Ninguno
fields-member-rsvp = Confirmación

# Tipos de campo, agrupados como en el selector de tipo del editor de formularios
fields-group-text = Texto
fields-group-choice = Opciones
fields-group-date-number = Fecha y número
fields-group-contact = Contacto
fields-group-place = Lugar
fields-group-social = Redes sociales
fields-group-consent = Consentimiento
fields-group-layout = Diseño (sin respuesta)
fields-group-other = Otros
fields-type-text = Texto
fields-type-short-text = Texto corto
fields-type-long-text = Texto largo
fields-type-text-area = Área de texto
fields-type-bio = Biografía
fields-type-headline = Titular
fields-type-first-name = Nombre
fields-type-last-name = Apellidos
fields-type-full-name = Nombre completo
fields-type-company-name = Nombre de la empresa
fields-type-job-title = Cargo
fields-type-gender = Género
fields-type-guest = Invitado
fields-type-external-id = ID externo
fields-type-passport-number = Número de pasaporte
fields-type-dietary-requirements = Necesidades alimentarias
fields-type-accessibility-requirements = Necesidades de accesibilidad
fields-type-dropdown = Desplegable
fields-type-radio = Botones de opción
fields-type-checkbox = Casilla(s)
fields-type-date = Fecha
fields-type-date-of-birth = Fecha de nacimiento
fields-type-time = Hora
fields-type-number = Número
fields-type-email = Correo
fields-type-url = Dirección web (URL)
fields-type-tel = Teléfono
fields-type-contact-phone = Teléfono de contacto
fields-type-address = Dirección
fields-type-home-address = Dirección particular
fields-type-work-address = Dirección del trabajo
fields-type-shipping-address = Dirección de envío
fields-type-country = País
fields-type-nationality = Nacionalidad
fields-type-social-account = Red social
fields-type-consent = Consentimiento
fields-type-term-and-consent = Términos y consentimiento
fields-type-section-divider = Encabezado de sección
fields-type-paragraph = Párrafo
fields-type-spacer = Espacio
fields-type-captcha = Captcha (no se muestra en el quiosco)
fields-type-file-upload = Archivo (como texto)
fields-type-image = Imagen (como texto)
