# Éditeur de formulaire (organisateurs) : les champs du formulaire d’inscription de l’événement.

form-title = Formulaire d’inscription
form-lead = Les questions du formulaire d’inscription sur place, dans l’ordre. Les modifications s’appliquent aussitôt.
form-add-field = + Ajouter un champ
form-reorder-hint = Pour réordonner, faites glisser une ligne par sa poignée (⠿), utilisez les flèches, ou appuyez sur Alt+↑ / Alt+↓ sur une ligne.
form-empty = Cet événement n’a pas encore de questions. Ajoutez-en une.

## Ligne d’un champ
form-meta-required = obligatoire
form-meta-options = options : { $options }
form-reorder-label = Déplacer « { $label } », position { $position } sur { $count }
form-drag-title = Glisser pour réordonner (ou Alt+↑ / Alt+↓)
form-move-group = Déplacer « { $label } »
form-move-top-label = Placer « { $label } » tout en haut
form-move-top-title = Tout en haut
form-move-top = Haut
form-move-up-label = Monter « { $label } »
form-move-up-title = Monter
form-move-down-label = Descendre « { $label } »
form-move-down-title = Descendre
form-move-bottom-label = Placer « { $label } » tout en bas
form-move-bottom-title = Tout en bas
form-move-bottom = Bas
form-edit = Modifier
form-edit-label = Modifier « { $label } »
form-close = Fermer
form-close-label = Fermer « { $label } »
form-delete = Supprimer
form-delete-label = Supprimer « { $label } »

## Déplacement (annoncé aux lecteurs d’écran)
form-already-first = « { $label } » est déjà en premier, en position { $position } sur { $count }.
form-already-last = « { $label } » est déjà en dernier, en position { $position } sur { $count }.
form-moved = « { $label } » déplacé en position { $position } sur { $count }.
form-move-failed = « { $label } » n’a pas été déplacé : { $reason } Il est revenu en position { $position }.
form-not-moved = « { $label } » non déplacé.

## Ajouter / modifier un champ
form-new-title = Nouveau champ
form-type = Type
form-type-change-hint = Un changement incompatible avec les réponses déjà données est refusé.
form-required = Obligatoire : une réponse est nécessaire pour s’inscrire
form-options-needed = Au moins une option.
form-options-checkbox = Facultatif : sans options, c’est une seule case à cocher.
form-label-consent = Texte de consentement (affiché à côté de la case)
form-label-paragraph = Texte du paragraphe
form-label-heading = Titre
form-label-question = Question (libellé)
form-add = Ajouter le champ
form-save = Enregistrer le champ
form-label-required = Un libellé est obligatoire.
form-label-too-long = { $max } caractères au maximum.
form-added = « { $label } » ajouté
form-saved = Enregistré

## Options
form-options = Options
form-option-new = Nouvelle option
form-option-add = Ajouter l’option
form-option-label = Option { $number }
form-option-up = Monter l’option { $number }
form-option-down = Descendre l’option { $number }
form-option-remove = Retirer l’option { $number }
form-options-none = Ajoutez au moins une option.
form-options-too-many = 200 options au maximum.
form-option-empty = L’option { $number } est vide.
form-option-too-long = L’option { $number } dépasse { $max } caractères.
form-option-twice = « { $option } » figure deux fois.

## Suppression
form-delete-unknown = Les réponses à ce champ seront supprimées avec lui.
form-delete-none = Personne n’y a encore répondu : aucune réponse ne sera perdue.
form-delete-count = { $count ->
    [one] { $count } réponse sera supprimée avec lui.
   *[other] { $count } réponses seront supprimées avec lui.
}
form-delete-count-failed = Les réponses à ce champ seront supprimées avec lui (leur nombre n’a pas pu être compté).
form-delete-no-answers = Il ne contient aucune réponse.
form-delete-title = Supprimer « { $label } » ?
form-delete-undone = Cette action est irréversible.
form-delete-confirm = Supprimer le champ
form-deleted = « { $label } » supprimé
