import type {
  FirmwareRollout,
  FirmwareRolloutDevice,
  RolloutProgress,
} from '@aircloud/shared/firmware-rollouts';
import type { Firmware } from '@aircloud/shared/firmware';

export const ROLLOUT_ULID = '01JR0000000000000000000001';
/** Valid ulids (Crockford base 32: no I, L, O or U): the form checks them. */
export const PURIFIER_IN_ROLLOUT = '01JP0000000000000000000001';
export const FIRMWARE_ULID = '01JF1RMWARE000000000000001';

/** Rollout counts: every status at 0 unless given, `total` their sum. */
export function progressOf(counts: Partial<Omit<RolloutProgress, 'total'>> = {}): RolloutProgress {
  const progress = {
    pending: 0,
    in_progress: 0,
    succeeded: 0,
    failed: 0,
    timed_out: 0,
    cancelled: 0,
    ...counts,
  };
  const total = Object.values(progress).reduce((sum, n) => sum + n, 0);
  return { ...progress, total };
}

/** A rollout of firmware 2.5.0 to HEPA Cocoon purifiers, in its canary stage. */
export function makeRollout(overrides: Partial<FirmwareRollout> = {}): FirmwareRollout {
  const ulid = overrides.ulid ?? ROLLOUT_ULID;
  return {
    '@id': `/api/firmware_rollouts/${ulid}`,
    '@type': 'FirmwareRollout',
    ulid,
    firmware: {
      ulid: FIRMWARE_ULID,
      name: 'Cocoon spring release',
      version: '2.5.0',
      size: 4_200_000,
      sha256: 'a'.repeat(64),
    },
    model: 'HEPA_COCOON',
    target: 'outdated',
    status: 'canary',
    stage: 'canary',
    paused_reason: null,
    canary_percent: 10,
    success_threshold: 90,
    max_failure_rate: 20,
    timeout_minutes: 30,
    wave_size: 50,
    progress: progressOf({ pending: 90, in_progress: 4, succeeded: 5, failed: 1 }),
    canary: progressOf({ in_progress: 4, succeeded: 5, failed: 1 }),
    failure_rate: 10,
    created_by: { ulid: '01JADMIN000000000000000000', firstname: 'Marie', lastname: 'Curie' },
    created_at: '2026-11-27T08:00:00Z',
    updated_at: '2026-11-27T08:10:00Z',
    completed_at: null,
    ...overrides,
  };
}

/** One purifier of a rollout. */
export function makeRolloutDevice(
  overrides: Partial<FirmwareRolloutDevice> = {},
): FirmwareRolloutDevice {
  return {
    '@id': `/api/firmware_rollouts/${ROLLOUT_ULID}/purifiers/01JP0000000000000000000001`,
    '@type': 'FirmwareRolloutDevice',
    purifier: {
      ulid: '01JP0000000000000000000001',
      name: 'Kitchen',
      serial_number: 'HEPA_COCOON-000001',
    },
    stage: 'canary',
    status: 'in_progress',
    phase: 'downloading',
    reason: null,
    from_version: '2.4.1',
    sent_at: '2026-11-27T08:01:00Z',
    deadline_at: '2026-11-27T08:31:00Z',
    finished_at: null,
    ...overrides,
  };
}

/** A firmware file as GET /api/firmwares lists it. */
export function makeFirmware(overrides: Partial<Firmware> = {}): Firmware {
  const ulid = overrides.ulid ?? FIRMWARE_ULID;
  return {
    '@id': `/api/firmwares/${ulid}`,
    '@type': 'Firmware',
    ulid,
    name: 'Cocoon spring release',
    version: '2.5.0',
    models: ['HEPA_COCOON', 'HEPA_COCOON_SYMPHONIE'],
    file_name: 'cocoon-2.5.0.bin',
    size: 4_200_000,
    sha256: 'a'.repeat(64),
    content_type: 'application/octet-stream',
    created_at: '2026-11-20T08:00:00Z',
    public_url: 'https://files.example.test/firmware/cocoon-2.5.0.bin',
    uploaded_by: null,
    ...overrides,
  };
}
