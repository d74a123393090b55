# Les mots du serveur (src/l10n.rs), pour l’accueil : courts et clairs.

checked-in = { $name } est entré
checked-in-session = { $name } est entré ({ $session })
checked-out = { $name } est sorti
checked-out-session = { $name } est sorti ({ $session })
undone = Annulé : { $name } n’est plus enregistré
undone-session = Annulé : { $name } n’est plus enregistré ({ $session })

already-in = { $name } est déjà entré
already-in-session = { $name } est déjà entré à { $session }
already-out = { $name } est déjà sorti
already-out-session = { $name } est déjà sorti de { $session }
since = depuis { $time }
since-at = depuis { $time } à { $device }
time-on-day = { $time } le { $day }

not-in = { $name } n’est pas entré
not-in-session = { $name } n’est pas entré à { $session }
nothing-to-undo = { $name } n’a pas d’entrée à annuler
nothing-to-undo-session = { $name } n’a pas d’entrée à { $session } à annuler

not-allowed = { $name } ne peut pas entrer
not-allowed-declined = { $name } ne peut pas entrer : invitation déclinée
not-allowed-waitlisted = { $name } ne peut pas entrer : sur liste d’attente
not-allowed-pending = { $name } ne peut pas entrer : en attente de validation

needs-attention = { $name } demande une attention particulière
needs-attention-note = { $name } demande une attention particulière : { $note }
needs-answers = { $name } n’a pas répondu : { $fields }

wrong-event = Ce billet est pour un autre événement : { $event }
not-found = Aucun billet avec ce code

error-internal = erreur interne du serveur
error-disk-full = le disque est plein : rien n’a été modifié ; libérez de l’espace sur le disque de la base de données et réessayez

# La page de connexion du serveur (/oauth/authorize).
authorize-title = Connexion
authorize-heading = Se connecter à { $client }
# The heading when the kiosk's own sign-in is shown (its built-in client).
authorize-heading-kiosk = Se connecter à ce kiosque
authorize-email = E-mail
authorize-password = Mot de passe
authorize-submit = Se connecter
authorize-problem-title = Problème de connexion
authorize-cannot-sign-in = Connexion impossible
authorize-no-client = La demande ne nomme aucun client (client_id manquant).
authorize-unknown-client = Cette application n’est pas connue ici.
authorize-cannot-check-client = Le serveur n’a pas pu vérifier l’application.
authorize-unregistered-redirect = L’application demande à revenir vers une adresse qu’elle n’a pas enregistrée.
authorize-no-redirect = La demande ne nomme aucune redirect_uri.
authorize-bad-redirect = L’adresse de retour n’est pas valide.
authorize-other-site = Cette connexion vient d’un autre site, pas de la page de ce kiosque.
authorize-form-expired = Ce formulaire de connexion a expiré. Reconnectez-vous.
authorize-wrong-password = E-mail ou mot de passe incorrect.
authorize-too-many = Trop d’échecs de connexion. Réessayez dans { $wait } secondes.
authorize-cannot-check = Le serveur n’a pas pu vérifier la connexion. Réessayez.
authorize-busy = Le serveur vérifie d’autres connexions. Réessayez dans un instant.
authorize-no-account = Votre utilisateur n’a accès à aucun compte ici. Demandez à un organisateur.
authorize-cannot-complete = Le serveur n’a pas pu terminer la connexion. Réessayez.
authorize-new-title = Choisissez votre mot de passe
authorize-new-intro = Vous vous êtes connecté avec un mot de passe temporaire. Choisissez maintenant le vôtre : au moins { $min } caractères, connu de vous seul.
authorize-new-password = Nouveau mot de passe
authorize-new-again = Confirmez le nouveau mot de passe
authorize-new-submit = Enregistrer et se connecter
authorize-new-too-short = Le nouveau mot de passe doit compter au moins { $min } caractères (il en a { $count }).
authorize-new-too-long = Le nouveau mot de passe dépasse 1000 caractères.
authorize-new-mismatch = Les deux nouveaux mots de passe ne sont pas identiques.
authorize-new-same = Choisissez un mot de passe différent du mot de passe temporaire.

