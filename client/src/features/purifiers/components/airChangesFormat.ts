import { useTranslation } from 'react-i18next';
import type { EffectivenessVerdict } from '@aircloud/shared/effectiveness';
import { formatNumber } from '../../../lib/numbers.ts';

/** The pill tone of a verdict (written beside it, never colour alone). */
export const VERDICT_TONE: Record<EffectivenessVerdict, string> = {
  meets: 'pill pill--ok',
  below: 'pill pill--alert',
  not_enough_data: 'pill pill--muted',
  natural: 'pill pill--info',
};

/**
 * Number formatters of the air-changes screens in the reader's language: air changes per hour
 * with one decimal, m³/h and L/s whole or with one decimal, a dash for a missing figure.
 */
export function useAirFormat() {
  const { t, i18n } = useTranslation();
  const n = (value: number, decimals = 1) => formatNumber(value, i18n.language, decimals);
  // Under one air change an hour (ventilation, natural decay) a second decimal still says something.
  const a = (value: number) => n(value, Math.abs(value) < 1 ? 2 : 1);
  return {
    n,
    ach: (value: number | null) =>
      value === null ? '—' : t('air-changes.ach-value', { value: a(value) }),
    range: (low: number | null, high: number | null) =>
      low === null || high === null
        ? '—'
        : t('air-changes.ach-range', { low: a(low), high: a(high) }),
    m3h: (value: number | null) =>
      value === null ? '—' : t('purifier.summary.cubic-metres-per-hour', { value: n(value, 0) }),
    /** r² with three decimals always (1.000, not 1: a perfect fit is rare and worth reading). */
    r2: (value: number | null) =>
      value === null
        ? '—'
        : new Intl.NumberFormat(i18n.language, {
            minimumFractionDigits: 3,
            maximumFractionDigits: 3,
          }).format(value),
    lps: (value: number | null) =>
      value === null ? '—' : t('air-changes.lps-value', { value: n(value) }),
  };
}

/** An episode's length in minutes (its start and end, ISO 8601). */
export function durationMinutes(start: string, end: string): number {
  return Math.max(0, Math.round((Date.parse(end) - Date.parse(start)) / 60_000));
}
