/** English texts of the error catalogue (spec section 8), validation messages and form messages. */
export const errors = {
  'network-error': 'A network problem has occurred',
  '404': 'The resource is not found',
  '500': 'The server is unavailable',
  not_found: 'The resource is not found',
  server_unavailable: 'The server is unavailable',
  service_unavailable: 'The service is temporarily unavailable, please try again in a moment',
  unauthorized: 'You must be signed in',
  forbidden: 'You are not allowed to do this',
  too_many_requests: 'Too many attempts, please wait a moment and try again',
  validation_failed: 'Some fields are invalid',
  bad_request: 'The request is invalid',
  invalid_json: 'The request body is not valid JSON',
  unsupported_media_type: 'This content type is not supported',
  payload_too_large: 'The request is too large',
  csrf_origin: 'This request comes from an origin that is not allowed',
  unknown: 'An error occurred',
  generic: 'An error occurred',
  credential: 'Incorrect e-mail address or password',
  account_not_enabled:
    'Your account is not activated. Please check your emails to activate your account',
  error_token_renew: 'The request has expired, please ask for a new link',
  account_already_active: 'This account is already active: sign in',
  password_already_used: 'This password is already your current password, choose another one',
  new_password_invalid: 'Passwords do not match',
  password_must_be:
    'The password must have at least 8 characters, one lowercase letter, one uppercase letter and one digit',
  current_password_invalid: 'Your current password is incorrect',
  admin_and_client_user_already_exists_with_same_email:
    'Several accounts use this email address, please contact support',
  email_address_already_exists: 'An account already exists with this email address',
  cannot_change_status: 'This key cannot change to that state',
  bad_or_not_exported_key_code: 'The key you entered is invalid',
  serial_number_already_exists:
    'Some of these serial numbers already exist, choose another start serial number',
  type_file_not_found: 'No file was sent',
  type_invalid_file: 'The file is invalid, use a .csv file',
  last_admin: 'There must remain at least one administrator',
  image_type: 'The image must be a PNG, JPEG or WebP file',
  'image-size': 'The image must not exceed 2 MB',
  image_quota:
    'Your account already stores 5 images (10 MB at most): unused uploads are removed after an hour',
};

export const validation = {
  invalid: 'The value is not valid',
  control_characters: 'Line breaks, tabs and other control characters are not allowed here',
  unknown_field: 'This field is not expected',
  required: 'Value is required',
  email: 'Value is not a valid email address',
  numeric: 'Value must be numeric',
  max_length: 'The maximum length allowed is {{max}}',
  min_value: 'The minimum value allowed is {{min}}',
  phone: 'Value is not a valid phone number',
  max_value: 'The maximum value allowed is {{max}}',
  integer: 'Value must be a whole number',
  invalid_choice: 'The value is not one of the allowed choices',
  min_incorrect: 'The value is incorrect. Minimum {{min}}.',
  date: 'Value is not a valid date',
  time: 'Use the HH:mm format',
  schedule_order: 'Slots must be in ascending order, without two at the same time',
  media_link: 'The link must point to a video (mp4, avi, mpeg or mov) on {{host}}',
  firmware_version:
    'Enter a version such as 2.4.1: numbers separated by dots, optionally followed by a suffix such as -beta.2',
  password: {
    min_length: 'At least 8 characters',
    lowercase: 'One lowercase letter',
    uppercase: 'One uppercase letter',
    digit: 'One digit',
    mismatch: 'Passwords do not match',
  },
};

export const form = {
  name: { required: 'The name is required' },
  short_name: { max_length: 'The short name is at most 20 characters long' },
  piece_volume: { min: 'The value is incorrect. Minimum 1.' },
  count_piece_connected_object: { min: 'The value is incorrect. Minimum 1.' },
  start_serial: { required: 'The start serial number is required' },
  count: {
    required: 'The count is required',
    numeric: 'The count must be numeric',
    min: 'Minimum 1',
  },
  lastname: { required: 'The last name is required' },
  firstname: { required: 'The first name is required' },
  email: { required: 'The email is required', email: 'The email is incorrect' },
};