# Problèmes d’une saisie (422), après le champ concerné.
problem-required = est obligatoire
problem-empty = ne doit pas être vide
problem-null = ne doit pas être nul
problem-email = n’est pas une adresse e-mail valide
problem-phone = n’est pas un numéro de téléphone valide (format international, ex. +33 1 23 45 67 89)
problem-url = n’est pas une URL http(s) valide
problem-http-url = doit être une URL http ou https
problem-country = n’est pas un code pays ISO 3166-1 alpha-2 (ex. FR, BE, CH)
problem-date = n’est pas une date au format AAAA-MM-JJ
problem-time = n’est pas une heure au format HH:MM
problem-date-time = doit être une date-heure RFC 3339
problem-number = doit être un nombre
problem-true-or-false = doit être vrai ou faux
problem-string = doit être un texte
problem-control = contient des caractères de contrôle
problem-printable = doit être imprimable (sans caractères de contrôle)
problem-zero-or-more = doit être 0 ou plus
problem-code-taken = est déjà utilisé par un autre participant de cet événement

# Problèmes qui citent des valeurs ou des limites. Les valeurs restent telles qu’envoyées.
problem-of-field = { $problem } (champ `{ $name }`)
problem-more-entries = a plus de { $max } entrées
problem-too-long = dépasse { $max } caractères
problem-integer-range = doit être un entier de 1 à { $max }
problem-retention-days = doit être de 1 à { $max } jours (ou null pour jamais)
problem-passphrase-short = doit avoir au moins { $min } caractères (il en a { $count })
problem-not-integer = `{ $value }` n’est pas un entier
problem-time-zone = `{ $value }` n’est pas un nom de fuseau horaire IANA (p. ex. Europe/Paris)
problem-action = `{ $value }` n’est pas check_in, check_out ni undo
problem-checkin-status = `{ $value }` n’est pas not_checked_in, checked_in ni checked_out
problem-rsvp-status = `{ $value }` n’est pas unconfirmed, confirmed, declined, waitlisted ni pending_approval
problem-field-type = `{ $value }` n’est pas un type de champ connu (voir la liste des types d’AttendeeField)
problem-already-staff = : { $email } fait déjà partie de l’équipe de ce compte
problem-not-a-session = { $id } n’est pas une session de cet événement
problem-not-a-field = { $id } n’est pas un champ de cet événement
problem-not-a-registration-type = { $id } n’est pas un type d’inscription de cet événement
problem-answered-twice = : le champ { $id } a plus d’une réponse
problem-answer-missing = : la réponse au champ obligatoire `{ $name }` ({ $label }) manque
problem-cannot-clear = : le champ `{ $name }` ({ $label }) est obligatoire et ne peut pas être vidé
problem-takes-no-answer = : le champ `{ $name }` est de type `{ $type }` et ne prend pas de réponse
problem-string-for-type = doit être un texte pour un champ de type `{ $type }`
problem-options-array = doit être une liste des options du champ ({ $options })
problem-not-an-option = : `{ $value }` n’est pas une des options ({ $options })
problem-not-yes-no = : `{ $value }` n’est ni oui ni non
problem-not-a-number = : `{ $value }` n’est pas un nombre
problem-needs-option = : un champ de type `{ $type }` doit avoir au moins une option
problem-no-options = : un champ de type `{ $type }` ne prend pas d’options
problem-cannot-be-required = : un champ de type `{ $type }` ne prend pas de réponse, il ne peut donc pas être obligatoire
problem-listed-twice = : `{ $value }` figure deux fois
problem-cell-registration-type = : `{ $value }` n’est pas un type d’inscription de cet événement
problem-cell-flag = : `{ $value }` n’est pas yes, no, true, false, 1 ni 0
problem-query-flag = { $key } doit être true ou false, pas `{ $value }`
problem-map-no-column = --map cite une colonne `{ $heading }` que le fichier n’a pas
problem-map-no-target = la colonne `{ $heading }` est associée à `{ $target }`, qui n’est ni une donnée du participant ni un champ de l’événement
problem-same-member = les colonnes `{ $first }` et `{ $second }` remplissent la même donnée : associez l’une ailleurs ou retirez-la
problem-row-cells = la ligne a { $cells } cellules, mais l’en-tête nomme { $columns } colonnes
problem-same-person = le même { $key } est à la ligne { $row } : une ligne par personne (ajoutez une colonne qr_code pour distinguer les personnes ayant le même e-mail)

