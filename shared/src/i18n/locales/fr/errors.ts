/** Textes français du catalogue d'erreurs (section 8), des messages de validation et de formulaire. */
export const errors = {
  'network-error': 'Un problème réseau est survenu',
  '404': 'La ressource est introuvable',
  '500': 'Le serveur est indisponible',
  not_found: 'La ressource est introuvable',
  server_unavailable: 'Le serveur est indisponible',
  service_unavailable: 'Le service est momentanément indisponible, réessayez dans un instant',
  unauthorized: 'Vous devez être connecté',
  forbidden: "Vous n'avez pas le droit de faire cela",
  too_many_requests: 'Trop de tentatives, patientez un instant avant de réessayer',
  validation_failed: 'Certains champs sont invalides',
  bad_request: 'La requête est invalide',
  invalid_json: "Le corps de la requête n'est pas du JSON valide",
  unsupported_media_type: "Ce type de contenu n'est pas accepté",
  payload_too_large: 'La requête est trop volumineuse',
  csrf_origin: "Cette requête provient d'une origine non autorisée",
  unknown: 'Une erreur est survenue',
  generic: 'Une erreur est survenue',
  credential: 'Adresse e-mail ou mot de passe incorrect',
  account_not_enabled:
    "Votre compte n'est pas activé. Consultez vos e-mails pour activer votre compte",
  error_token_renew: 'La demande a expiré, demandez un nouveau lien',
  account_already_active: 'Ce compte est déjà activé : connectez-vous',
  password_already_used:
    'Ce mot de passe est déjà votre mot de passe actuel, choisissez-en un autre',
  new_password_invalid: 'Les mots de passe ne correspondent pas',
  password_must_be:
    'Le mot de passe doit contenir au moins 8 caractères, une minuscule, une majuscule et un chiffre',
  current_password_invalid: 'Votre mot de passe actuel est incorrect',
  admin_and_client_user_already_exists_with_same_email:
    'Plusieurs comptes utilisent cette adresse e-mail, contactez le support',
  email_address_already_exists: 'Un compte existe déjà avec cette adresse e-mail',
  cannot_change_status: 'Cette clé ne peut pas passer à cet état',
  bad_or_not_exported_key_code: "La clé saisie n'est pas valide",
  serial_number_already_exists:
    'Certains de ces numéros de série existent déjà, choisissez un autre numéro de départ',
  type_file_not_found: "Aucun fichier n'a été envoyé",
  type_invalid_file: "Le fichier n'est pas valide, utilisez un fichier .csv",
  last_admin: 'Il doit rester au moins un administrateur',
  image_type: "L'image doit être un fichier PNG, JPEG ou WebP",
  'image-size': "L'image ne doit pas dépasser 2 Mo",
  image_quota:
    'Votre compte stocke déjà 5 images (10 Mo au plus) : les envois inutilisés sont supprimés au bout d’une heure',
};

export const validation = {
  invalid: "La valeur n'est pas valide",
  control_characters:
    'Les retours à la ligne, tabulations et autres caractères de contrôle ne sont pas autorisés ici',
  unknown_field: "Ce champ n'est pas attendu",
  required: 'La valeur est obligatoire',
  email: "La valeur n'est pas une adresse e-mail valide",
  numeric: 'La valeur doit être numérique',
  max_length: 'La longueur maximale autorisée est de {{max}}',
  min_value: 'La valeur minimale autorisée est {{min}}',
  phone: "La valeur n'est pas un numéro de téléphone valide",
  max_value: 'La valeur maximale autorisée est {{max}}',
  integer: 'La valeur doit être un nombre entier',
  invalid_choice: 'La valeur ne fait pas partie des choix possibles',
  min_incorrect: 'La valeur est incorrecte. Minimum {{min}}.',
  date: "La valeur n'est pas une date valide",
  time: 'Utilisez le format HH:mm',
  schedule_order: 'Les créneaux doivent être dans l’ordre croissant, sans deux à la même heure',
  media_link: 'Le lien doit pointer vers une vidéo (mp4, avi, mpeg ou mov) sur {{host}}',
  firmware_model: 'Ce firmware ne convient pas à ce modèle',
  rollout_purifier_model: 'Certains purificateurs choisis ne sont pas de ce modèle',
  rollout_purifier_busy: 'Certains purificateurs choisis sont déjà dans un déploiement en cours',
  rollout_purifier_unknown: 'Certains purificateurs choisis n’existent pas',
  rollout_empty:
    'Aucun purificateur à mettre à jour : ceux de ce modèle ont déjà cette version ou sont dans un autre déploiement',
  firmware_version:
    'Saisissez une version comme 2.4.1 : des nombres séparés par des points, éventuellement suivis d’un suffixe comme -beta.2',
  password: {
    min_length: 'Au moins 8 caractères',
    lowercase: 'Une lettre minuscule',
    uppercase: 'Une lettre majuscule',
    digit: 'Un chiffre',
    mismatch: 'Les mots de passe ne correspondent pas',
  },
};

export const form = {
  name: { required: 'Le nom est obligatoire' },
  short_name: { max_length: 'Le nom court fait au plus 20 caractères' },
  piece_volume: { min: 'La valeur est incorrecte. Minimum 1.' },
  count_piece_connected_object: { min: 'La valeur est incorrecte. Minimum 1.' },
  start_serial: { required: 'Le numéro de série de départ est obligatoire' },
  count: {
    required: 'Le nombre est obligatoire',
    numeric: 'Le nombre doit être numérique',
    min: 'Minimum 1',
  },
  lastname: { required: 'Le nom est obligatoire' },
  firstname: { required: 'Le prénom est obligatoire' },
  email: { required: "L'email est obligatoire", email: "L'email est incorrect" },
};
