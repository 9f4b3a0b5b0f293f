import type { GraphMeasure } from './sensor-measures.ts';

/** Risk levels of the recommended thresholds (alert-rules.ts re-exports them, with the rules). */
export const RISK_LEVELS = ['moderate', 'high', 'very_high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/**
 * Recommended thresholds per measure, moderate / high / very high (WHO 2021, HCSP, WELL):
 * CO2 in ppm, particles and formaldehyde in µg/m3, TVOC in ppb.
 */
export const RECOMMENDED_THRESHOLDS: Partial<Record<GraphMeasure, Record<RiskLevel, number>>> = {
  co2: { moderate: 800, high: 1000, very_high: 1500 },
  pm25: { moderate: 15, high: 25, very_high: 50 },
  pm10: { moderate: 45, high: 75, very_high: 100 },
  tvoc: { moderate: 300, high: 500, very_high: 1000 },
  formaldehyde: { moderate: 10, high: 30, very_high: 100 },
};

/**
 * Air-quality levels of a reading, from the recommended thresholds of decisions section 4
 * (moderate / high / very high): below `moderate` is good, from `moderate` moderate, from `high`
 * poor, from `very_high` very poor. One scale for the sensor cards, the graphs' bands, the
 * purifier cards and the building overview.
 */
export const AIR_QUALITY_LEVELS = ['good', 'moderate', 'poor', 'very_poor'] as const;
export type AirQualityLevel = (typeof AIR_QUALITY_LEVELS)[number];

/** Measures that have recommended thresholds, in the order a tie is decided (first wins). */
export const LEVELLED_MEASURES = ['co2', 'pm25', 'pm10', 'tvoc', 'formaldehyde'] as const;
export type LevelledMeasure = (typeof LEVELLED_MEASURES)[number];

export function isLevelled(measure: string): measure is LevelledMeasure {
  return (LEVELLED_MEASURES as readonly string[]).includes(measure);
}

/** The level of one value, or null when the measure has no thresholds or the value is missing. */
export function airQualityLevel(
  measure: GraphMeasure | string,
  value: number | null | undefined,
): AirQualityLevel | null {
  if (value == null || !Number.isFinite(value) || !isLevelled(measure)) return null;
  const t = RECOMMENDED_THRESHOLDS[measure]!;
  if (value >= t.very_high) return 'very_poor';
  if (value >= t.high) return 'poor';
  if (value >= t.moderate) return 'moderate';
  return 'good';
}

/** Bands of one measure as [from, to) value ranges (to is null for the last, open band). */
export function airQualityBands(
  measure: LevelledMeasure,
): { level: AirQualityLevel; from: number; to: number | null }[] {
  const t = RECOMMENDED_THRESHOLDS[measure]!;
  return [
    { level: 'good', from: 0, to: t.moderate },
    { level: 'moderate', from: t.moderate, to: t.high },
    { level: 'poor', from: t.high, to: t.very_high },
    { level: 'very_poor', from: t.very_high, to: null },
  ];
}

export interface WorstReading {
  measure: LevelledMeasure;
  value: number;
  level: AirQualityLevel;
}

/**
 * The reading that decides a room's level: the worst level among the levelled measures present;
 * a tie goes to the measure listed first in LEVELLED_MEASURES (CO2 before particles). Null when
 * the sample has none of them.
 */
export function worstReading(
  values: Partial<Record<LevelledMeasure, number | null | undefined>>,
): WorstReading | null {
  let worst: WorstReading | null = null;
  for (const measure of LEVELLED_MEASURES) {
    const value = values[measure];
    const level = airQualityLevel(measure, value);
    if (level == null) continue;
    if (worst == null || levelRank(level) > levelRank(worst.level)) {
      worst = { measure, value: value!, level };
    }
  }
  return worst;
}

/** 0 for good … 3 for very poor: sort rooms worst first with `b - a`. */
export function levelRank(level: AirQualityLevel): number {
  return AIR_QUALITY_LEVELS.indexOf(level);
}
