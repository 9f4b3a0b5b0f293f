import { describe, expect, it } from 'vitest';
import type { SensorOverviewTile } from '@aircloud/shared/sensor-overview';
import { liveTileOf, tileLevel, withSample } from './liveTiles.ts';

const FROM = '2026-11-27T09:00:00.000Z';

function tile(overrides: Partial<SensorOverviewTile> = {}): SensorOverviewTile {
  return {
    '@id': '/api/sensors/01JAAAAAAAAAAAAAAAAAAAAAAA',
    '@type': 'SensorOverviewTile',
    ulid: '01JAAAAAAAAAAAAAAAAAAAAAAA',
    name: 'Office',
    short_name: '',
    wifi_state: 'connected',
    last_seen_at: '2026-11-27T09:57:00Z',
    last_sample: { ts: '2026-11-27T09:57:00Z', co2: 700, pm25: 5 },
    purifiers: [],
    sparkline: {
      from: FROM,
      step_s: 300,
      values: { co2: [...Array<number | null>(10).fill(650), null, 700] },
    },
    ...overrides,
  };
}

describe('live overview tiles', () => {
  it('takes its level from the worst levelled reading, none without one', () => {
    expect(tileLevel(liveTileOf(tile()))).toBe('good');
    expect(tileLevel(liveTileOf(tile({ last_sample: null })))).toBe('none');
    expect(tileLevel(liveTileOf(tile({ last_sample: { ts: FROM, temperature: 20 } })))).toBe(
      'none',
    );
  });

  it('folds a sample of the current bucket into its average and changes level with it', () => {
    const live = withSample(liveTileOf(tile()), { ts: '2026-11-27T09:58:00Z', co2: 1300 });
    expect(live.tile.sparkline.values.co2![11]).toBe(1000);
    expect(live.worst).toEqual({ measure: 'co2', value: 1300, level: 'poor' });
    // A measure the server had no line for starts one.
    expect(live.tile.sparkline.values.co2).toHaveLength(12);
    expect(
      withSample(live, { ts: '2026-11-27T09:59:00Z', pm10: 80 }).tile.sparkline.values.pm10![11],
    ).toBe(80);
  });

  it('fills an empty bucket with the sample alone', () => {
    const live = withSample(liveTileOf(tile({ last_sample: null })), {
      ts: '2026-11-27T09:52:00Z',
      co2: 900,
    });
    expect(live.tile.sparkline.values.co2![10]).toBe(900);
  });

  it('slides the hour on when a sample falls past the last bucket', () => {
    const live = withSample(liveTileOf(tile()), { ts: '2026-11-27T10:06:00Z', co2: 820 });
    expect(live.tile.sparkline.from).toBe('2026-11-27T09:10:00.000Z');
    const co2 = live.tile.sparkline.values.co2!;
    expect(co2).toHaveLength(12);
    expect(co2.slice(-3)).toEqual([700, null, 820]);
  });

  it('ignores a sample older than the last one', () => {
    const live = liveTileOf(tile());
    expect(withSample(live, { ts: '2026-11-27T09:50:00Z', co2: 2000 })).toBe(live);
  });
});
