import type { TelemetryRejection } from '@aircloud/shared/devices';
import type { Violation } from '@aircloud/shared/errors';

/** The HTTP status of each telemetry refusal. */
export const REJECTION_STATUS: Record<TelemetryRejection, number> = {
  unauthorized: 401,
  invalid_json: 400,
  validation: 422,
  too_large: 413,
  unsupported_media_type: 415,
  unavailable: 503,
};

/** The catalogue key of each telemetry refusal (what devices read). */
const REJECTION_KEYS: Record<TelemetryRejection, string> = {
  unauthorized: 'device_unauthorized',
  invalid_json: 'invalid_json',
  validation: 'validation_failed',
  too_large: 'payload_too_large',
  unsupported_media_type: 'unsupported_media_type',
  unavailable: 'service_unavailable',
};

/** The body of a telemetry refusal: the HTTP answer, and the message on a device's MQTT `errors`. */
export function rejectionBody(reason: TelemetryRejection, violations?: Violation[]) {
  return {
    '@type': violations ? 'ConstraintViolationList' : 'hydra:Error',
    'hydra:description': REJECTION_KEYS[reason],
    status: REJECTION_STATUS[reason],
    ...(violations ? { violations } : {}),
  };
}
