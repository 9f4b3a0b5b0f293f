/**
 * Catalogue keys the API answers in `hydra:description` (spec section 8). The client translates
 * them with `errors.<key>`; the server sends the translated text in `hydra:title`.
 */
export const ERROR_KEYS = [
  // transport and global
  'network-error',
  'not_found',
  'server_unavailable',
  'unauthorized',
  'forbidden',
  'too_many_requests',
  'validation_failed',
  'bad_request',
  'invalid_json',
  'unsupported_media_type',
  'payload_too_large',
  'csrf_origin',
  'service_unavailable',
  'unknown',
  // login
  'credential',
  'account_not_enabled',
  // password renewal and change
  'error_token_renew',
  'account_already_active',
  'password_already_used',
  'new_password_invalid',
  'password_must_be',
  'current_password_invalid',
  // forgot password
  'admin_and_client_user_already_exists_with_same_email',
  // registration
  'email_address_already_exists',
  // product keys, purifiers
  'cannot_change_status',
  'bad_or_not_exported_key_code',
  'serial_number_already_exists',
  // sensors (docs/api-sensors.md)
  'sensor_owner_not_found',
  'sensor_serial_number_already_exists',
  'sensor_purifiers_max',
  'sensor_purifier_not_allowed',
  'export_period_too_long',
  'export_period_expired',
  // invitations
  'invitation_machine_not_owned',
  'invitation_closed',
  // alert rules (docs/api-alert-rules.md)
  'alert_rule_noise_confirmation',
  // webhooks of notifications (docs/api-notifications.md)
  'webhook_url_invalid',
  'webhook_url_private',
  'webhook_url_unresolvable',
  'webhook_limit',
  // Web Push subscriptions (docs/api-notifications.md)
  'push_endpoint_invalid',
  'push_key_invalid',
  'push_subscription_limit',
  'push_unavailable',
  // sensor import
  'type_file_not_found',
  'type_invalid_file',
  'import-size',
  'import_already_running',
  'cancel-import',
  // user administration and avatars
  'last_admin',
  'image_type',
  'image-size',
  'image_quota',
  // firmware and the network-management webhook
  'firmware-size',
  'invalid_webhook_body',
  'meraki_secret_unreadable',
  // firmware rollouts (docs/api-fleet.md)
  'rollout_state',
  'firmware_in_rollout',
  // the device API (docs/api-devices.md): unknown serial or wrong secret
  'device_unauthorized',
] as const;
export type ErrorKey = (typeof ERROR_KEYS)[number];

/** A validation failure on one field; `code` is a key of `validation.*` (or `form.<field>.*`). */
export interface Violation {
  propertyPath: string;
  code: string;
  message: string;
}

/** The hydra error body every API error answers with. */
export interface HydraError {
  '@context'?: string;
  '@type': 'hydra:Error' | 'ConstraintViolationList';
  'hydra:title': string;
  'hydra:description': string;
  status: number;
  violations?: Violation[];
}
