import { MEASURE_DECIMALS, MEASURE_UNITS, type GraphMeasure } from '@aircloud/shared/sensors';
import { formatNumber } from './numbers.ts';

/**
 * A measure's value with its unit as every view shows it (legend, cards, lists): the reader's
 * number format, the decimals of MEASURE_DECIMALS (shared), '—' when absent.
 */
export function measureText(
  measure: GraphMeasure,
  value: number | null | undefined,
  language: string,
): string {
  return value === null || value === undefined
    ? '—'
    : `${formatNumber(value, language, MEASURE_DECIMALS[measure])} ${MEASURE_UNITS[measure]}`;
}
