/** Textes français des imports de données de capteur (docs/api-sensors.md) : erreurs, motifs de rejet, e-mail. */
export const sensorImports = {
  errors: {
    'import-size': 'Le fichier ne doit pas dépasser 30 Mo',
    import_already_running:
      "Un import de ce capteur est déjà en cours : attendez qu'il se termine ou annulez-le",
    'cancel-import': 'Cet import ne peut plus être annulé',
  },
  import: {
    bad_date: 'Date invalide (attendu JJ/MM/AAAA HH:mm ou un horodatage ISO 8601)',
    not_numeric: "La valeur n'est pas un nombre",
    out_of_range: 'La valeur est hors de la plage acceptée',
    no_measure: 'Aucune mesure sur cette ligne',
    unreadable_line: 'Ligne illisible (guillemets ou séparateurs)',
    empty_file: 'Le fichier est vide',
    no_date_column: "L'en-tête n'a pas de colonne date ou timestamp",
    no_measure_column: "L'en-tête ne nomme aucune mesure connue (co2, pm25, temperature…)",
    failed: "L'import s'est arrêté à cause d'une erreur, veuillez réessayer",
    unknown_unit:
      "L'unité {{unit}} n'est pas une unité que nous savons convertir : cette colonne n'est pas importée",
    measure_not_stored:
      'AirCloud ne conserve pas cette mesure : la colonne est lue mais pas importée',
    duplicate_column: "Une autre colonne donne déjà cette mesure : celle-ci n'est pas importée",
    channel_b: 'Canal B de PurpleAir : le canal A est importé',
  },
};

/** The confirmation mail of a completed import (merged into `mail` on the server side only). */
export const sensorImportMail = {
  mail: {
    sensor_import: {
      subject: 'Votre import de données de capteur est terminé',
      preheader: '{{stored}} lignes enregistrées sur {{read}} lues dans {{file}}.',
      greeting: 'Bonjour {{firstname}},',
      body: "L'import du fichier {{file}} dans le capteur {{sensor}} est terminé.",
      rows_read: 'Lignes lues : {{count}}',
      rows_stored: 'Lignes enregistrées : {{count}}',
      rows_duplicate: 'Doublons ignorés (déjà enregistrés) : {{count}}',
      rows_rejected: 'Lignes rejetées : {{count}}',
      rejections: 'Lignes rejetées :',
      rejection: 'Ligne {{line}} : {{reason}}',
      rejection_column: 'Ligne {{line}} ({{column}}) : {{reason}}',
      rejections_more: 'Seules les {{count}} premières lignes rejetées sont listées.',
      action: 'Ouvrir le capteur',
      signature: "L'équipe AirCloud",
    },
  },
};
