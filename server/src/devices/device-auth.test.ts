import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { activate, claimDevice, exportedKey, signIn } from '../../test/support/purifiers.ts';
import { provisionSensor } from '@aircloud/core/sensors/provisioning';
import { DeviceAuthenticator } from './device-auth.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.stop();
});

/** The pool, counting the statements sent through it. */
function countingPool(pool: pg.Pool): { pool: pg.Pool; statements: () => number } {
  let statements = 0;
  const counted = {
    query: (...args: Parameters<pg.Pool['query']>) => {
      statements += 1;
      return (pool.query as (...a: unknown[]) => unknown)(...args);
    },
  } as unknown as pg.Pool;
  return { pool: counted, statements: () => statements };
}

describe('DeviceAuthenticator', () => {
  it('looks up a fleet of cache misses together, each device with its own identity', async () => {
    const sensors = [];
    for (let i = 0; i < 40; i += 1)
      sensors.push(await provisionSensor(t.db, { serialNumber: `FLEET-${i}`, userId: null }));
    const owner = await signIn(t);
    const tech = await signIn(t, 'ROLE_TECHNICIAN');
    const key = (await exportedKey(t, tech)).key;
    const purifier = await activate(t, owner, key);
    const { rows } = await t.db.$client.query<{ serial_number: string }>(
      'SELECT serial_number FROM purifiers WHERE id = $1',
      [purifier.ulid],
    );
    const purifierSerial = rows[0]!.serial_number;
    const deviceSecret = await claimDevice(t, purifierSerial, key);

    const { pool, statements } = countingPool(t.db.$client);
    const auth = new DeviceAuthenticator(pool);
    const results = await Promise.all([
      ...sensors.map((s) => auth.verify(s.sensor.serialNumber, s.secret)),
      auth.verify(purifierSerial, deviceSecret),
      auth.verify('FLEET-0', 'not-the-secret'),
      auth.verify('NO-SUCH-SERIAL', 'whatever'),
      // The product key claims the purifier; it never speaks as the device.
      auth.verify(purifierSerial, key),
    ]);

    expect(results.slice(0, 40).map((r) => r?.id)).toEqual(sensors.map((s) => s.sensor.id));
    expect(results[40]).toMatchObject({ kind: 'purifier', id: purifier.ulid });
    expect(results[41]).toBeNull();
    expect(results[42]).toBeNull();
    expect(results[43]).toBeNull();
    // 42 distinct serials missed the cache at once: one statement, not one each.
    expect(statements()).toBe(1);
    // Cached now: no further statement.
    expect(await auth.verify('FLEET-1', sensors[1]!.secret)).toMatchObject({ kind: 'sensor' });
    expect(statements()).toBe(1);
  });
});
