/** Spanish texts of the error catalogue (spec section 8), validation messages and form messages. */
export const errors = {
  '404': 'No se encuentra el recurso',
  '500': 'El servidor no está disponible',
  'network-error': 'Se ha producido un problema de red',
  not_found: 'No se encuentra el recurso',
  server_unavailable: 'El servidor no está disponible',
  service_unavailable:
    'El servicio no está disponible temporalmente, vuelva a intentarlo en un momento',
  unauthorized: 'Debe iniciar sesión',
  forbidden: 'No tiene permiso para hacer esto',
  too_many_requests: 'Demasiados intentos, espere un momento y vuelva a intentarlo',
  validation_failed: 'Algunos campos no son válidos',
  bad_request: 'La solicitud no es válida',
  invalid_json: 'El cuerpo de la solicitud no es un JSON válido',
  unsupported_media_type: 'Este tipo de contenido no es compatible',
  payload_too_large: 'La solicitud es demasiado grande',
  csrf_origin: 'Esta solicitud procede de un origen no permitido',
  unknown: 'Se ha producido un error',
  generic: 'Se ha producido un error',
  credential: 'Dirección de correo electrónico o contraseña incorrecta',
  account_not_enabled:
    'Su cuenta no está activada. Consulte su correo electrónico para activar su cuenta',
  error_token_renew: 'La solicitud ha caducado, solicite un nuevo enlace',
  account_already_active: 'Esta cuenta ya está activada: inicie sesión',
  password_already_used: 'Esta contraseña ya es su contraseña actual, elija otra',
  new_password_invalid: 'Las contraseñas no coinciden',
  password_must_be:
    'La contraseña debe tener al menos 8 caracteres, una letra minúscula, una letra mayúscula y un dígito',
  current_password_invalid: 'Su contraseña actual es incorrecta',
  admin_and_client_user_already_exists_with_same_email:
    'Varias cuentas utilizan esta dirección de correo electrónico, contacte con el soporte',
  email_address_already_exists: 'Ya existe una cuenta con esta dirección de correo electrónico',
  cannot_change_status: 'Esta clave no puede pasar a ese estado',
  bad_or_not_exported_key_code: 'La clave introducida no es válida',
  serial_number_already_exists:
    'Algunos de estos números de serie ya existen, elija otro número de serie inicial',
  type_file_not_found: 'No se ha enviado ningún archivo',
  type_invalid_file: 'El archivo no es válido, utilice un archivo .csv',
  last_admin: 'Debe quedar al menos un administrador',
  image_type: 'La imagen debe ser un archivo PNG, JPEG o WebP',
  'image-size': 'La imagen no debe superar los 2 MB',
  image_quota:
    'Su cuenta ya almacena 5 imágenes (10 MB como máximo): las subidas no utilizadas se eliminan al cabo de una hora',
};

export const form = {
  name: {
    required: 'El nombre es obligatorio',
  },
  short_name: {
    max_length: 'El nombre corto tiene como máximo 20 caracteres',
  },
  piece_volume: {
    min: 'El valor es incorrecto. Mínimo 1.',
  },
  count_piece_connected_object: {
    min: 'El valor es incorrecto. Mínimo 1.',
  },
  start_serial: {
    required: 'El número de serie inicial es obligatorio',
  },
  count: {
    required: 'La cantidad es obligatoria',
    numeric: 'La cantidad debe ser numérica',
    min: 'Mínimo 1',
  },
  lastname: {
    required: 'El apellido es obligatorio',
  },
  firstname: {
    required: 'El nombre es obligatorio',
  },
  email: {
    required: 'El correo electrónico es obligatorio',
    email: 'El correo electrónico es incorrecto',
  },
};

export const validation = {
  invalid: 'El valor no es válido',
  control_characters:
    'Aquí no se permiten saltos de línea, tabulaciones ni otros caracteres de control',
  unknown_field: 'Este campo no está previsto',
  required: 'El valor es obligatorio',
  email: 'El valor no es una dirección de correo electrónico válida',
  numeric: 'El valor debe ser numérico',
  max_length: 'La longitud máxima permitida es {{max}}',
  min_value: 'El valor mínimo permitido es {{min}}',
  phone: 'El valor no es un número de teléfono válido',
  max_value: 'El valor máximo permitido es {{max}}',
  integer: 'El valor debe ser un número entero',
  invalid_choice: 'El valor no es una de las opciones permitidas',
  min_incorrect: 'El valor es incorrecto. Mínimo {{min}}.',
  date: 'El valor no es una fecha válida',
  time: 'Utilice el formato HH:mm',
  media_link: 'El enlace debe apuntar a un vídeo (mp4, avi, mpeg o mov) en {{host}}',
  firmware_model: 'Este firmware no corresponde a este modelo',
  rollout_purifier_model: 'Algunos purificadores elegidos no son de este modelo',
  rollout_purifier_busy: 'Algunos purificadores elegidos ya están en un despliegue en curso',
  rollout_purifier_unknown: 'Algunos purificadores elegidos no existen',
  rollout_empty:
    'Ningún purificador que actualizar: los de este modelo ya tienen esta versión o están en otro despliegue',
  firmware_version:
    'Introduzca una versión como 2.4.1: números separados por puntos, seguidos opcionalmente de un sufijo como -beta.2',
  schedule_order: 'Las franjas deben estar en orden ascendente, sin dos a la misma hora',
  password: {
    min_length: 'Al menos 8 caracteres',
    lowercase: 'Una letra minúscula',
    uppercase: 'Una letra mayúscula',
    digit: 'Un dígito',
    mismatch: 'Las contraseñas no coinciden',
  },
};
