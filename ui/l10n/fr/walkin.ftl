# Inscription sur place : le formulaire, puis « Inscription enregistrée » avec l’aperçu du badge.

walkin-title = Inscription sur place
walkin-loading = Chargement du formulaire…
walkin-required-note = Les champs marqués d’un * sont obligatoires.
walkin-person = Personne
walkin-questions = Questions
walkin-check-in-now = Faire entrer aussitôt
walkin-print-badge-now = Imprimer le badge
walkin-register = Inscrire
walkin-saving = Enregistrement…
walkin-not-accepted = Le serveur n’a pas accepté ceci :

# Après l’enregistrement
walkin-registered = Inscription enregistrée
walkin-not-checked-in-yet = Pas encore entré
walkin-check-in-failed = Inscription enregistrée, mais l’entrée n’a pas fonctionné
walkin-preparing-badge = Préparation du badge…
walkin-preview-unavailable = Aperçu du badge indisponible : { $reason }
walkin-print-badge = Imprimer le badge
walkin-print-failed = Impression impossible.
walkin-open = Ouvrir
walkin-register-another = Inscrire quelqu’un d’autre
