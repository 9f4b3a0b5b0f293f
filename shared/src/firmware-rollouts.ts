import { z } from 'zod';
import { PRODUCT_KEY_MODELS, type ProductKeyModel } from './product-keys.ts';
import { pageParam } from './pagination.ts';
import { ULID_PATTERN } from './ids.ts';

/**
 * Firmware rollouts (issue 21): a firmware is written into the desired state of a model's
 * purifiers in stages, a canary share first, then the rest in waves once the canary's success
 * rate passes a threshold; too many failures pause it by itself. Each purifier downloads the
 * file, checks its SHA-256, installs it and reports its new `soft_version`.
 */

/** A rollout's lifecycle: `canary` and `rolling` send firmware; `paused` waits for a person. */
export const ROLLOUT_STATUSES = ['canary', 'rolling', 'paused', 'completed', 'aborted'] as const;
export type RolloutStatus = (typeof ROLLOUT_STATUSES)[number];

/** Why a rollout is paused: a person, failures over the maximum, a canary under the threshold. */
export const ROLLOUT_PAUSE_REASONS = ['manual', 'failure_rate', 'canary_below_threshold'] as const;
export type RolloutPauseReason = (typeof ROLLOUT_PAUSE_REASONS)[number];

/** The two stages of a rollout. */
export const ROLLOUT_STAGES = ['canary', 'rest'] as const;
export type RolloutStage = (typeof ROLLOUT_STAGES)[number];

/**
 * One purifier's place in a rollout: `pending` (not sent yet), `in_progress` (in its desired
 * state; see `phase`), then `succeeded`, `failed` (the device said why), `timed_out` (no success
 * within the timeout) or `cancelled` (the rollout was aborted before it finished).
 */
export const ROLLOUT_DEVICE_STATUSES = [
  'pending',
  'in_progress',
  'succeeded',
  'failed',
  'timed_out',
  'cancelled',
] as const;
export type RolloutDeviceStatus = (typeof ROLLOUT_DEVICE_STATUSES)[number];

/** What the device last said while in progress (`sent`: nothing yet). */
export const ROLLOUT_DEVICE_PHASES = ['sent', 'downloading', 'installing'] as const;
export type RolloutDevicePhase = (typeof ROLLOUT_DEVICE_PHASES)[number];

/** The firmware statuses a purifier reports (`firmware.status` in its telemetry report). */
export const FIRMWARE_REPORT_STATUSES = ['downloading', 'installing', 'failed'] as const;
export type FirmwareReportStatus = (typeof FIRMWARE_REPORT_STATUSES)[number];

/** Longest failure reason a device may report (`hash_mismatch`, `install_failed`, …). */
export const FIRMWARE_REASON_MAX = 120;

/** `firmware` in a purifier report: where its update stands. */
export const firmwareReportSchema = z.strictObject({
  status: z.enum(FIRMWARE_REPORT_STATUSES, { error: 'validation.invalid_choice' }),
  /** The version being installed (the desired one). */
  version: z.string().max(64, { error: 'validation.max_length' }).optional(),
  /** Why it failed (`failed` only). */
  reason: z.string().max(FIRMWARE_REASON_MAX, { error: 'validation.max_length' }).optional(),
});
export type FirmwareReport = z.infer<typeof firmwareReportSchema>;

/** The firmware a purifier's desired state asks it to run. */
export interface DesiredFirmware {
  version: string;
  /** Public download URL (range requests resume an interrupted download). */
  url: string;
  /** Lower-case hex SHA-256 of the file: install only when it matches. */
  sha256: string;
  size: number;
  /** The rollout that asked for it. */
  rollout: string;
}

/** Defaults of a new rollout. */
export const ROLLOUT_DEFAULTS = {
  canary_percent: 10,
  success_threshold: 90,
  max_failure_rate: 20,
  timeout_minutes: 30,
  wave_size: 50,
} as const;

const percent = (min: number) =>
  z.coerce
    .number({ error: 'validation.numeric' })
    .int({ error: 'validation.integer' })
    .min(min, { error: 'validation.min_value' })
    .max(100, { error: 'validation.max_value' });

