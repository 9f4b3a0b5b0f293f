import { z } from 'zod';
import { PRODUCT_KEY_MODELS, type ProductKeyModel } from './product-keys.ts';
import { PURIFIER_STATES, WIFI_STATES, type PurifierState, type WifiState } from './purifiers.ts';
import { pageParam } from './pagination.ts';
import type { FirmwareRollout } from './firmware-rollouts.ts';

/**
 * The fleet view of administrators and technicians (issue 21, GET /api/fleet): counts of every
 * purifier and sensor by network and device state, kept by the database as devices change, and
 * the lists behind them (GET /api/fleet/purifiers, GET /api/fleet/sensors).
 */

/** Devices shown in each short list of the summary (offline now, held, maintenance due). */
export const FLEET_LIST_SIZE = 10;
/** The summary's telemetry rate covers the last minutes (the current one last, partial). */
export const FLEET_RATE_MINUTES = 15;
/** The fleet channel pushes a new summary at most this often (ms). */
export const FLEET_PUSH_MS = 5_000;
/** A purifier's maintenance is due when a consumable is under this percentage. */
export const FLEET_MAINTENANCE_PERCENT = 10;

/** Counts of one kind of device by network state. */
export interface FleetNetworkCounts {
  total: number;
  wifi_state: Record<WifiState, number>;
}

/** Counts of the purifiers: network and device state, held by rules, maintenance due. */
export interface FleetPurifierCounts extends FleetNetworkCounts {
  state: Record<PurifierState, number>;
  /** Purifiers whose mode alert rules hold now. */
  held: number;
  /** Purifiers with a consumable under FLEET_MAINTENANCE_PERCENT. */
  maintenance_due: number;
}

/** How many purifiers of a model run a firmware version (null: never reported one). */
export interface FleetVersionCount {
  model: ProductKeyModel;
  soft_version: string | null;
  purifiers: number;
}

/** The owner of a device, for the drill-down to view-as-user. */
export interface FleetOwner {
  ulid: string;
  firstname: string;
  lastname: string;
  email: string;
}

/** One device in a list of the fleet view. */
export interface FleetDevice {
  '@id': string;
  '@type': 'FleetDevice';
  kind: 'purifier' | 'sensor';
  ulid: string;
  name: string;
  serial_number: string;
  /** Purifiers only. */
  model: ProductKeyModel | null;
  state: PurifierState | null;
  soft_version: string | null;
  /** The lowest remaining life of its consumables, in percent (purifiers only). */
  maintenance_min: number | null;
  wifi_state: WifiState;
  last_seen_at: string | null;
  owner: FleetOwner | null;
}

/** Samples accepted in one minute (`minute`: its start, ISO 8601). */
export interface FleetRate {
  minute: string;
  samples: number;
}

/** GET /api/fleet. */
export interface FleetSummary {
  '@id': '/api/fleet';
  '@type': 'FleetSummary';
  purifiers: FleetPurifierCounts;
  sensors: FleetNetworkCounts;
  versions: FleetVersionCount[];
  /** Purifiers and sensors disconnected now, longest silent first (FLEET_LIST_SIZE at most). */
  offline: FleetDevice[];
  held: FleetDevice[];
  maintenance_due: FleetDevice[];
  /** Telemetry samples accepted per minute, oldest first, the current minute last. */
  telemetry: FleetRate[];
  /** Firmware rollouts not completed or aborted, newest first, with their progress. */
  rollouts: FirmwareRollout[];
  /** Rooms (sensors with linked purifiers) by the measured air changes of their purifiers. */
  air_changes: FleetAirChanges;
  /** Purifiers measured below their TRH, longest below first (FLEET_LIST_SIZE at most). */
  air_below: FleetDevice[];
  generated_at: string;
}

/** Rooms by measured air changes: below target (a purifier of the room under its TRH in auto). */
export interface FleetAirChanges {
  rooms_below: number;
  /** Rooms with a verdict (meets or below). */
  rooms_measured: number;
  purifiers_below: number;
}

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const flag = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : v === 'true' || v === '1' || v === true),
  z.boolean().optional(),
);

/** The filters of GET /api/fleet/purifiers (each number of the summary is one of them). */
export const fleetPurifiersQuerySchema = z.object({
  wifi_state: z.preprocess(
    blankToUndefined,
    z.enum(WIFI_STATES, { error: 'validation.invalid_choice' }).optional(),
  ),
  state: z.preprocess(
    blankToUndefined,
    z.enum(PURIFIER_STATES, { error: 'validation.invalid_choice' }).optional(),
  ),
  model: z.preprocess(
    blankToUndefined,
    z.enum(PRODUCT_KEY_MODELS, { error: 'validation.invalid_choice' }).optional(),
  ),
  /** A firmware version; `none` for purifiers that never reported one. */
  soft_version: z.preprocess(
    blankToUndefined,
    z.string().max(64, { error: 'validation.max_length' }).optional(),
  ),
  held: flag,
  maintenance_due: flag,
  /** Purifiers whose measured air changes in auto are below their TRH. */
  air_below: flag,
  page: pageParam(),
});
export type FleetPurifiersQuery = z.infer<typeof fleetPurifiersQuerySchema>;

/** The filters of GET /api/fleet/sensors. */
export const fleetSensorsQuerySchema = z.object({
  wifi_state: z.preprocess(
    blankToUndefined,
    z.enum(WIFI_STATES, { error: 'validation.invalid_choice' }).optional(),
  ),
  page: pageParam(),
});
export type FleetSensorsQuery = z.infer<typeof fleetSensorsQuerySchema>;

/** The soft_version filter value for purifiers that never reported a version. */
export const NO_SOFT_VERSION = 'none';
