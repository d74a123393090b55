# L’écran « Données » (organisateurs) : importer des participants depuis un fichier CSV et télécharger des fichiers CSV.

data-title = Données

## Import : la carte et le choix du fichier

data-import-title = Importer des participants
data-import-intro = Depuis un fichier CSV, par exemple un tableur enregistré en « CSV UTF-8 » ou un fichier téléchargé ici. Vous voyez le résultat avant que rien ne soit enregistré.
data-drop-title = Déposez un fichier CSV ici
data-drop-format = UTF-8, séparé par des virgules, des points-virgules ou des tabulations, avec une ligne d’en-tête qui nomme les colonnes.
data-choose-file = Choisir un fichier CSV…
data-choose-another = Choisir un autre fichier…
data-drop-another = ou déposez un autre fichier ici
data-drop-one-file = Déposez un seul fichier à la fois.
data-refuse-workbook = « { $name } » est un classeur. Dans le tableur, enregistrez-le en « CSV UTF-8 », puis choisissez ce fichier.
data-refuse-too-large = « { $name } » fait { $size } ; 64 Mo au plus peuvent être importés à la fois. Découpez-le en fichiers plus petits.
data-refuse-empty = « { $name } » est vide. Choisissez le fichier des inscriptions.
data-size-bytes = { $count ->
    [one] { $count } octet
   *[other] { $count } octets
}
data-size-kb = { $size } ko
data-size-mb = { $size } Mo

## Import : envoi et vérification

data-progress = Progression
data-sending = Envoi du fichier… { $percent } %
data-checking = Vérification de chaque ligne…
data-importing-wait = Import en cours… le serveur répond quand toutes les lignes sont enregistrées.
data-checked = Vérifié : { $rows ->
    [one] { $rows } ligne
   *[other] { $rows } lignes
}, dont { $invalid } à corriger.
data-file-problems-said = Le fichier ne peut pas être importé tel quel.
data-file-problems-title = Le fichier ne peut pas être importé tel quel
data-not-imported-yet = Pas encore importé — votre fichier et vos choix sont conservés
data-not-checked = Fichier non vérifié — votre fichier et vos choix sont conservés
data-nothing-imported = Rien n’a été importé : { $count ->
    [one] { $count } ligne a
   *[other] { $count } lignes ont
} maintenant des problèmes. Vérifiez les lignes ci-dessous.

## Import : pourquoi le serveur n’a pas pu lire le fichier

data-problem-no-first-names = Aucune colonne ne contient les prénoms. Sous « Colonnes », choisissez celle qui les contient.
data-problem-same-place = Les colonnes « { $first } » et « { $second } » rempliraient le même champ. Réglez l’une d’elles sur autre chose ou sur « Non importée ».
data-problem-no-column = Le fichier n’a pas de colonne « { $column } ».
data-problem-gone-target = La colonne « { $column } » est réglée sur « { $target } », qui n’est plus ni une donnée de participant ni une question de cet événement. Choisissez à nouveau.

## Import : le rapport de vérification

data-preview-title = Vérifier avant d’importer
data-preview-intro = Rien n’est encore enregistré. Les personnes déjà présentes sont reconnues par leur code de billet, sinon par leur e-mail, et mises à jour au lieu d’être ajoutées deux fois.
data-sum-rows = Lignes
data-sum-to-add = À ajouter
data-sum-to-update = À modifier
data-sum-invalid = Invalides
data-added = Ajouté
data-updated = Mis à jour
data-unchanged = Inchangé
data-left-out = Écarté
data-importing = Import en cours…
data-import-rows = { $count ->
    [one] Importer { $count } ligne
   *[other] Importer { $count } lignes
}
data-import-valid = { $count ->
    [one] Importer seulement la ligne valide
   *[other] Importer seulement les { $count } lignes valides
}
data-hint-all-invalid = Aucune ligne ne peut encore être importée : chaque ligne a un problème. Corrigez le fichier, puis choisissez-le à nouveau.
data-hint-some-invalid = { $count ->
    [one] { $count } ligne a des problèmes. Corrigez-la dans le fichier et choisissez-le à nouveau, ou importez seulement les lignes valides.
   *[other] { $count } lignes ont des problèmes. Corrigez-les dans le fichier et choisissez-le à nouveau, ou importez seulement les lignes valides.
}
data-hint-unchanged = Tout le monde dans le fichier est déjà là, sans changement : l’import ne change rien.