/** POST /api/firmware_rollouts. */
export const rolloutCreateSchema = z.strictObject({
  /** The firmware's ulid. */
  firmware: z
    .string({ error: 'validation.required' })
    .regex(ULID_PATTERN, { error: 'validation.invalid' }),
  model: z.enum(PRODUCT_KEY_MODELS, {
    error: (issue) =>
      issue.input === undefined ? 'validation.required' : 'validation.invalid_choice',
  }),
  /**
   * The chosen purifiers' ulids; absent or empty: every purifier of the model on an older
   * version (or none reported) that no other rollout is updating.
   */
  purifiers: z
    .array(z.string().regex(ULID_PATTERN, { error: 'validation.invalid' }))
    .max(100_000, { error: 'validation.max_length' })
    .optional(),
  canary_percent: percent(1).default(ROLLOUT_DEFAULTS.canary_percent),
  /** Canary success rate (percent) that starts the rest. */
  success_threshold: percent(1).default(ROLLOUT_DEFAULTS.success_threshold),
  /** Failed or timed-out share (percent of the purifiers sent) that pauses the rollout. */
  max_failure_rate: percent(0).default(ROLLOUT_DEFAULTS.max_failure_rate),
  /** A purifier that has not succeeded this long after being sent counts as timed out. */
  timeout_minutes: z.coerce
    .number({ error: 'validation.numeric' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.min_value' })
    .max(7 * 24 * 60, { error: 'validation.max_value' })
    .default(ROLLOUT_DEFAULTS.timeout_minutes),
  /** At most this many purifiers in progress at once after the canary. */
  wave_size: z.coerce
    .number({ error: 'validation.numeric' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.min_value' })
    .max(10_000, { error: 'validation.max_value' })
    .default(ROLLOUT_DEFAULTS.wave_size),
});
export type RolloutCreateInput = z.input<typeof rolloutCreateSchema>;
export type RolloutCreate = z.infer<typeof rolloutCreateSchema>;

/** GET /api/firmware_rollouts filters. */
export const rolloutsQuerySchema = z.object({
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(ROLLOUT_STATUSES, { error: 'validation.invalid_choice' }).optional(),
  ),
  page: pageParam(),
});
export type RolloutsQuery = z.infer<typeof rolloutsQuerySchema>;

/** GET /api/firmware_rollouts/{ulid}/purifiers filters. */
export const rolloutDevicesQuerySchema = z.object({
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(ROLLOUT_DEVICE_STATUSES, { error: 'validation.invalid_choice' }).optional(),
  ),
  page: pageParam(),
});
export type RolloutDevicesQuery = z.infer<typeof rolloutDevicesQuerySchema>;

/** Purifiers of a rollout by status. */
export type RolloutProgress = Record<RolloutDeviceStatus, number> & { total: number };

/** A rollout as the API gives it. */
export interface FirmwareRollout {
  '@id': string;
  '@type': 'FirmwareRollout';
  ulid: string;
  firmware: { ulid: string; name: string; version: string; size: number; sha256: string };
  model: ProductKeyModel;
  /** `chosen`: a list of purifiers; `outdated`: every purifier of the model on an older version. */
  target: 'chosen' | 'outdated';
  status: RolloutStatus;
  stage: RolloutStage;
  paused_reason: RolloutPauseReason | null;
  canary_percent: number;
  success_threshold: number;
  max_failure_rate: number;
  timeout_minutes: number;
  wave_size: number;
  progress: RolloutProgress;
  /** The canary's own counts (its size is `canary.total`). */
  canary: RolloutProgress;
  /** Failed and timed out, in percent of the purifiers sent (0 when none sent). */
  failure_rate: number;
  created_by: { ulid: string; firstname: string; lastname: string } | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

/** One purifier of a rollout (GET /api/firmware_rollouts/{ulid}/purifiers). */
export interface FirmwareRolloutDevice {
  '@id': string;
  '@type': 'FirmwareRolloutDevice';
  purifier: { ulid: string; name: string; serial_number: string };
  stage: RolloutStage;
  status: RolloutDeviceStatus;
  phase: RolloutDevicePhase | null;
  reason: string | null;
  from_version: string | null;
  sent_at: string | null;
  deadline_at: string | null;
  finished_at: string | null;
}

/** A purifier's own rollout state (its settings tab): the latest rollout that included it. */
export interface PurifierFirmwareUpdate {
  rollout: string;
  version: string;
  status: RolloutDeviceStatus;
  phase: RolloutDevicePhase | null;
  reason: string | null;
  rollout_status: RolloutStatus;
  sent_at: string | null;
  finished_at: string | null;
}

/** Rollouts still moving (not completed or aborted). */
export function isRolloutActive(status: RolloutStatus): boolean {
  return status === 'canary' || status === 'rolling' || status === 'paused';
}
