import {
  isoClass,
  type GraphMeasure,
  type MeasureSeries,
  type SensorMeasures,
  type SensorSample,
} from '@aircloud/shared/sensors';

/** The series a chart draws, by measure (columnar, UTC seconds, ascending). */
export type GraphSeries = Partial<Record<GraphMeasure, MeasureSeries>>;

/** One point appended live. */
export interface LivePoint {
  t: number;
  v: number | null;
}

/** Epoch seconds of a sample's ISO instant. */
export function sampleSeconds(sample: SensorSample): number {
  return Math.floor(Date.parse(sample.ts) / 1000);
}

/** The value of one measure in a sample; the ISO class is derived when the sample lacks it. */
export function sampleValue(sample: SensorSample, measure: GraphMeasure): number | null {
  if (measure === 'iso') return sample.iso ?? isoClass(sample.pc05, sample.pc5);
  const value = sample[measure];
  return typeof value === 'number' ? value : null;
}

/** Whether a response holds no value at all in its series. */
export function isEmptyGraph(series: GraphSeries): boolean {
  return Object.values(series).every((s) => !s || s.v.every((v) => v === null));
}

/** Every instant of the series, ascending and unique (the chart's shared time scale). */
export function allInstants(series: GraphSeries): number[] {
  const seen = new Set<number>();
  for (const s of Object.values(series)) for (const t of s?.t ?? []) seen.add(t);
  return [...seen].sort((a, b) => a - b);
}

/**
 * The points live samples add to each measure: only samples after the last time a series holds
 * (a sample already fetched, or pushed twice, is not drawn twice), in time order, and before
 * `untilSeconds` (the end of a calendar period that follows the stream).
 */
export function liveAppends(
  series: GraphSeries,
  samples: readonly SensorSample[],
  measures: readonly GraphMeasure[],
  untilSeconds: number = Number.POSITIVE_INFINITY,
): Partial<Record<GraphMeasure, LivePoint[]>> {
  const ordered = [...samples].sort((a, b) => sampleSeconds(a) - sampleSeconds(b));
  const out: Partial<Record<GraphMeasure, LivePoint[]>> = {};
  for (const measure of measures) {
    const times = series[measure]?.t ?? [];
    let last = times.length > 0 ? times[times.length - 1]! : Number.NEGATIVE_INFINITY;
    const points: LivePoint[] = [];
    for (const sample of ordered) {
      const t = sampleSeconds(sample);
      // A sample after the period shown (a calendar hour or day that ended) is not drawn.
      if (!(t > last) || t >= untilSeconds) continue;
      points.push({ t, v: sampleValue(sample, measure) });
      last = t;
    }
    if (points.length > 0) out[measure] = points;
  }
  return out;
}

/** The series with live points appended (new arrays; the given series is left as it was). */
export function withAppends(
  series: GraphSeries,
  appends: Partial<Record<GraphMeasure, LivePoint[]>>,
): GraphSeries {
  const out: GraphSeries = { ...series };
  for (const [measure, points] of Object.entries(appends) as [GraphMeasure, LivePoint[]][]) {
    const current = series[measure] ?? { t: [], v: [] };
    out[measure] = {
      t: [...current.t, ...points.map((p) => p.t)],
      v: [...current.v, ...points.map((p) => p.v)],
    };
  }
  return out;
}

/** The series without the points before `fromSeconds` (a live window moving on). */
export function dropBefore(series: GraphSeries, fromSeconds: number): GraphSeries {
  const out: GraphSeries = {};
  for (const [measure, s] of Object.entries(series) as [GraphMeasure, MeasureSeries][]) {
    const start = s.t.findIndex((t) => t >= fromSeconds);
    const keep = start === -1 ? s.t.length : start;
    out[measure] =
      keep === 0
        ? s
        : {
            t: s.t.slice(keep),
            v: s.v.slice(keep),
            ...(s.min ? { min: s.min.slice(keep) } : {}),
            ...(s.max ? { max: s.max.slice(keep) } : {}),
          };
  }
  return out;
}

/** Whether any series holds a point before `fromSeconds`. */
export function hasPointsBefore(series: GraphSeries, fromSeconds: number): boolean {
  return Object.values(series).some(
    (s) => s !== undefined && s.t.length > 0 && s.t[0]! < fromSeconds,
  );
}

/** The series of a response for the measures asked (a measure the server left out is empty). */
export function seriesOf(response: SensorMeasures, measures: readonly GraphMeasure[]): GraphSeries {
  const out: GraphSeries = {};
  for (const measure of measures) out[measure] = response.series[measure] ?? { t: [], v: [] };
  return out;
}

/** A gap: more than this many expected intervals without a sample. */
export const GAP_INTERVALS = 2.5;

