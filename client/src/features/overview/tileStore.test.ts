import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SensorOverviewTile } from '@aircloud/shared/sensor-overview';
import { withSample } from './liveTiles.ts';
import { TileStore } from './tileStore.ts';

function tile(ulid: string, co2: number): SensorOverviewTile {
  return {
    '@id': `/api/sensors/${ulid}`,
    '@type': 'SensorOverviewTile',
    ulid,
    name: ulid,
    short_name: '',
    wifi_state: 'connected',
    last_seen_at: null,
    last_sample: { ts: '2026-11-27T09:00:00Z', co2 },
    purifiers: [],
    sparkline: { from: '2026-11-27T08:05:00.000Z', step_s: 300, values: {} },
  };
}

afterEach(() => vi.useRealTimers());

describe('TileStore', () => {
  it('wakes one tile per sample, and the page once for the level changes of a second', () => {
    vi.useFakeTimers();
    const store = new TileStore(1000);
    store.reset([tile('a', 600), tile('b', 600)]);
    const a = vi.fn();
    const b = vi.fn();
    const order = vi.fn();
    store.subscribeTile('a', a);
    store.subscribeTile('b', b);
    store.subscribeOrder(order);
    const version = store.orderVersion();

    store.update('a', (live) => withSample(live, { ts: '2026-11-27T09:01:00Z', co2: 650 }));
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    expect(order).not.toHaveBeenCalled(); // same level: same place

    store.update('a', (live) => withSample(live, { ts: '2026-11-27T09:02:00Z', co2: 1600 }));
    store.update('b', (live) => withSample(live, { ts: '2026-11-27T09:02:00Z', co2: 1100 }));
    expect(order).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(order).toHaveBeenCalledTimes(1);
    expect(store.orderVersion()).toBe(version + 1);
  });
});
