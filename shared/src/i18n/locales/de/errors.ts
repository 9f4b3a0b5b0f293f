/** German texts of the error catalogue (spec section 8), validation messages and form messages. */
export const errors = {
  '404': 'Die Ressource wurde nicht gefunden',
  '500': 'Der Server ist nicht erreichbar',
  'network-error': 'Ein Netzwerkproblem ist aufgetreten',
  not_found: 'Die Ressource wurde nicht gefunden',
  server_unavailable: 'Der Server ist nicht erreichbar',
  service_unavailable:
    'Der Dienst ist vorübergehend nicht verfügbar, bitte versuchen Sie es gleich noch einmal',
  unauthorized: 'Sie müssen angemeldet sein',
  forbidden: 'Sie sind dazu nicht berechtigt',
  too_many_requests: 'Zu viele Versuche, bitte warten Sie einen Moment und versuchen Sie es erneut',
  validation_failed: 'Einige Felder sind ungültig',
  bad_request: 'Die Anfrage ist ungültig',
  invalid_json: 'Der Inhalt der Anfrage ist kein gültiges JSON',
  unsupported_media_type: 'Dieser Inhaltstyp wird nicht unterstützt',
  payload_too_large: 'Die Anfrage ist zu groß',
  csrf_origin: 'Diese Anfrage stammt von einer nicht zugelassenen Herkunft',
  unknown: 'Ein Fehler ist aufgetreten',
  generic: 'Ein Fehler ist aufgetreten',
  credential: 'E-Mail-Adresse oder Passwort falsch',
  account_not_enabled:
    'Ihr Konto ist nicht aktiviert. Bitte prüfen Sie Ihre E-Mails, um Ihr Konto zu aktivieren',
  error_token_renew: 'Die Anfrage ist abgelaufen, bitte fordern Sie einen neuen Link an',
  account_already_active: 'Dieses Konto ist bereits aktiviert: Melden Sie sich an',
  password_already_used:
    'Dieses Passwort ist bereits Ihr aktuelles Passwort, wählen Sie ein anderes',
  new_password_invalid: 'Die Passwörter stimmen nicht überein',
  password_must_be:
    'Das Passwort muss mindestens 8 Zeichen, einen Kleinbuchstaben, einen Großbuchstaben und eine Ziffer enthalten',
  current_password_invalid: 'Ihr aktuelles Passwort ist falsch',
  admin_and_client_user_already_exists_with_same_email:
    'Mehrere Konten verwenden diese E-Mail-Adresse, bitte wenden Sie sich an den Support',
  email_address_already_exists: 'Mit dieser E-Mail-Adresse existiert bereits ein Konto',
  cannot_change_status: 'Dieser Schlüssel kann nicht in diesen Status wechseln',
  bad_or_not_exported_key_code: 'Der eingegebene Schlüssel ist ungültig',
  serial_number_already_exists:
    'Einige dieser Seriennummern existieren bereits, wählen Sie eine andere Start-Seriennummer',
  type_file_not_found: 'Es wurde keine Datei gesendet',
  type_invalid_file: 'Die Datei ist ungültig, verwenden Sie eine .csv-Datei',
  last_admin: 'Es muss mindestens ein Administrator bleiben',
  image_type: 'Das Bild muss eine PNG-, JPEG- oder WebP-Datei sein',
  'image-size': 'Das Bild darf höchstens 2 MB groß sein',
  image_quota:
    'Ihr Konto speichert bereits 5 Bilder (höchstens 10 MB): nicht verwendete Uploads werden nach einer Stunde gelöscht',
};

export const form = {
  name: {
    required: 'Der Name ist erforderlich',
  },
  short_name: {
    max_length: 'Der Kurzname ist höchstens 20 Zeichen lang',
  },
  piece_volume: {
    min: 'Der Wert ist falsch. Minimum 1.',
  },
  count_piece_connected_object: {
    min: 'Der Wert ist falsch. Minimum 1.',
  },
  start_serial: {
    required: 'Die Start-Seriennummer ist erforderlich',
  },
  count: {
    required: 'Die Anzahl ist erforderlich',
    numeric: 'Die Anzahl muss numerisch sein',
    min: 'Minimum 1',
  },
  lastname: {
    required: 'Der Nachname ist erforderlich',
  },
  firstname: {
    required: 'Der Vorname ist erforderlich',
  },
  email: {
    required: 'Die E-Mail ist erforderlich',
    email: 'Die E-Mail ist falsch',
  },
};

export const validation = {
  invalid: 'Der Wert ist ungültig',
  control_characters:
    'Zeilenumbrüche, Tabulatoren und andere Steuerzeichen sind hier nicht erlaubt',
  unknown_field: 'Dieses Feld wird nicht erwartet',
  required: 'Dieser Wert ist erforderlich',
  email: 'Der Wert ist keine gültige E-Mail-Adresse',
  numeric: 'Der Wert muss numerisch sein',
  max_length: 'Die maximal zulässige Länge beträgt {{max}}',
  min_value: 'Der minimal zulässige Wert ist {{min}}',
  phone: 'Der Wert ist keine gültige Telefonnummer',
  max_value: 'Der maximal zulässige Wert ist {{max}}',
  integer: 'Der Wert muss eine ganze Zahl sein',
  invalid_choice: 'Der Wert gehört nicht zu den zulässigen Optionen',
  min_incorrect: 'Der Wert ist falsch. Minimum {{min}}.',
  date: 'Der Wert ist kein gültiges Datum',
  time: 'Verwenden Sie das Format HH:mm',
  media_link: 'Der Link muss auf ein Video (mp4, avi, mpeg oder mov) auf {{host}} verweisen',
  firmware_model: 'Diese Firmware passt nicht zu diesem Modell',
  rollout_purifier_model: 'Einige ausgewählte Luftreiniger sind nicht von diesem Modell',
  rollout_purifier_busy: 'Einige ausgewählte Luftreiniger sind bereits in einem laufenden Rollout',
  rollout_purifier_unknown: 'Einige ausgewählte Luftreiniger existieren nicht',
  rollout_empty:
    'Kein Luftreiniger zu aktualisieren: die dieses Modells haben diese Version bereits oder sind in einem anderen Rollout',
  firmware_version:
    'Geben Sie eine Version wie 2.4.1 ein: durch Punkte getrennte Zahlen, optional gefolgt von einem Zusatz wie -beta.2',
  schedule_order:
    'Die Zeitfenster müssen aufsteigend sortiert sein, ohne zwei zur gleichen Uhrzeit',
  password: {
    min_length: 'Mindestens 8 Zeichen',
    lowercase: 'Ein Kleinbuchstabe',
    uppercase: 'Ein Großbuchstabe',
    digit: 'Eine Ziffer',
    mismatch: 'Die Passwörter stimmen nicht überein',
  },
};
