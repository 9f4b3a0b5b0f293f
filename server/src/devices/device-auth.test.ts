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

describe('DeviceAuthenticator cache', () => {
  it('looks an unknown serial up again after negativeTtlMs, a known one only after ttlMs', async () => {
    const { sensor, secret } = await provisionSensor(t.db, {
      serialNumber: 'CACHE-KNOWN',
      userId: null,
    });
    const { pool, statements } = countingPool(t.db.$client);
    const auth = new DeviceAuthenticator(pool, { ttlMs: 60_000, negativeTtlMs: 300 });
    await Promise.all([auth.verify(sensor.serialNumber, secret), auth.verify('CACHE-NONE', 'x')]);
    expect(await auth.verify('CACHE-NONE', 'x')).toBeNull();
    expect(statements()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await auth.verify(sensor.serialNumber, secret)).toMatchObject({ id: sensor.id });
    expect(statements()).toBe(1);
    expect(await auth.verify('CACHE-NONE', 'x')).toBeNull();
    expect(statements()).toBe(2);
  });

  it('keeps at most maxEntries serials, dropping the least recently used', async () => {
    const devices = [];
    for (const n of [1, 2, 3])
      devices.push(await provisionSensor(t.db, { serialNumber: `CACHE-MAX-${n}`, userId: null }));
    const { pool, statements } = countingPool(t.db.$client);
    const auth = new DeviceAuthenticator(pool, { maxEntries: 2 });
    const [a, b, c] = devices.map((d) => () => auth.verify(d.sensor.serialNumber, d.secret));
    await a!();
    await b!();
    await a!(); // a is now the more recent of the two
    await c!(); // evicts b
    expect(statements()).toBe(3);
    expect(await a!()).toMatchObject({ kind: 'sensor' });
    expect(statements()).toBe(3);
    expect(await b!()).toMatchObject({ kind: 'sensor' });
    expect(statements()).toBe(4);
  });

  it('caches nothing with a TTL of 0', async () => {
    const { sensor, secret } = await provisionSensor(t.db, {
      serialNumber: 'CACHE-0',
      userId: null,
    });
    const { pool, statements } = countingPool(t.db.$client);
    const auth = new DeviceAuthenticator(pool, { ttlMs: 0 });
    await auth.verify(sensor.serialNumber, secret);
    await auth.verify(sensor.serialNumber, secret);
    expect(statements()).toBe(2);
  });
});
