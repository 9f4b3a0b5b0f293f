import { z } from 'zod';
import { OCCUPANTS_MAX, SHORT_NAME_MAX, TIME_ZONE, TRH_CHOICES } from './constants.ts';
import { ULID_PATTERN } from './ids.ts';
import type { MachineAccess } from './invitations.ts';
import { pageParam } from './pagination.ts';
import type { ProductKeyModel } from './product-keys.ts';
import type { AirQualityLevel, LevelledMeasure } from './air-quality.ts';
import type { DesiredFirmware, PurifierFirmwareUpdate } from './firmware-rollouts.ts';
import { mediaLinkSchema, multiLineText, requiredString, singleLineText } from './validation.ts';
import {
  PURIFIER_MODES,
  PURIFIER_STATES,
  WIFI_STATES,
  TIME_OF_DAY,
  type PurifierMode,
  type PurifierState,
  type WifiState,
} from './purifier-states.ts';

export {
  PURIFIER_MODES,
  DEFAULT_PURIFIER_MODE,
  PURIFIER_STATES,
  WIFI_STATES,
  TIME_OF_DAY,
} from './purifier-states.ts';
export type { PurifierMode, PurifierState, WifiState } from './purifier-states.ts';

/** A device is connected while heard from within this many reporting intervals. */
export const CONNECTED_INTERVALS = 3;
export const DEFAULT_REPORTING_INTERVAL_S = 60;

/** Who last set the desired state. */
export const DESIRED_SOURCES = ['user', 'schedule', 'rule', 'network'] as const;
export type DesiredSource = (typeof DESIRED_SOURCES)[number];

/** Maintenance event types (spec section 3) and the level each replacement resets to 100 %. */
export const MAINTENANCE_EVENT_TYPES = [
  'filters',
  'prefilters',
  'module_1',
  'module_2',
  'module_3',
  'module_4',
] as const;
export type MaintenanceEventType = (typeof MAINTENANCE_EVENT_TYPES)[number];
export const MAINTENANCE_LEVEL_KEYS = [
  'prefilter',
  'filters',
  'module_1',
  'module_2',
  'module_3',
  'module_4',
] as const;
export type MaintenanceLevelKey = (typeof MAINTENANCE_LEVEL_KEYS)[number];
/** Remaining life of each consumable, in percent. */
export type MaintenanceLevels = Record<MaintenanceLevelKey, number>;

/** The level a replacement of `type` resets. */
export function maintenanceLevelOf(type: MaintenanceEventType): MaintenanceLevelKey {
  return type === 'prefilters' ? 'prefilter' : type;
}

/** Levels of a new purifier: everything at 100 %. */
export function fullMaintenanceLevels(): MaintenanceLevels {
  return Object.fromEntries(MAINTENANCE_LEVEL_KEYS.map((k) => [k, 100])) as MaintenanceLevels;
}

/** Network state at `now` from the last time the device was heard from. */
export function wifiState(
  lastSeenAt: Date | string | null,
  reportingIntervalS: number,
  now: Date = new Date(),
): WifiState {
  if (lastSeenAt === null) return 'not_configured';
  const seen = typeof lastSeenAt === 'string' ? new Date(lastSeenAt) : lastSeenAt;
  return now.getTime() - seen.getTime() <= CONNECTED_INTERVALS * reportingIntervalS * 1000
    ? 'connected'
    : 'disconnected';
}

/** Whether the device has not yet acknowledged the current desired version. */
export function isDesiredPending(
  desired: Pick<DesiredState, 'version'>,
  ackVersion: number | null,
): boolean {
  return ackVersion === null || ackVersion < desired.version;
}

const modeField = () =>
  z.enum(PURIFIER_MODES, {
    error: (issue) =>
      issue.input === undefined ? 'validation.required' : 'validation.invalid_choice',
  });

