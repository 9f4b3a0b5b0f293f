import {
  FORMALDEHYDE_UG_PER_PPM,
  MEASURE_DECIMALS,
  MEASURE_UNITS,
  type GraphMeasure,
} from '@aircloud/shared/sensor-measures';
import { formatNumber } from './numbers.ts';

/**
 * A measure's value with its unit as every view shows it (legend, cards, lists): the reader's
 * number format, the decimals of MEASURE_DECIMALS (shared), '—' when absent. Formaldehyde is
 * stored in µg/m3 (the unit of its recommended thresholds) and also given in ppm, the unit of
 * spec section 3: "24 µg/m3 (0.020 ppm)".
 */
export function measureText(
  measure: GraphMeasure,
  value: number | null | undefined,
  language: string,
): string {
  if (value === null || value === undefined) return '—';
  const text = `${formatNumber(value, language, MEASURE_DECIMALS[measure])} ${MEASURE_UNITS[measure]}`;
  if (measure !== 'formaldehyde') return text;
  const ppm = formatNumber(value / FORMALDEHYDE_UG_PER_PPM, language, 3);
  return `${text} (${ppm} ppm)`;
}
