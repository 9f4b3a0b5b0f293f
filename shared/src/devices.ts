import { z } from 'zod';
import { firmwareReportSchema } from './firmware-rollouts.ts';
import {
  MAINTENANCE_LEVEL_KEYS,
  PURIFIER_MODES,
  PURIFIER_STATES,
  type DesiredState,
  type MaintenanceLevelKey,
} from './purifiers.ts';
import { measureValuesSchema } from './sensors.ts';

/** Device kinds that talk to /device/v1 and the /device namespace. */
export const DEVICE_KINDS = ['purifier', 'sensor'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** At most this many samples in one telemetry post. */
export const TELEMETRY_BATCH_MAX = 500;
/** A sample may be at most this far in the future (device clock drift)… */
export const TELEMETRY_MAX_FUTURE_MS = 5 * 60_000;
/** …and at most this old (devices buffer while offline; older data goes through imports). */
export const TELEMETRY_MAX_AGE_MS = 7 * 24 * 3600_000;

/** Reasons a telemetry post is refused, counted per reason (GET /device/v1/metrics). */
export const TELEMETRY_REJECTIONS = [
  'unauthorized',
  'invalid_json',
  'validation',
  'too_large',
  'unsupported_media_type',
  'unavailable',
] as const;
export type TelemetryRejection = (typeof TELEMETRY_REJECTIONS)[number];

const timestamp = () =>
  z.iso.datetime({ offset: true, error: 'validation.date' }).or(
    z
      .number({ error: 'validation.date' })
      .int({ error: 'validation.date' })
      .min(0, { error: 'validation.date' })
      // The last instant a Date holds: beyond it toISOString() would throw (a 503, not a 422).
      .max(8.64e15, { error: 'validation.date' })
      .transform((ms) => new Date(ms).toISOString()),
  );

/** One sensor sample: when, and the measures (strict: unknown measures are refused). */
export const sensorSampleSchema = z.strictObject({
  ts: timestamp(),
  measures: measureValuesSchema,
});
export type SensorSampleInput = z.infer<typeof sensorSampleSchema>;

const level = () =>
  z
    .number({ error: 'validation.numeric' })
    .min(0, { error: 'validation.min_value' })
    .max(100, { error: 'validation.max_value' });

/** One purifier report: what it does, its consumables and network, the desired version applied. */
export const purifierReportSchema = z.strictObject({
  ts: timestamp(),
  mode: z.enum(PURIFIER_MODES, { error: 'validation.invalid_choice' }).optional(),
  trh: z.number({ error: 'validation.numeric' }).int().min(0).max(100).optional(),
  state: z.enum(PURIFIER_STATES, { error: 'validation.invalid_choice' }).optional(),
  maintenance: z
    .strictObject(
      Object.fromEntries(MAINTENANCE_LEVEL_KEYS.map((k) => [k, level().optional()])) as Record<
        MaintenanceLevelKey,
        z.ZodOptional<ReturnType<typeof level>>
      >,
    )
    .optional(),
  ip_address: z.string().max(64, { error: 'validation.max_length' }).optional(),
  mac_address: z.string().max(64, { error: 'validation.max_length' }).optional(),
  soft_version: z.string().max(64, { error: 'validation.max_length' }).optional(),
  ssid: z.string().max(64, { error: 'validation.max_length' }).optional(),
  desired_version_ack: z.number({ error: 'validation.numeric' }).int().min(0).optional(),
  /** Where a firmware update of the desired state stands (downloading, installing, failed). */
  firmware: firmwareReportSchema.optional(),
});
export type PurifierReportInput = z.infer<typeof purifierReportSchema>;

/** The telemetry reply: how many samples were stored now, how many were already stored. */
export interface TelemetryReply {
  accepted: number;
  duplicates: number;
  /** A purifier's desired state, when it is newer than what the purifier acknowledged. */
  desired?: DesiredState;
  /**
   * A purifier's new device secret, while a rotation (change of owner) waits for the device:
   * store it, then use it for every later post and connection (the old one stops working then).
   */
  credentials?: DeviceCredentialsPayload;
}

/** A device secret handed to the device over its authenticated channel (docs/api-devices.md). */
export interface DeviceCredentialsPayload {
  device_secret: string;
}

/** POST /device/v1/credentials: the device secret, and the MQTT broker to use it with (or null). */
export interface DeviceSecretExchange extends DeviceCredentialsPayload {
  mqtt_url: string | null;
}

/** Events the server sends on the /device namespace (room `device:<ulid>`). */
export interface DeviceServerToClientEvents {
  /** The purifier's desired state changed: apply it, `ack` its version, then report. */
  command: (payload: { desired: DesiredState }) => void;
  /** A new device secret (change of owner): store it and reconnect with it. */
  credentials: (payload: DeviceCredentialsPayload) => void;
}

/** Events a device sends on the /device namespace. */
export interface DeviceClientToServerEvents {
  /** The device applied desired `version`. */
  ack: (payload: { version: number }, ack?: (res: { ok: boolean }) => void) => void;
}

/** Name of the /device room of one device. */
export const deviceRoom = (deviceUlid: string) => `device:${deviceUlid}`;

/**
 * Name of the /device room of the sockets of one device that authenticated with one secret
 * (`tag`: the start of its hash), so they can be closed once that secret is retired.
 */
export const deviceCredentialRoom = (deviceUlid: string, tag: string) =>
  `device:${deviceUlid}:${tag}`;
