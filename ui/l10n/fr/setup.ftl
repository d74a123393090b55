# Première configuration : créer le premier organisateur.

setup-title = Configurer Entrada
setup-lead = Créez le premier organisateur : vous. Vous vous connecterez avec cet e-mail et cette phrase de passe.
setup-name-label = Votre nom
setup-name-hint = Tel que votre équipe le verra.
setup-email-label = Votre e-mail
setup-email-hint = Il sert à vous connecter.
setup-password-label = Phrase de passe
setup-password-hint = Au moins { $min } caractères. Quelques mots faciles à retenir, c’est idéal.
setup-password-show = Afficher
setup-password-hide = Masquer
setup-password-show-label = Afficher la phrase de passe
setup-password-hide-label = Masquer la phrase de passe

setup-strength-label = Solidité de la phrase de passe
setup-strength-too-short = Trop courte
setup-strength-weak = Faible
setup-strength-fair = Moyenne
setup-strength-good = Bonne
setup-strength-strong = Forte
setup-strength-hint-weak = Solidité : faible. Facile à deviner : ajoutez quelques mots.
setup-strength-hint-fair = Solidité : moyenne. Un ou deux mots de plus la renforcent.
setup-strength-hint-good = Solidité : bonne.
setup-strength-hint-strong = Solidité : forte.
setup-strength-short = Trop courte : { $count } sur { $min } caractères.

setup-submit = Créer l’organisateur et se connecter
setup-creating = Création…
setup-signing-in = Connexion…
setup-name-missing = Saisissez votre nom.
setup-email-missing = Saisissez votre e-mail.
setup-email-invalid = Cela ne ressemble pas à une adresse e-mail.
setup-password-missing = Choisissez une phrase de passe d’au moins { $min } caractères.
setup-password-too-short = Trop courte : utilisez au moins { $min } caractères (actuellement { $count }).

setup-unreachable = Impossible de joindre Entrada. Vérifiez qu’il est lancé, puis réessayez.
setup-already = Entrada est déjà configuré. Connectez-vous.
setup-not-here = La configuration doit se faire sur l’ordinateur du kiosque lui-même. Ouvrez Entrada sur cet ordinateur (à l’adresse http://localhost:…) et configurez-le là.
setup-too-many = Trop de tentatives. Attendez une minute, puis réessayez.
setup-failed = Entrada n’a pas pu le faire ({ $status }). Réessayez.
setup-failed-error = Entrada n’a pas pu le faire ({ $status } : { $error }). Réessayez.
setup-sign-in-needed = Votre compte organisateur est prêt. Connectez-vous avec l’e-mail et la phrase de passe que vous venez de choisir.
