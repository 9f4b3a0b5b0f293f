import { describe, expect, it } from 'vitest';
import type { SensorSample } from '@aircloud/shared/sensors';
import {
  dropBefore,
  isEmptyGraph,
  liveAppends,
  withAppends,
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
