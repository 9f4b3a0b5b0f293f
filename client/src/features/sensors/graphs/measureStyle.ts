import { MEASURE_UNITS, type GraphMeasure } from '@aircloud/shared/sensors';

/** A distinct colour per measure, the same on every graph and legend. */
export const MEASURE_COLORS: Record<GraphMeasure, string> = {
  co2: '#2f6fdb',
  pm1: '#8b5cf6',
  pm25: '#e8590c',
  pm10: '#a16207',
  temperature: '#d6336c',
  humidity: '#0c8599',
  formaldehyde: '#c2255c',
  tvoc: '#2b8a3e',
  pc03: '#5c7cfa',
  pc05: '#4263eb',
  pc1: '#3b5bdb',
  pc25: '#364fc7',
  pc5: '#1c7ed6',
  pc10: '#1864ab',
  iso: '#495057',
};

/** Decimals shown per measure (counts and ppm are whole, temperatures to a tenth). */
export const MEASURE_PRECISION: Record<GraphMeasure, number> = {
  co2: 0,
  pm1: 1,
  pm25: 1,
  pm10: 1,
  temperature: 1,
  humidity: 0,
  formaldehyde: 0,
  tvoc: 0,
  pc03: 0,
  pc05: 0,
  pc1: 0,
  pc25: 0,
  pc5: 0,
  pc10: 0,
  iso: 0,
};

/** The main measures a sensor card shows live, in this order. */
export const MAIN_MEASURES: readonly GraphMeasure[] = ['co2', 'pm25', 'temperature', 'humidity'];

/** The measures a graph shows first. */
export const DEFAULT_GRAPH_MEASURES: readonly GraphMeasure[] = ['co2', 'pm25', 'temperature'];

/**
 * Where each unit's values go: the first unit on the right scale, the second on the left, any
 * further one on its own overlay scale (no axis of its own; the legend gives its values).
 */
export function priceScaleIds(measures: readonly GraphMeasure[]): Map<string, string> {
  const ids = new Map<string, string>();
  for (const measure of measures) {
    const unit = MEASURE_UNITS[measure];
    if (ids.has(unit)) continue;
    ids.set(unit, ids.size === 0 ? 'right' : ids.size === 1 ? 'left' : `overlay-${unit}`);
  }
  return ids;
}
