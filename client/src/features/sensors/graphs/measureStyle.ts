import { MEASURE_DECIMALS, MEASURE_UNITS, type GraphMeasure } from '@aircloud/shared/sensors';
import { formatNumber } from '../../../lib/numbers.ts';

export { measureText } from '../../../lib/measures.ts';

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

/**
 * How a chart's price scale writes a measure's values (axis labels, last value, crosshair): the
 * same decimals and number format as measureText, so the axis and the legend agree.
 */
export function measurePriceFormat(measure: GraphMeasure, language: string) {
  const decimals = MEASURE_DECIMALS[measure];
  return {
    type: 'custom' as const,
    minMove: 1 / 10 ** decimals,
    formatter: (value: number) => formatNumber(value, language, decimals),
  };
}

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
