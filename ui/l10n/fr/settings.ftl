# Réglages (ui/js/screens/settings.js) : langue, API locale, cet ordinateur, intégrations, appareil d’entrée, hub du site.

settings-title = Réglages

## Langue
settings-language-title = Langue
settings-language-hint = Affichée sur ce kiosque. Gardée sur cet appareil.

## API locale
settings-api-title = API locale
settings-api-address-local = API locale pour les autres programmes de cet ordinateur : { $address }
settings-api-address = API pour les autres programmes : { $address }
settings-address = Adresse
settings-api-auth = Les programmes se connectent avec des identifiants client (OAuth 2 client credentials) et envoient le jeton en « Authorization: Bearer … ».
settings-api-reference-at = La référence de l’API est à { $url }.
settings-api-reference = Référence de l’API

## Copier
settings-copy = Copier
settings-copy-label = Copier : { $what }
settings-copied = Copié
settings-copied-toast = Copié.
settings-copy-impossible = Impossible de copier ici : le texte est sélectionné, copiez-le avec Ctrl+C.

## Cet ordinateur
settings-desktop-title = Cet ordinateur
settings-desktop-kiosk = Entrada tourne en mode kiosque : plein écran, écran toujours allumé, retour à l’écran d’entrée après { $idle } sans utilisation. Pour le fermer, il faut un organisateur.
settings-desktop-app = Entrada tourne comme application de bureau, avec son propre serveur sur cet ordinateur.
settings-kiosk-on = Passer cet ordinateur en mode kiosque
settings-kiosk-starting = Démarrage du mode kiosque…
settings-kiosk-mode-words = Mode kiosque : plein écran, écran toujours allumé, retour à l’écran d’entrée après { $idle } sans utilisation ; le fermer ou le quitter demande un organisateur. Entrada démarre en mode kiosque jusqu’à ce qu’un organisateur le quitte.
settings-idle-seconds = { $count ->
    [one] { $count } seconde
   *[other] { $count } secondes
}
settings-idle-minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
}

settings-organisers-only = Les organisateurs créent ici les identifiants des intégrations locales (imprimante de badges, tourniquet, script).

## Identifiants pour une intégration locale
settings-integrations-title = Créer des identifiants pour une intégration locale
settings-integrations-words = Pour une imprimante de badges, un tourniquet ou un script sur cet ordinateur : il reçoit son propre identifiant client et son secret, et demande lui-même ses jetons à l’API locale.
settings-integration-name = Nom
settings-integration-name-placeholder = ex. Imprimante de badges porte 2
settings-integration-name-hint = Ce qu’est le programme, pour le reconnaître dans la liste.
settings-integration-name-missing = Donnez-lui un nom.
settings-scopes-legend = Ce qu’il peut faire
settings-scopes-missing = Cochez-en au moins un.
settings-scope-read = Lire
settings-scope-read-hint = Voir les événements, les participants et l’historique des entrées.
settings-scope-write = Écrire
settings-scope-write-hint = Ajouter et modifier participants, événements et formulaires.
settings-scope-check-in = Entrées
settings-scope-check-in-hint = Enregistrer entrées et sorties, scanner les codes.
settings-create = Créer les identifiants
settings-creating = Création…
settings-not-created = Non créé

## Les nouveaux identifiants, montrés une fois
settings-secret-title = Identifiants pour « { $name } »
settings-secret-warning = Copiez le secret maintenant : il ne sera plus affiché.
settings-secret-fingerprint = Entrada n’en garde qu’une empreinte. S’il est perdu, révoquez ces identifiants et créez-en de nouveaux.
settings-client-id = Identifiant client
settings-client-secret = Secret client
settings-secret-may = Peut :
settings-token-example = Obtenir un jeton (exemple)
settings-token-then = Appelez ensuite l’API avec, par ex. { $command }. Demandez un nouveau jeton quand il expire.
settings-secret-done = Terminé : secret copié

## Liste des intégrations
settings-integrations-list = Intégrations
settings-integrations-load-failed = Impossible de charger les intégrations
settings-integrations-empty = Aucune intégration pour l’instant.
settings-col-name = Nom
settings-col-may = Peut
settings-col-created = Créé
settings-col-actions = Actions
settings-scope-word-read = lire
settings-scope-word-write = écrire
settings-scope-word-check-in = entrées

## Révoquer
settings-revoke = Révoquer
settings-revoke-label = Révoquer { $name }
settings-revoke-title = Révoquer « { $name } » ?
settings-revoke-body = Les programmes qui utilisent ces identifiants s’arrêtent aussitôt : leurs jetons sont refusés. C’est définitif.
settings-revoke-gone = Ces identifiants étaient déjà révoqués.
settings-revoked = « { $name } » révoqué.
settings-not-revoked = Non révoqué : { $reason }

## Appareil d’entrée
settings-door-device-title = Appareil d’entrée
settings-door-device-words = Faites de ce kiosque un appareil d’entrée : il enregistre les entrées avec les seuls droits d’accueil, personne ne tape de mot de passe, et cela reste ainsi après un redémarrage. Vous êtes déconnecté ici ; quitter le mode entrée demande un organisateur. L’écran Équipe liste les appareils d’entrée.

## Hub du site
settings-hub-title = Hub du site
settings-hub-words = Plusieurs entrées dans un même lieu : un Entrada est le hub, et les kiosques des autres entrées le rejoignent. Un billet admis à une entrée est alors refusé à la suivante.
settings-hub-serving = Ceci est le hub du site « { $name } ». Montrez une carte d’appairage au kiosque qui le rejoint, et voyez les appareils déjà reliés.
settings-hub-joined = Ce kiosque se synchronise avec le hub du site « { $name } ».