/** An hourly recycling rate (TRH): 5, 10 or 15. */
export const trhField = () =>
  z.literal(TRH_CHOICES, {
    error: (issue) =>
      issue.input === undefined ? 'validation.required' : 'validation.invalid_choice',
  });

/** One slot of a day: from `start` (local time of the purifier) the purifier runs in `mode`. */
export const scheduleSlotSchema = z.strictObject({
  start: z
    .string({ error: 'validation.required' })
    .regex(TIME_OF_DAY, { error: 'validation.time' }),
  mode: modeField(),
});
export type ScheduleSlot = z.infer<typeof scheduleSlotSchema>;

const daySchema = z
  .array(scheduleSlotSchema, { error: 'validation.invalid' })
  .max(96, { error: 'validation.max_length' })
  .superRefine((slots, ctx) => {
    for (let i = 1; i < slots.length; i += 1) {
      const previous = slots[i - 1]!.start;
      const current = slots[i]!.start;
      if (TIME_OF_DAY.test(previous) && TIME_OF_DAY.test(current) && current <= previous) {
        ctx.addIssue({ code: 'custom', message: 'validation.schedule_order', path: [i, 'start'] });
      }
    }
  });

/**
 * The weekly plan: seven days, Monday first, each an ascending list of slots without two at the
 * same time. A slot's mode applies at its start and holds until the next slot (of that day or a
 * later one); a manual change holds until the next slot.
 */
export const scheduleSchema = z.strictObject({
  days: z
    .array(daySchema, { error: 'validation.invalid' })
    .length(7, { error: 'validation.invalid' }),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** POST /api/purifiers/activate: the product key printed on the machine. */
export const activatePurifierSchema = z.strictObject({
  key: requiredString().max(64, { error: 'validation.max_length' }),
});
export type ActivatePurifierInput = z.infer<typeof activatePurifierSchema>;

const numberField = () =>
  z.number({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? 'validation.required'
        : 'validation.numeric',
  });

/** PATCH /api/purifiers/{ulid} (merge-patch: only the fields sent change). */
export const patchPurifierSchema = z
  .strictObject({
    name: requiredString().max(100, { error: 'validation.max_length' }),
    short_name: singleLineText()
      .max(SHORT_NAME_MAX, { error: 'validation.max_length' })
      .nullable()
      .transform((v) => v ?? ''),
    system_date: z.iso.date({
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ''
          ? 'validation.required'
          : 'validation.date',
    }),
    hourly_recycling_rate: trhField(),
    silent_hourly_recycling_rate: trhField(),
    piece_volume: numberField()
      .min(1, { error: 'validation.min_incorrect' })
      .max(100_000, { error: 'validation.max_value' }),
    count_piece_connected_object: numberField()
      .int({ error: 'validation.integer' })
      .min(1, { error: 'validation.min_incorrect' })
      .max(1000, { error: 'validation.max_value' }),
    /** The usual number of people in the room (clean air per person); null clears it. */
    occupants: numberField()
      .int({ error: 'validation.integer' })
      .min(1, { error: 'validation.min_incorrect' })
      .max(OCCUPANTS_MAX, { error: 'validation.max_value' })
      .nullable(),
    is_public: z.boolean({ error: 'validation.invalid' }),
    mode: modeField(),
    schedule: scheduleSchema.nullable(),
  })
  .partial();
export type PatchPurifierInput = z.infer<typeof patchPurifierSchema>;

/** GET /api/purifiers query; `user` (admins only) lists another user's purifiers. */
export const purifiersQuerySchema = z.object({
  search: z.string().trim().max(100, { error: 'validation.max_length' }).optional(),
  wifi_state: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(WIFI_STATES, { error: 'validation.invalid_choice' }).optional(),
  ),
  state: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(PURIFIER_STATES, { error: 'validation.invalid_choice' }).optional(),
  ),
  user: z.string().regex(ULID_PATTERN, { error: 'validation.invalid' }).optional(),
  page: pageParam(),
});
export type PurifiersQuery = z.infer<typeof purifiersQuerySchema>;

