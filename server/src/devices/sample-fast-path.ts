import { sensorSampleSchema } from '@aircloud/shared/devices';
import {
  MEASURE_RANGES,
  SENSOR_MEASURES,
  type MeasureValues,
  type SensorMeasure,
} from '@aircloud/shared/sensors';

/** A sample the fast path read: its instant (epoch ms) and its non-null measures. */
export interface CommonSample {
  ts: number;
  measures: MeasureValues;
}

/**
 * The ISO instant pattern of the schema's `ts` (its first alternative, `z.iso.datetime`), taken
 * from the schema itself so that the two cannot disagree; null (fast path off) if its shape ever
 * changes.
 */
const isoPattern: RegExp | null = (() => {
  const ts = sensorSampleSchema.shape.ts as unknown as {
    options?: { _zod?: { def?: { pattern?: unknown } } }[];
  };
  const pattern = ts.options?.[0]?._zod?.def?.pattern;
  return pattern instanceof RegExp ? pattern : null;
})();

/** The last epoch ms a Date holds (the schema's bound too). */
const MAX_DATE_MS = 8.64e15;

const ranges = new Map<string, { min: number; max: number }>(
  SENSOR_MEASURES.map((m) => [m, MEASURE_RANGES[m]]),
);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.getPrototypeOf(value) === Object.prototype
  );
}

/**
 * Reads the common, valid shape of a sensor sample without zod: `{ts, measures}` with a known
 * ISO instant or non-negative integer milliseconds, and known measures each null or a number
 * within its range. Answers null for anything else, valid or not: `sensorSampleSchema` then
 * decides and words the refusal, so the refusals stay zod's own. It accepts only what the
 * schema accepts, with the same result (sample-fast-path.test.ts checks it against the schema).
 */
export function readCommonSample(raw: unknown): CommonSample | null {
  if (isoPattern === null || !isPlainObject(raw)) return null;
  if (Object.keys(raw).length !== 2 || !Object.hasOwn(raw, 'ts') || !Object.hasOwn(raw, 'measures'))
    return null;
  const { ts: rawTs, measures: rawMeasures } = raw;
  let ts: number;
  if (typeof rawTs === 'string') {
    if (!isoPattern.test(rawTs)) return null;
    ts = Date.parse(rawTs);
  } else if (
    typeof rawTs === 'number' &&
    Number.isInteger(rawTs) &&
    rawTs >= 0 &&
    rawTs <= MAX_DATE_MS
  ) {
    ts = rawTs;
  } else return null;
  if (!isPlainObject(rawMeasures)) return null;
  const measures: MeasureValues = {};
  for (const name of Object.keys(rawMeasures)) {
    const range = ranges.get(name);
    if (range === undefined) return null;
    const value = rawMeasures[name];
    if (value === null || value === undefined) continue;
    // NaN and the infinities fail these comparisons too.
    if (typeof value !== 'number' || !(value >= range.min && value <= range.max)) return null;
    measures[name as SensorMeasure] = value;
  }
  return { ts, measures };
}