# Problèmes d’une requête entière, de ses en-têtes et paramètres, et des saisies du hub,
# de la synchronisation, de l’équipe et de l’import.
problem-mirrored-type = l’événement { $id } est copié du serveur distant : supprimez le type d’inscription là-bas
problem-mirrored-session = l’événement { $id } est copié du serveur distant : supprimez la session là-bas
problem-answers-misfit = item : { $count } réponse(s) existante(s) ne correspondraient plus au champ modifié ; modifiez-les ou videz-les d’abord ({ $examples })
problem-hubs-answered = plusieurs hubs ont répondu : { $names } ; choisissez-en un par son nom
problem-hub-address = `{ $value }` n’est pas une adresse de hub : elle ressemble à https://10.0.0.5:7879
problem-pairing-code = un code d’appairage compte 8 lettres et chiffres, tel que le hub l’affiche
problem-not-pairing-code = ce n’est pas un code d’appairage d’un hub Entrada
problem-fingerprint = une empreinte compte 64 chiffres hexadécimaux
problem-hex64 = doit compter 64 chiffres hexadécimaux
problem-max-2000 = doit avoir au plus 2000 caractères
problem-qr-alone = vient seul : le texte QR de la carte contient l’adresse, l’empreinte et le code
problem-with-fingerprint = est obligatoire avec `fingerprint`
problem-with-url = est obligatoire avec `url` : il figure sur la carte d’appairage du hub
problem-on-card = est obligatoire : il figure sur la carte d’appairage du hub (ou donnez `qr_text`)
problem-last-organiser = Le dernier organisateur actif ne peut pas être désactivé ni passer à l’accueil
problem-role = doit être door ou organiser
problem-scopes = : indiquez au moins l’un de read, write, check_in
problem-object = doit être un objet
problem-sync-required = est obligatoire lors de la première configuration de la synchronisation
problem-event-ids = doivent être des identifiants d’événement positifs
problem-api-root = doit se terminer par /api/v2 (la racine v2)
problem-one-event = doit indiquer au moins un identifiant d’événement distant
problem-no-credentials = ne doit pas contenir d’identifiants (utilisez client_id et client_secret)
problem-sync-not-configured = la synchronisation n’est pas configurée (entrada sync configure, ou l’écran Synchronisation)
problem-capacity = doit être 0 ou plus (ou null pour aucune limite)
problem-ends-before = ne doit pas précéder item.starts_at
problem-position-on-create = ne peut pas être fixé à la création ; les nouveaux champs vont à la fin (modifiez-le avec PATCH)
problem-strings = doit être une liste de textes
problem-rfc3339 = n’est pas un horodatage RFC 3339 (p. ex. 2026-05-01T09:00:00+02:00)
problem-year-range = est hors limites (années 0000 à 9999 en UTC)
problem-timestamp = n’est pas un horodatage
problem-item-object = item doit être un objet
problem-body-empty = le corps de la requête est vide : envoyez un objet JSON avec un membre item
problem-body-shape = le corps de la requête doit être un objet JSON avec un membre item
problem-body-json = le corps de la requête n’est pas du JSON valide : { $error }
problem-body-unreadable = le corps de la requête n’a pas pu être lu : { $error }
problem-query = paramètre de requête invalide : { $reason }
problem-idempotency-length = Idempotency-Key doit avoir de 1 à { $max } caractères
problem-idempotency-ascii = Idempotency-Key doit être en ASCII imprimable
problem-idempotency-reused = Idempotency-Key a déjà servi pour une autre requête
problem-last-event-id = Last-Event-ID doit être un identifiant d’historique (un entier d’au moins 0)
problem-after = after doit être un identifiant d’historique (un entier d’au moins 0)
problem-pkce = n’est pas un SHA-256 en base64url (PKCE S256)
problem-redirect = n’est pas une URI de redirection du kiosque (loopback /oauth/callback)
problem-with-challenge = est obligatoire avec item.code_challenge
problem-raw-frame = { $name } est obligatoire pour une image brute en niveaux de gris (?width=&height=)
problem-file-not-utf8 = le fichier n’est pas du texte UTF-8 (ligne { $line }) ; enregistrez-le au format « CSV UTF-8 »
problem-file-empty = le fichier est vide : la première ligne doit nommer les colonnes
problem-heading-unreadable = la ligne d’en-tête ne peut pas être lue : { $error }
problem-line-unreadable = la ligne { $line } ne peut pas être lue : { $error }

