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