/** At most this many whitespace points are added to one chart (long gaps get a coarser step). */
export const MAX_GAP_POINTS = 5000;

/**
 * The expected interval between samples, in seconds: the median step between ascending instants
 * (a few missing samples do not change it); null with fewer than two instants.
 */
export function samplingInterval(times: readonly number[]): number | null {
  const steps: number[] = [];
  for (let i = 1; i < times.length; i += 1) {
    const step = times[i]! - times[i - 1]!;
    if (step > 0) steps.push(step);
  }
  if (steps.length === 0) return null;
  steps.sort((a, b) => a - b);
  return steps[Math.floor((steps.length - 1) / 2)]!;
}

/**
 * The step of a linear time axis: the 10th percentile of the steps between instants (the finest
 * regular sampling; a sensor whose interval changed keeps both parts in proportion).
 */
export function axisStep(times: readonly number[]): number | null {
  const steps: number[] = [];
  for (let i = 1; i < times.length; i += 1) {
    const step = times[i]! - times[i - 1]!;
    if (step > 0) steps.push(step);
  }
  if (steps.length === 0) return null;
  steps.sort((a, b) => a - b);
  return steps[Math.floor((steps.length - 1) / 10)]!;
}

/**
 * The whitespace instants that keep a chart's time axis linear: lightweight-charts gives every
 * point the same width whatever the time between them, so wherever more than 1.5 `step`s pass
 * between two instants, empty points are added every `step` seconds (a coarser step when that
 * would need more than `maxPoints`). A silence is then drawn as wide as the time it lasted.
 */
export function gapFillers(
  times: readonly number[],
  step: number | null,
  maxPoints: number = MAX_GAP_POINTS,
): number[] {
  if (!step || step <= 0) return [];
  const gaps: [number, number][] = [];
  let missing = 0;
  for (let i = 1; i < times.length; i += 1) {
    const [a, b] = [times[i - 1]!, times[i]!];
    if (b - a > 1.5 * step) {
      gaps.push([a, b]);
      missing += (b - a) / step - 1;
    }
  }
  if (gaps.length === 0) return [];
  const every = missing > maxPoints ? (step * missing) / maxPoints : step;
  const out: number[] = [];
  for (const [a, b] of gaps)
    for (let t = a + every; t <= b - step / 2; t += every) out.push(Math.round(t));
  return out;
}

/**
 * The instants after which a line breaks: the last value before a sample without this measure,
 * or before a silence of more than GAP_INTERVALS times the sampling around it (the longer of the
 * steps before and after; `interval` when there is neither), so a sensor whose interval changed
 * is not cut where it changed.
 */
export function lineBreaks(
  times: readonly number[],
  values: readonly (number | null)[] | undefined,
  interval: number | null,
): Set<number> {
  const breaks = new Set<number>();
  const at: number[] = [];
  times.forEach((t, i) => {
    const value = values?.[i];
    if (value === null || value === undefined) {
      if (at.length > 0) breaks.add(at[at.length - 1]!);
    } else at.push(t);
  });
  for (let i = 1; i < at.length; i += 1) {
    const gap = at[i]! - at[i - 1]!;
    const before = i >= 2 ? at[i - 1]! - at[i - 2]! : 0;
    const after = i + 1 < at.length ? at[i + 1]! - at[i]! : 0;
    const around = Math.max(before, after) || interval;
    if (around !== null && gap > GAP_INTERVALS * around) breaks.add(at[i - 1]!);
  }
  return breaks;
}

/** Ascending instants with whitespace instants merged in (ascending, unique). */
export function mergeInstants(times: readonly number[], fillers: readonly number[]): number[] {
  if (fillers.length === 0) return [...times];
  return [...new Set([...times, ...fillers])].sort((a, b) => a - b);
}

/**
 * One column with whitespace at the filler instants: the times merged, the fillers' values null
 * (drawn as nothing, a break in the line).
 */
export function withWhitespace(
  times: readonly number[],
  values: readonly (number | null)[] | undefined,
  fillers: readonly number[],
): { t: number[]; v: (number | null)[] } {
  const t: number[] = [];
  const v: (number | null)[] = [];
  let j = 0;
  for (let i = 0; i < times.length; i += 1) {
    while (j < fillers.length && fillers[j]! < times[i]!) {
      t.push(fillers[j]!);
      v.push(null);
      j += 1;
    }
    if (j < fillers.length && fillers[j] === times[i]) j += 1;
    t.push(times[i]!);
    v.push(values?.[i] ?? null);
  }
  for (; j < fillers.length; j += 1) {
    t.push(fillers[j]!);
    v.push(null);
  }
  return { t, v };
}