# Un enregistrement introuvable (404).
problem-not-found-attendee-of = participant { $id } de l’événement { $event } introuvable
problem-not-found-attendee = participant { $id } introuvable
problem-not-found-event = événement { $id } introuvable
problem-not-found-session = session { $id } de l’événement { $event } introuvable
problem-not-found-type = type d’inscription { $id } de l’événement { $event } introuvable
problem-not-found-field = champ { $id } de l’événement { $event } introuvable
problem-not-found-client = client { $id } introuvable
problem-not-found-device = appareil { $id } introuvable
problem-not-found-account-id = compte { $id } introuvable
problem-not-found-account = compte introuvable
problem-not-found-user = utilisateur { $id } introuvable
problem-not-found-staff = membre de l’équipe { $id } introuvable
problem-not-found-parked = entrée mise de côté { $id } introuvable
problem-no-route = aucune route pour { $method } { $path }
problem-ids-integers = { $path } introuvable : les identifiants sont des entiers

# Autres refus : jetons et comptes, conflits, tailles, attentes.
problem-already-set-up = Entrada est déjà configuré : connectez-vous plutôt
problem-account-header = X-Account-Id `{ $value }` n’est pas un identifiant de compte
problem-frame-size = une image peut faire au plus { $max } Mio
problem-client-scopes = un nouveau client ne peut avoir que les droits de votre propre connexion ({ $scopes })
problem-idempotency-busy = une requête avec cette Idempotency-Key est encore en cours ; réessayez plus tard
problem-idempotency-answered = une requête avec cette Idempotency-Key a reçu sa réponse entre-temps ; réessayez pour l’obtenir
problem-sync-running = une synchronisation est déjà en cours
problem-malformed-auth = en-tête Authorization mal formé : `Bearer <token>` attendu
problem-missing-token = jeton d’accès manquant : envoyez `Authorization: Bearer <token>`
problem-hub-duplicates = seul un kiosque relié à ce hub signale les entrées en double
problem-hub-reports = seul un kiosque relié à ce hub lui fait des rapports
problem-skip-questions = seul un organisateur peut passer les questions de l’entrée (item.skip_questions)
problem-organiser-only = seul un organisateur connecté peut faire cela (pas des identifiants client)
problem-me-personal = seuls les jetons personnels (une personne connectée) peuvent appeler /me
problem-account-needed = les jetons personnels doivent envoyer l’en-tête X-Account-Id avec l’un de vos comptes
problem-token-invalid = le jeton d’accès est invalide, expiré ou révoqué
problem-body-too-large = le corps de la requête dépasse { $max } Mio
problem-other-account = la synchronisation de ce kiosque appartient à un autre compte
problem-hub-joins-none = cet Entrada est le hub du lieu : les kiosques s’y relient, il ne se relie à aucun autre
problem-other-site = cette requête vient d’un autre site web, pas de la page de ce kiosque
problem-pairing-throttled = trop de codes d’appairage erronés depuis cette adresse : réessayez dans { $wait } secondes
problem-not-member = vous n’êtes pas membre du compte { $id }

# Où se trouve un problème de l’import : la colonne du fichier.
import-column = colonne `{ $heading }`