/** POST /api/purifiers/{ulid}/maintenance_events: a replacement, now unless a date is given. */
export const maintenanceEventSchema = z.strictObject({
  type: z.enum(MAINTENANCE_EVENT_TYPES, {
    error: (issue) =>
      issue.input === undefined ? 'validation.required' : 'validation.invalid_choice',
  }),
  // One string check (not a union: a union's issue does not carry the message, so an impossible
  // date such as 2026-02-31 or a raw "31/02/2026" showed the generic error).
  occurred_at: z
    .string({ error: 'validation.date' })
    .refine(
      (v) =>
        z.iso.datetime({ offset: true }).safeParse(v).success || z.iso.date().safeParse(v).success,
      { error: 'validation.date' },
    )
    .optional(),
  note: multiLineText().max(500, { error: 'validation.max_length' }).optional(),
  // A how-to video of the replacement (spec section 5, media links); empty means none.
  video_link: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      mediaLinkSchema().optional(),
    )
    .optional(),
});
export type MaintenanceEventInput = z.infer<typeof maintenanceEventSchema>;

/** What users, schedules and rules ask of the machine; `version` grows at every change. */
export interface DesiredState {
  mode: PurifierMode;
  /** Hourly recycling rate of the normal modes. */
  trh: number;
  /** Hourly recycling rate of silence mode. */
  silent_trh: number;
  schedule: Schedule | null;
  /** Firmware the device should run: set by a firmware rollout (docs/api-fleet.md). */
  firmware?: DesiredFirmware | null;
  version: number;
  updated_at: string;
  source: DesiredSource;
  /**
   * While alert rules hold the mode (`source` 'rule'): what the schedule, the network webhook or
   * the user had set, restored when no rule holds any more. Absent otherwise.
   */
  base?: DesiredBase | null;
}

/** The mode an alert rule took over, kept to be restored (see DesiredState.base). */
export interface DesiredBase {
  mode: PurifierMode;
  source: DesiredSource;
  updated_at: string;
}

/** What the device last reported (filled by the device connection; null until then). */
export interface ReportedState {
  mode?: PurifierMode;
  trh?: number;
  state?: PurifierState;
  maintenance?: Partial<MaintenanceLevels>;
  ip_address?: string;
  mac_address?: string;
  soft_version?: string;
  ssid?: string;
  /** The desired version the device has applied. */
  version?: number;
  reported_at: string;
}

/** One purifier as the API answers it. */
export interface Purifier {
  '@id': string;
  '@type': 'Purifier';
  ulid: string;
  name: string;
  short_name: string;
  serial_number: string;
  model: ProductKeyModel;
  /** IRI of the owner, null once unlinked. */
  owner: string | null;
  product_key: string;
  system_date: string | null;
  hourly_recycling_rate: number;
  silent_hourly_recycling_rate: number;
  piece_volume: number | null;
  count_piece_connected_object: number;
  /** The usual number of people in the room, null until given. */
  occupants: number | null;
  is_public: boolean;
  timezone: string;
  /** The desired mode (what the purifier is asked to do). */
  mode: PurifierMode;
  /** The mode the device last reported, null before its first report. */
  reported_mode: PurifierMode | null;
  schedule: Schedule | null;
  state: PurifierState;
  wifi_state: WifiState;
  last_seen_at: string | null;
  reporting_interval_s: number;
  maintenance_levels: MaintenanceLevels;
  ip_address: string | null;
  mac_address: string | null;
  soft_version: string | null;
  ssid: string | null;
  /** The MQTT broker the device uses (`mqtt://host:port`), or null when devices speak HTTP only. */
  mqtt_url: string | null;
  desired: DesiredState;
  reported: ReportedState | null;
  /** The last desired version the device acknowledged, null before its first ack. */
  desired_ack_version: number | null;
  /** The desired state is not acknowledged by the device yet. */
  pending: boolean;
  created_at: string;
  updated_at: string;
  /**
   * How the caller reaches it: `owner`, `invited` (an accepted invitation: view and control, no
   * delete, unlink or invite) or `admin`. Absent in pushes that are not for one user.
   */
  access?: MachineAccess;
  /**
   * The sensors linked to it (whose alert rules may drive it), whoever owns them, on the detail
   * only (GET /api/purifiers/{ulid}); its owner may remove any of these links.
   */
  linked_sensors?: PurifierLinkedSensor[];
  /**
   * The room's air: the worst levelled reading of the latest samples of its linked sensors, and
   * which sensor gave it; null when no linked sensor has a levelled reading (list and detail).
   */
  air?: PurifierAir | null;
  /**
   * The linked sensors the caller reaches, in link order: those whose readings make the room's
   * air (list and detail), so a card can follow them live.
   */
  air_sensors?: PurifierAirSensor[];
  /** The alert rules holding its mode now (`desired.base` set), empty otherwise (list and detail). */
  hold_rules?: PurifierHoldRule[];
  /** Its latest firmware rollout, on the detail only (GET /api/purifiers/{ulid}); null if none. */
  firmware_update?: PurifierFirmwareUpdate | null;
}

