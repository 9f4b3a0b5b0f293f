import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceEvents, productKeys, purifiers, sensors } from '@aircloud/core/db/schema';
import { provisionSensor } from '@aircloud/core/sensors/provisioning';
import { fullMaintenanceLevels } from '@aircloud/shared/purifiers';
import { createTestDatabase, memoryLogger } from '../../test/harness.ts';
import { createDeviceWatchTask } from './DeviceWatchTask.ts';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

function fakeClock(iso: string) {
  let now = new Date(iso).getTime();
  return { now: () => new Date(now), tick: (ms: number) => void (now += ms) };
}

describe('DeviceWatch task', () => {
  it('marks a device disconnected after three silent reporting intervals, once, and logs it', async () => {
    const seen = new Date('2026-11-20T10:00:00Z');
    const keyId = randomUUID();
    const purifierId = randomUUID();
    await database.db.insert(productKeys).values({
      id: keyId,
      key: 'WATCHKEY23456789',
      serialNumber: 'HEPA_COCOON-900001',
      model: 'HEPA_COCOON',
      state: 'activated',
    });
    await database.db.insert(purifiers).values({
      id: purifierId,
      productKeyId: keyId,
      serialNumber: 'HEPA_COCOON-900001',
      model: 'HEPA_COCOON',
      name: 'Watch',
      desired: {
        mode: 'auto',
        trh: 5,
        silent_trh: 5,
        schedule: null,
        version: 1,
        updated_at: seen.toISOString(),
        source: 'user',
      },
      maintenanceLevels: fullMaintenanceLevels(),
      lastSeenAt: seen,
      reportingIntervalS: 60,
      wifiState: 'connected',
    });
    const { sensor } = await provisionSensor(database.db, {
      serialNumber: 'WATCH-S1',
      userId: null,
      reportingIntervalS: 10,
    });
    await database.db
      .update(sensors)
      .set({ lastSeenAt: seen, wifiState: 'connected' })
      .where(eq(sensors.id, sensor.id));

    const clock = fakeClock('2026-11-20T10:00:31Z');
    const watch = createDeviceWatchTask({ db: database.db, logger: memoryLogger().logger, clock });
    expect(await watch()).toEqual({ purifiers: 0, sensors: 1, notifications: 0 }); // 31 s > 3 × 10 s
    clock.tick(120_000); // 10:02:31: 151 s <= 180 s, the purifier is still connected
    expect(await watch()).toEqual({ purifiers: 0, sensors: 0, notifications: 0 });
    clock.tick(30_000); // 10:03:01
    expect(await watch()).toEqual({ purifiers: 1, sensors: 0, notifications: 0 });
    expect(await watch()).toEqual({ purifiers: 0, sensors: 0, notifications: 0 });

    const events = await database.db
      .select()
      .from(deviceEvents)
      .orderBy(sql`${deviceEvents.at}`);
    expect(events.map((e) => [e.deviceId, e.type, e.from, e.to, e.at.toISOString()])).toEqual([
      [sensor.id, 'wifi', 'connected', 'disconnected', '2026-11-20T10:00:31.000Z'],
      [purifierId, 'wifi', 'connected', 'disconnected', '2026-11-20T10:03:01.000Z'],
    ]);
  });
});

describe('DeviceWatch task in a fleet-wide outage', () => {
  it('disconnects and logs 12,000 silent sensors at once, and folds the fleet counts', async () => {
    const seen = new Date('2026-11-21T10:00:00Z');
    await database.db.execute(sql`
      INSERT INTO sensors (id, serial_number, name, device_secret_hash, last_seen_at,
                           reporting_interval_s, wifi_state)
      SELECT 'OUTAGE' || lpad(n::text, 20, '0'), 'OUTAGE-' || n, 'Outage ' || n, 'x',
             ${seen.toISOString()}::timestamptz, 60, 'connected'
        FROM generate_series(1, 12000) n`);
    const clock = fakeClock('2026-11-21T10:10:00Z');
    const watch = createDeviceWatchTask({ db: database.db, logger: memoryLogger().logger, clock });
    const result = await watch();
    expect(result.sensors).toBe(12_000);
    const { rows } = await database.db.execute<{ n: string }>(sql`
      SELECT count(*) AS n FROM device_events WHERE device_id LIKE 'OUTAGE%' AND "to" = 'disconnected'`);
    expect(Number(rows[0]!.n)).toBe(12_000);
    // The counts' changes were folded by the same run.
    const { rows: pending } = await database.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM fleet_count_deltas`,
    );
    expect(Number(pending[0]!.n)).toBe(0);
  });
});
