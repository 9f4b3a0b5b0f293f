/**
 * What sensors measure, in which unit and with how many decimals, as plain values without zod:
 * the client's pages load them without the schemas (sensors.ts re-exports them).
 */

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

/**
 * Formaldehyde (HCHO, 30.026 g/mol) at 25 °C and 1013 hPa (molar volume 24.45 L): 1 ppm is
 * 1,228 µg/m3. Imports convert ppb and ppm with it; screens give the ppm beside the µg/m3.
 */
export const FORMALDEHYDE_UG_PER_PPM = (30.026 / 24.45) * 1000;

/** What a graph can show: every stored measure and the ISO class derived from particle counts. */
export const GRAPH_MEASURES = [...SENSOR_MEASURES, 'iso'] as const;
export type GraphMeasure = (typeof GRAPH_MEASURES)[number];

/**
 * Unit of each measure (spec section 3). Formaldehyde is stored and drawn in µg/m3, the unit of
 * its recommended thresholds (decisions section 4: 10 / 30 / 100 µg/m3) and of most sensors;
 * every text that shows a value also gives it in ppm, the spec's unit (FORMALDEHYDE_UG_PER_PPM).
 */
export const MEASURE_UNITS: Record<GraphMeasure, string> = {
  co2: 'ppm',
  pm1: 'µg/m3',
  pm25: 'µg/m3',
  pm10: 'µg/m3',
  temperature: '°C',
  humidity: '%HR',
  formaldehyde: 'µg/m3',
  tvoc: 'ppb',
  pc03: 'pcs/L',
  pc05: 'pcs/L',
  pc1: 'pcs/L',
  pc25: 'pcs/L',
  pc5: 'pcs/L',
  pc10: 'pcs/L',
  iso: 'ISO',
};

/** Decimals a reader needs per measure (averages of roll-ups have more): 540 ppm, 12.5 µg/m3. */
export const MEASURE_DECIMALS: Record<GraphMeasure, number> = {
  co2: 0,
  pm1: 1,
  pm25: 1,
  pm10: 1,
  temperature: 1,
  humidity: 0,
  formaldehyde: 1,
  tvoc: 0,
  pc03: 0,
  pc05: 0,
  pc1: 0,
  pc25: 0,
  pc5: 0,
  pc10: 0,
  iso: 0,
};

/** A graph response never holds more points than this per series (decisions section 4). */
export const MAX_POINTS_PER_SERIES = 2000;
/** An export covers at most one calendar month (spec section 9): from + 1 month ≥ to. */
export const EXPORT_MAX_MONTHS = 1;