/** The reading shown on a purifier's card (see Purifier.air). */
export interface PurifierAir {
  sensor_ulid: string;
  sensor_name: string;
  measure: LevelledMeasure;
  value: number;
  level: AirQualityLevel;
  measured_at: string;
}

/** A linked sensor whose readings make a purifier's room air (see Purifier.air_sensors). */
export interface PurifierAirSensor {
  ulid: string;
  name: string;
}

/** A triggered alert rule that holds a purifier's mode (see Purifier.hold_rules). */
export interface PurifierHoldRule {
  ulid: string;
  sensor_name: string;
  measure: string;
  threshold: number;
  mode: PurifierMode;
}

/** A sensor linked to a purifier, as the purifier's page shows it. */
export interface PurifierLinkedSensor {
  ulid: string;
  name: string;
  /** Its owner's first and last name (null when it has none). */
  owner_name: string | null;
  /** Who made the link (first and last name; null when unknown or gone). */
  linked_by_name: string | null;
  /** Whether the caller can open the sensor's page. */
  visible: boolean;
}

/** One maintenance event (a replacement of a consumable). */
export interface MaintenanceEvent {
  '@id': string;
  '@type': 'MaintenanceEvent';
  ulid: string;
  purifier: string;
  type: MaintenanceEventType;
  occurred_at: string;
  /** IRI of the user who recorded it, null if that account is gone. */
  user: string | null;
  note: string;
  /** A how-to video of the replacement on the product's media host, '' without one. */
  video_link: string;
}

export const DEFAULT_TIME_ZONE = TIME_ZONE;

/** A model's name without its colour (the same in every language): the start of a default name. */
const MODEL_FAMILY: Record<ProductKeyModel, string> = {
  HEPA_BULLE_WHITE: 'HEPA Bulle',
  HEPA_BULLE_BLACK: 'HEPA Bulle',
  HEPA_DOME_WHITE: 'HEPA Dome',
  HEPA_DOME_BLACK: 'HEPA Dome',
  HEPA_COCOON: 'HEPA Cocoon',
  HEPA_COCOON_SYMPHONIE: 'HEPA Cocoon Symphonie',
};

/**
 * The name a purifier gets when it is added: its model and the last four digits of its serial
 * ("HEPA Dome 0042"), readable where the bare serial ("HEPA_DOME_WHITE-000042") is not.
 */
export function defaultPurifierName(model: ProductKeyModel, serialNumber: string): string {
  const digits = serialNumber.replace(/\D/g, '');
  const family = MODEL_FAMILY[model] ?? model;
  return digits ? `${family} ${digits.slice(-4).padStart(4, '0')}` : family;
}
