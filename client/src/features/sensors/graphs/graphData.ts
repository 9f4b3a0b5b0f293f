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
 * (a sample already fetched, or pushed twice, is not drawn twice), in time order.
 */
export function liveAppends(
  series: GraphSeries,
  samples: readonly SensorSample[],
  measures: readonly GraphMeasure[],
): Partial<Record<GraphMeasure, LivePoint[]>> {
  const ordered = [...samples].sort((a, b) => sampleSeconds(a) - sampleSeconds(b));
  const out: Partial<Record<GraphMeasure, LivePoint[]>> = {};
  for (const measure of measures) {
    const times = series[measure]?.t ?? [];
    let last = times.length > 0 ? times[times.length - 1]! : Number.NEGATIVE_INFINITY;
    const points: LivePoint[] = [];
    for (const sample of ordered) {
      const t = sampleSeconds(sample);
      if (!(t > last)) continue;
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
