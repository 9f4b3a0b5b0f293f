import type { LevelledMeasure } from './air-quality.ts';
import type { PurifierMode, WifiState } from './purifiers.ts';
import type { PublicSensor } from './sensors.ts';

/**
 * The building manager's overview (GET /api/sensor_overview): every sensor the user may see as a
 * tile, with its last sample, the last hour of its levelled measures as a sparkline, and the
 * modes of its linked purifiers. One request for the whole page; live values then come from the
 * sensor channels.
 */

/** Tiles answered at most; the answer's total says how many the user may see. */
export const OVERVIEW_MAX_TILES = 500;
/** The sparkline covers the last hour… */
export const OVERVIEW_SPARKLINE_S = 3600;
/** …in five-minute averages (12 points). */
export const OVERVIEW_BUCKET_S = 300;
/** The display mode shows each page of tiles this long before the next. */
export const OVERVIEW_CYCLE_MS = 15_000;

/** A linked purifier on a tile: what it was asked to do and what it last said it does. */
export interface OverviewPurifier {
  '@id': string;
  ulid: string;
  name: string;
  mode: PurifierMode;
  reported_mode: PurifierMode | null;
  wifi_state: WifiState;
  /** Measured air changes in auto against the TRH (docs/effectiveness.md); null: not examined. */
  air_verdict: 'meets' | 'below' | 'not_enough_data' | null;
  measured_ach: number | null;
  target_ach: number;
}

/** The last hour of one sensor: bucket averages, null where no sample fell. */
export interface OverviewSparkline {
  /** Start of the first bucket (ISO 8601). */
  from: string;
  step_s: number;
  values: Partial<Record<LevelledMeasure, (number | null)[]>>;
}

/** A room's tile: what anyone sees of a public sensor, its purifiers and its last hour. */
export interface SensorOverviewTile extends PublicSensor {
  '@id': string;
  '@type': 'SensorOverviewTile';
  purifiers: OverviewPurifier[];
  sparkline: OverviewSparkline;
}
