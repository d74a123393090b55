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
problem-not-an-option = : `{ $value }` n’est pas une option du champ `{ $name }` ({ $options })
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

# Où se trouve un problème de l’import : la colonne du fichier.
import-column = colonne `{ $heading }`
