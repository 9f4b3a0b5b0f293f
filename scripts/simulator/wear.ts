import {
  MAINTENANCE_LEVEL_KEYS,
  type MaintenanceLevelKey,
  type MaintenanceLevels,
  type PurifierMode,
} from '@aircloud/shared/purifiers';

/**
 * How a simulated purifier's consumables wear: a percentage of their life per day of running,
 * faster in stronger modes (the fan moves more air through them), none when off. The live
 * simulator and the demo's month of history use the same pace, so the replacement forecast the
 * demo shows follows the levels its purifiers go on reporting.
 */
export const WEAR_PER_DAY: Record<PurifierMode, number> = {
  off: 0,
  silence: 0.5,
  auto: 1.2,
  boost: 2.5,
};

/** The prefilter catches the coarse dust first; the modules outlive the main filter. */
const WEAR_FACTOR: Record<MaintenanceLevelKey, number> = {
  prefilter: 2,
  filters: 1,
  module_1: 0.6,
  module_2: 0.5,
  module_3: 0.4,
  module_4: 0.3,
};

/** `levels` after `seconds` of running in `mode` (never under 0; 3 decimals, as devices send). */
export function wear(
  levels: MaintenanceLevels,
  mode: PurifierMode,
  seconds: number,
): MaintenanceLevels {
  const days = seconds / 86_400;
  return Object.fromEntries(
    MAINTENANCE_LEVEL_KEYS.map((key) => [
      key,
      Math.max(0, +(levels[key] - WEAR_PER_DAY[mode] * WEAR_FACTOR[key] * days).toFixed(3)),
    ]),
  ) as MaintenanceLevels;
}
