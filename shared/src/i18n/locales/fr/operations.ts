/** Textes des firmwares, de l'onglet Meraki et du mode « voir en tant qu'utilisateur » de l'administrateur. */
export const operations = {
  firmware: {
    title: 'Firmwares',
    subtitle: 'Importez les firmwares des machines et partagez leur lien de téléchargement public.',
    forbidden: 'La gestion des firmwares est réservée aux techniciens et aux administrateurs.',
    import: {
      button: 'Importer un firmware',
      title: 'Importer un firmware',
      description:
        'Donnez au firmware un nom, sa version et les modèles de purificateur auxquels il convient, puis choisissez son fichier (200 Mo au maximum). Le fichier est publié à une URL publique.',
      name: 'Nom',
      file: 'Fichier',
      'file-hint': 'Tout type de fichier, 200 Mo au maximum.',
      version: 'Version',
      'version-hint':
        'Par exemple 2.4.1 ou 2.4.1-beta.2 : ce que le purificateur indique une fois le firmware installé.',
      models: 'Modèles de purificateur',
      'models-hint': 'Les modèles auxquels ce firmware convient (au moins un).',
      'file-chosen': '{{name}} · {{size}}',
      submit: 'Importer',
      uploading: 'Envoi en cours… {{percent}}',
      progress: "Progression de l'envoi",
      success: 'Le firmware {{name}} a été importé',
    },
    columns: {
      name: 'Nom',
      date: "Date d'import",
      file: 'Fichier',
      url: 'URL publique',
      version: 'Version',
      models: 'Modèles',
      actions: 'Actions',
    },
    sha256: 'SHA-256 : {{hash}}',
    copy: "Copier l'URL publique de {{name}}",
    copied: 'URL publique copiée',
    'copy-error': "L'URL n'a pas pu être copiée, sélectionnez-la et copiez-la à la main",
    delete: 'Supprimer {{name}}',
    'delete-title': 'Supprimer le firmware {{name}} ?',
    'delete-body':
      'Le fichier est supprimé et son URL publique cesse aussitôt de fonctionner. Les machines ou les personnes qui utilisent le lien ne pourront plus le télécharger.',
    'delete-confirm': 'Supprimer',
    deleted: 'Le firmware {{name}} a été supprimé',
    empty: {
      title: 'Aucun firmware pour le moment',
      text: 'Importez un premier fichier de firmware pour obtenir son lien de téléchargement public.',
    },
    'load-error': "Les firmwares n'ont pas pu être chargés",
    retry: 'Réessayer',
  },
  meraki: {
    title: 'Gestion réseau (Cisco Meraki)',
    intro:
      "Les alertes des capteurs Meraki MT peuvent piloter ce purificateur : une alerte de qualité d'air le passe en mode auto ; à sa fin, il reprend le mode qu'il avait avant (sauf si quelqu'un ou le planning l'a changé entre-temps). Les alertes des commutateurs, points d'accès et appliances sont journalisées et ne changent rien.",
    'webhook-url': 'URL du webhook',
    'shared-secret': 'Secret partagé',
    'secret-owner-only':
      "Le secret partagé n'est visible que par le propriétaire du purificateur : quiconque le connaît peut piloter le purificateur sans compte.",
    'copy-url': "Copier l'URL du webhook",
    'other-host':
      "L'URL du webhook ci-dessus utilise l'adresse publique configurée {{configured}}, alors que cette page est ouverte sur {{origin}}. Le cloud Meraki doit pouvoir joindre l'URL collée : gardez celle ci-dessus, sauf si Meraki joint ce service sur {{origin}} ; utilisez alors celle-ci.",
    'webhook-url-here': 'URL du webhook sur {{origin}}',
    'copy-url-here': "Copier l'URL du webhook sur cette adresse",
    'copy-secret': 'Copier le secret partagé',
    copied: 'Copié',
    'copy-error': "La valeur n'a pas pu être copiée, sélectionnez-la et copiez-la à la main",
    'show-secret': 'Afficher le secret',
    'hide-secret': 'Masquer le secret',
    rotate: 'Générer un nouveau secret',
    'rotate-title': 'Générer un nouveau secret partagé ?',
    'rotate-body':
      "Le secret actuel cesse aussitôt de fonctionner : les alertes Meraki sont refusées tant que vous n'avez pas collé le nouveau secret dans le tableau de bord Meraki.",
    'rotate-confirm': 'Générer',
    rotated: 'Un nouveau secret partagé a été généré',
    'unreadable-title': "Le secret partagé n'est plus lisible",
    'unreadable-body':
      "La clé du serveur a changé depuis sa création. Générez un nouveau secret, puis collez-le dans le tableau de bord Meraki : les alertes Meraki sont refusées d'ici là.",
    'settings-error': "Les réglages du webhook n'ont pas pu être chargés",
    setup: {
      title: 'Configurer le tableau de bord Meraki',
      'step-1': 'Dans le tableau de bord Meraki, ouvrez Network-wide › Configure › Alerts.',
      'step-2':
        "Sous Webhooks, ajoutez un serveur HTTP : donnez-lui un nom, collez l'URL du webhook ci-dessus et le secret partagé, et gardez le modèle de contenu par défaut (Meraki (JSON)).",
      'step-3':
        "Sous Sensors › Alert profiles, créez ou modifiez un profil pour le capteur proche de ce purificateur (CO2, PM2.5, COVT, bruit, qualité de l'air intérieur, température ou humidité) et ajoutez le serveur HTTP comme destinataire.",
      'step-4':
        'Utilisez « Send test webhook » pour vérifier : l’événement apparaît ci-dessous en quelques secondes.',
    },
    history: {
      title: 'Historique des événements',
      empty: 'Aucun événement reçu pour le moment.',
      error: "L'historique des événements n'a pas pu être chargé",
      live: 'Mis à jour en direct',
    },
    columns: {
      date: 'Date',
      mode: 'Mode',
      type: "Type d'alerte",
      details: 'Détails',
    },
    modes: {
      auto: 'Auto',
      silent: 'Silencieux',
      unknown: 'Inconnu',
    },
    types: {
      unknown: 'Inconnu',
      temperature: 'Température',
      humidity: 'Humidité',
      co2: 'CO2',
      real_co2: 'CO2 réel',
      tvoc: 'COVT',
      pm25: 'PM2.5',
      ambient_noise: 'Bruit ambiant',
      iaq_index: "Indice de qualité de l'air intérieur",
    },
    applied: 'Appliqué au purificateur',
    'not-applied': 'Aucun changement',
    ongoing: 'Alerte en cours',
    ended: 'Terminée après {{duration}}',
    'end-applied': 'retour au mode précédent',
    'end-not-applied': 'mode conservé (changé entre-temps)',
    'end-without-start': "Fin d'une alerte dont le début n'a pas été reçu : aucun changement",
    duration: {
      seconds: '{{count}} s',
      minutes: '{{count}} min',
      hours: '{{hours}} h {{minutes}} min',
      days: '{{days}} j {{hours}} h',
    },
    refused: 'Refusé : {{reason}}',
  },
  'view-as-user': {
    banner: "Vous êtes en train de visualiser les produits de l'utilisateur",
    back: "Retour à l'administration",
    tabs: {
      label: "Produits de l'utilisateur",
      purifiers: 'Purificateurs',
      sensors: 'Capteurs',
    },
    loading: 'Chargement…',
  },
  users: {
    list: {
      'view-products': 'Voir les produits',
      'view-products-label': 'Voir les produits de {{name}}',
    },
  },
  purifier: {
    tabs: {
      meraki: 'Meraki',
    },
  },
  errors: {
    rollout_state: 'Ce déploiement ne peut pas faire cela dans son état actuel',
    firmware_in_rollout:
      'Ce firmware est en cours de déploiement : annulez le déploiement avant de le supprimer',
    'firmware-size': 'Le fichier ne doit pas dépasser 200 Mo',
    invalid_webhook_body: 'Il manque des champs obligatoires dans le contenu du webhook',
    device_unauthorized: "Appareil inconnu ou secret de l'appareil incorrect",
    meraki_secret_unreadable:
      "Le secret partagé de ce purificateur n'est plus lisible (la clé du serveur a changé) : générez-en un nouveau et collez-le dans le tableau de bord Meraki",
  },
};
