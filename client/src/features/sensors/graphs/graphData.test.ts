import { describe, expect, it } from 'vitest';
import type { SensorSample } from '@aircloud/shared/sensors';
import {
  dropBefore,
  axisStep,
  gapFillers,
  lineBreaks,
  isEmptyGraph,
  liveAppends,
  MAX_GAP_POINTS,
  mergeInstants,
  samplingInterval,
  withAppends,
  withWhitespace,
  type GraphSeries,
} from './graphData.ts';

const sample = (second: number, values: Omit<SensorSample, 'ts'>): SensorSample => ({
  ts: new Date(second * 1000).toISOString(),
  ...values,
});

describe('live samples merged into a graph', () => {
  const fetched: GraphSeries = {
    co2: { t: [100, 160], v: [600, 610] },
    temperature: { t: [100, 160], v: [21, 21.1] },
  };

  it('appends only samples after the last fetched point, in time order', () => {
    const appends = liveAppends(
      fetched,
      [
        sample(280, { co2: 640, temperature: 21.3 }),
        sample(160, { co2: 610, temperature: 21.1 }), // already fetched
        sample(220, { co2: 630 }), // no temperature in this one
        sample(100, { co2: 1 }), // late duplicate
      ],
      ['co2', 'temperature'],
    );
    expect(appends.co2).toEqual([
      { t: 220, v: 630 },
      { t: 280, v: 640 },
    ]);
    expect(appends.temperature).toEqual([
      { t: 220, v: null },
      { t: 280, v: 21.3 },
    ]);
    const merged = withAppends(fetched, appends);
    expect(merged.co2).toEqual({ t: [100, 160, 220, 280], v: [600, 610, 630, 640] });
    // The fetched series is left as it was.
    expect(fetched.co2!.t).toEqual([100, 160]);
  });

  it('derives the ISO class of a live sample from its particle counts', () => {
    const appends = liveAppends(
      { iso: { t: [], v: [] } },
      [sample(10, { pc05: 352, pc5: 2.93 })],
      ['iso'],
    );
    expect(appends.iso).toEqual([{ t: 10, v: 7 }]);
  });

  it('drops what left the live window, min/max included', () => {
    const series: GraphSeries = {
      co2: { t: [100, 200, 300], v: [1, 2, 3], min: [0, 1, 2], max: [2, 3, 4] },
    };
    expect(dropBefore(series, 200).co2).toEqual({
      t: [200, 300],
      v: [2, 3],
      min: [1, 2],
      max: [3, 4],
    });
    expect(dropBefore(series, 50).co2).toBe(series.co2);
  });

  it('tells an empty period apart', () => {
    expect(isEmptyGraph({ co2: { t: [1], v: [null] } })).toBe(true);
    expect(isEmptyGraph(fetched)).toBe(false);
  });
});

describe('gaps kept as gaps (a linear time axis)', () => {
  // A sample a minute from 18:00 to 18:20, then nothing until 18:38, then a minute again.
  const t0 = Date.parse('2026-11-20T18:00:00Z') / 1000;
  const times = [
    ...Array.from({ length: 21 }, (_, i) => t0 + i * 60),
    ...Array.from({ length: 5 }, (_, i) => t0 + (38 + i) * 60),
  ];

  it('works out the sampling interval from the data, whatever the gaps', () => {
    expect(samplingInterval(times)).toBe(60);
    expect(samplingInterval([5, 10, 15, 500, 505])).toBe(5);
    expect(samplingInterval([42])).toBeNull();
  });

  it('fills a gap of more than 2.5 intervals with whitespace every interval', () => {
    const fillers = gapFillers(times, 60);
    // 18:21 … 18:37: one empty point per missing minute, so 18:38 is drawn 18 minutes on.
    expect(fillers).toEqual(Array.from({ length: 17 }, (_, i) => t0 + (21 + i) * 60));
    const axis = mergeInstants(times, fillers);
    const steps = new Set(axis.slice(1).map((t, i) => t - axis[i]!));
    expect([...steps]).toEqual([60]);
  });

  it('keeps the axis linear when the interval changes (finest step), without a break', () => {
    // A minute at a time, then every 10 s: both parts in proportion to their time.
    const mixed = [0, 60, 120, 180, 190, 200, 210, 220, 230, 240, 250, 260, 270, 280];
    expect(axisStep(mixed)).toBe(10);
    const axis = mergeInstants(mixed, gapFillers(mixed, 10));
    expect(new Set(axis.slice(1).map((t, i) => t - axis[i]!))).toEqual(new Set([10]));
    // Regular minutes are not a silence: no break in the line.
    expect(
      lineBreaks(
        mixed,
        mixed.map(() => 1),
        samplingInterval(mixed),
      ),
    ).toEqual(new Set());
  });

  it('breaks the line after more than 2.5 intervals without a sample, or a missing value', () => {
    expect(lineBreaks([0, 60, 200, 260], [1, 2, 3, 4], 60)).toEqual(new Set()); // 140 s
    expect(lineBreaks([0, 60, 220, 280], [1, 2, 3, 4], 60)).toEqual(new Set([60])); // 160 s
    expect(lineBreaks([0, 400], [1, 2], 60)).toEqual(new Set([0]));
    expect(lineBreaks([0, 60, 120, 180], [1, 2, null, 4], 60)).toEqual(new Set([60]));
    expect(gapFillers(times, null)).toEqual([]);
  });

  it('uses a coarser step when a long silence would need too many points', () => {
    const fillers = gapFillers([0, 5, 10, 30 * 86_400], 5);
    expect(fillers.length).toBeLessThanOrEqual(MAX_GAP_POINTS + 1);
    expect(fillers.length).toBeGreaterThan(MAX_GAP_POINTS - 10);
    // Still evenly spread over the silence: the axis stays linear.
    const steps = fillers.slice(1).map((t, i) => t - fillers[i]!);
    expect(Math.max(...steps) - Math.min(...steps)).toBeLessThanOrEqual(1);
  });

  it('merges the whitespace into a column as empty values', () => {
    expect(withWhitespace([0, 60, 300], [1, 2, 3], [120, 180, 240])).toEqual({
      t: [0, 60, 120, 180, 240, 300],
      v: [1, 2, null, null, null, 3],
    });
  });

  it('does not append a sample past the end of a followed calendar period', () => {
    const appends = liveAppends(
      { co2: { t: [100], v: [600] } },
      [sample(160, { co2: 610 }), sample(3700, { co2: 700 })],
      ['co2'],
      3600,
    );
    expect(appends.co2).toEqual([{ t: 160, v: 610 }]);
  });
});