## Import : confirmer l’import des seules lignes valides

data-confirm-valid-title = { $count ->
    [one] Importer seulement la ligne valide ?
   *[other] Importer seulement les { $count } lignes valides ?
}
data-confirm-valid-body = { $count ->
    [one] { $count } ligne avec des problèmes sera écartée ({ $which }). Vous pourrez la corriger dans le fichier et le réimporter plus tard : les personnes déjà importées sont reconnues, pas ajoutées deux fois.
   *[other] { $count } lignes avec des problèmes seront écartées ({ $which }). Vous pourrez les corriger dans le fichier et le réimporter plus tard : les personnes déjà importées sont reconnues, pas ajoutées deux fois.
}
data-rows-listed = { $count ->
    [one] ligne { $rows }
   *[other] lignes { $rows }
}
data-rows-listed-more = lignes { $rows }…

## Import : les colonnes du fichier

data-columns-title = Colonnes
data-columns-intro = Les en-têtes sont associés par leur nom aux données des participants et aux questions de cet événement.
data-columns-pending = La lecture de chaque colonne s’affiche dès que le fichier peut être lu.
data-columns-ignored = { $count ->
    [one] { $count } colonne n’est pas importée : choisissez ce qu’elle contient, ou laissez-la de côté.
   *[other] { $count } colonnes ne sont pas importées : choisissez ce qu’elles contiennent, ou laissez-les de côté.
}
data-columns-in-file = Colonne du fichier
data-columns-read-as = Lue comme
data-columns-change = Modifier
data-column-no-heading = (sans en-tête)
data-column-your-choice = (votre choix)
data-column-choice-label = Importer la colonne « { $heading } » comme
data-column-as-heading = Selon l’en-tête
data-column-not-imported = Non importée
data-column-group-attendee = Participant
data-column-group-questions = Questions de cet événement
data-member-first-name = Prénom
data-member-last-name = Nom
data-member-email = E-mail
data-member-phone = Téléphone
data-member-job-title = Fonction
data-member-company = Société
data-member-rsvp-status = Statut de réponse
data-member-ticket-code = Code du billet
data-member-registration-type = Type d’inscription

## Import : les lignes du fichier

data-rows-title = Lignes
data-rows-only-problems = Seulement les lignes à problème ({ $count })
data-rows-no-problem = Aucune ligne n’a de problème.
data-rows-none = Le fichier n’a aucune ligne sous sa ligne d’en-tête.
data-rows-row = Ligne
data-rows-will-be = Action
data-rows-outcome = Résultat
data-rows-name = Nom
data-rows-problems = Problèmes
data-rows-no-name = (sans nom)
data-row-new = Nouveau
data-row-update = Mise à jour
data-row-problem = Problème
data-rows-showing = { $shown } sur { $total } affichées.
data-rows-show-more = Afficher { $count } de plus

## Import : terminé

data-done-title = Import terminé
data-result = Importé : { $added ->
    [one] { $added } personne ajoutée
   *[other] { $added } personnes ajoutées
}, { $updated ->
    [one] { $updated } mise à jour
   *[other] { $updated } mises à jour
}, { $unchanged ->
    [one] { $unchanged } inchangée
   *[other] { $unchanged } inchangées
}.
data-result-left-out = { $count ->
    [one] { $count } ligne avec des problèmes a été écartée.
   *[other] { $count } lignes avec des problèmes ont été écartées.
}
data-see-attendees = Voir les participants
data-check-again = Revérifier ce fichier

## Export

data-export-title = Export
data-export-intro = Fichiers CSV pour un tableur. Le fichier des participants peut être réimporté.
data-export-attendees = Télécharger les participants (CSV)
data-export-check-ins = Télécharger l’historique des entrées (CSV)
data-export-preparing = Préparation…
data-export-attendees-saved = Les participants sont enregistrés sous « { $filename } » dans vos téléchargements.
data-export-check-ins-saved = L’historique des entrées est enregistré sous « { $filename } » dans vos téléchargements.
data-export-attendees-failed = Participants non téléchargés
data-export-check-ins-failed = Historique des entrées non téléchargé
