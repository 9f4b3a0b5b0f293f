/** Modes a network-management (Meraki) event asks for (spec section 3). */
export const NETWORK_EVENT_MODES = ['auto', 'silent', 'unknown'] as const;
export type NetworkEventMode = (typeof NETWORK_EVENT_MODES)[number];

/** Alert types of a network-management event (spec section 3). */
export const NETWORK_ALERT_TYPES = [
  'unknown',
  'temperature',
  'humidity',
  'co2',
  'real_co2',
  'tvoc',
  'pm25',
  'ambient_noise',
  'iaq_index',
] as const;
export type NetworkAlertType = (typeof NETWORK_ALERT_TYPES)[number];

/** One event received on a purifier's Meraki webhook. */
export interface NetworkEvent {
  '@id': string;
  '@type': 'NetworkEvent';
  ulid: string;
  purifier: string;
  /** When the alert happened (Meraki's `occurredAt`), else when it was received. */
  date: string;
  received_at: string;
  occurred_at: string | null;
  mode: NetworkEventMode;
  alert_type: NetworkAlertType;
  /** Meraki's own alert type text (`alertType`), when sent. */
  alert_name: string | null;
  alert_id: string | null;
  /** Catalogue key when the body was refused (malformed); null for a valid event. */
  error: string | null;
  /** Whether the event changed the purifier's desired mode. */
  applied: boolean;
  /** Meraki's name of the alert profile condition (`alertData.alertConfigName`), when sent. */
  alert_config_name: string | null;
  /** On a start: when its end came (`occurred_at`, else received), null while it goes on. */
  ended_at: string | null;
  /** On a start that ended: seconds from start to end. */
  duration_s: number | null;
  /** On a start that ended: whether its end changed the purifier (gave back the earlier mode). */
  end_applied: boolean | null;
  /** On an end: the start it closed (its `@id`), null for an end without a start. */
  start: string | null;
}

/** A purifier's webhook settings, shown to whoever can access the purifier. */
export interface MerakiSettings {
  '@type': 'MerakiSettings';
  webhook_url: string;
  /** Shown to the purifier's owner and administrators only (null for a share). */
  shared_secret: string | null;
}
