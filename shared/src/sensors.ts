import { z } from 'zod';

/**
 * Sensor measures as stored (one column each in `sensor_measures`) with their units (spec
 * section 3): co2 ppm, pm µg/m3, temperature °C, humidity %HR, formaldehyde, tvoc ppb, particle
 * counts per litre of particles at least 0.3, 0.5, 1, 2.5, 5 and 10 µm. `iso` is computed.
 */
export const SENSOR_MEASURES = [
  'co2',
  'pm1',
  'pm25',
  'pm10',
  'temperature',
  'humidity',
  'formaldehyde',
  'tvoc',
  'pc03',
  'pc05',
  'pc1',
  'pc25',
  'pc5',
  'pc10',
] as const;
export type SensorMeasure = (typeof SENSOR_MEASURES)[number];

/** Accepted range of each measure; a value outside is refused (422), never stored. */
export const MEASURE_RANGES: Record<SensorMeasure, { min: number; max: number }> = {
  co2: { min: 0, max: 10_000 },
  pm1: { min: 0, max: 1000 },
  pm25: { min: 0, max: 1000 },
  pm10: { min: 0, max: 1000 },
  temperature: { min: -40, max: 85 },
  humidity: { min: 0, max: 100 },
  formaldehyde: { min: 0, max: 10_000 },
  tvoc: { min: 0, max: 100_000 },
  pc03: { min: 0, max: 1e9 },
  pc05: { min: 0, max: 1e9 },
  pc1: { min: 0, max: 1e9 },
  pc25: { min: 0, max: 1e9 },
  pc5: { min: 0, max: 1e9 },
  pc10: { min: 0, max: 1e9 },
};

/** Measure values of one sample; a sensor sends the measures it has. */
export type MeasureValues = Partial<Record<SensorMeasure, number>>;

/** One stored sample: sensor, time and its measures, with the computed ISO class. */
export interface SensorSample extends MeasureValues {
  /** ISO 8601 instant. */
  ts: string;
  iso?: number | null;
}

/**
 * ISO 14644-1 class from particle counts per litre (cumulative: particles ≥ size): the class
 * limit is Cn = 10^N × (0.1 / D)^2.08 per m3, so N = log10(C / (0.1 / D)^2.08), rounded up to
 * a whole class; the reported class is the worst of the 0.5 µm and 5 µm bounds, within 1..9.
 * Null when neither count is present.
 */
export function isoClass(pc05?: number | null, pc5?: number | null): number | null {
  const classOf = (perLitre: number, size: number) => {
    const perM3 = perLitre * 1000;
    if (perM3 <= 0) return 1;
    const n = Math.log10(perM3 / (0.1 / size) ** 2.08);
    // The standard's table rounds limits to 3 significant figures (class 7 at 0.5 µm: 352,000
    // for 351,768 by the formula): a count at the table's limit is still in that class.
    return Math.min(9, Math.max(1, Math.ceil(n - 0.003)));
  };
  const classes: number[] = [];
  if (pc05 !== undefined && pc05 !== null) classes.push(classOf(pc05, 0.5));
  if (pc5 !== undefined && pc5 !== null) classes.push(classOf(pc5, 5));
  return classes.length === 0 ? null : Math.max(...classes);
}

/** Measures of one sensor sample as a device sends them; unknown names are refused. */
export const measureValuesSchema = z.strictObject(
  Object.fromEntries(
    SENSOR_MEASURES.map((m) => [
      m,
      z
        .number({ error: 'validation.numeric' })
        .min(MEASURE_RANGES[m].min, { error: 'validation.min_value' })
        .max(MEASURE_RANGES[m].max, { error: 'validation.max_value' })
        .nullable()
        .optional(),
    ]),
  ) as Record<SensorMeasure, z.ZodOptional<z.ZodNullable<z.ZodNumber>>>,
);

/** A sensor's purifiers are at most this many (spec section 9). */
export { PURIFIERS_PER_SENSOR_MAX } from './constants.ts';
