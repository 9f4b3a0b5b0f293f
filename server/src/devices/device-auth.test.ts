import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { activate, claimDevice, exportedKey, signIn } from '../../test/support/purifiers.ts';
import { provisionSensor } from '@aircloud/core/sensors/provisioning';
import { forgetDeviceEverywhere } from '@aircloud/core/devices/credentials';
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

describe('DeviceAuthenticator after a change', () => {
  /** A sensor, an authenticator counting its statements, and a way to ask for the sensor. */
  async function cachedSensor(serialNumber: string) {
    const { sensor, secret } = await provisionSensor(t.db, { serialNumber, userId: null });
    const { pool, statements } = countingPool(t.db.$client);
    const auth = new DeviceAuthenticator(pool);
    const verify = () => auth.verify(sensor.serialNumber, secret);
    expect(await verify()).toMatchObject({ id: sensor.id });
    return { sensor, auth, verify, statements };
  }

  it('forgets in this process before the change answers, not only when Redis tells it', async () => {
    const { sensor, auth, verify, statements } = await cachedSensor('AFTER-LOCAL');
    const subscriber = t.redis.duplicate();
    const stop = await auth.listen(subscriber, 'aircloud-test:no-such-channel');
    try {
      // A Redis that delivers nothing: only the local forget can reach the cache.
      const silent = { publish: async () => 0 } as unknown as typeof t.redis;
      await forgetDeviceEverywhere(silent, 'aircloud-test', sensor.serialNumber);
      await verify();
      expect(statements()).toBe(2);
    } finally {
      await stop();
    }
    // Once it stopped listening, this cache is no longer told.
    await forgetDeviceEverywhere(
      { publish: async () => 0 } as unknown as typeof t.redis,
      'aircloud-test',
      sensor.serialNumber,
    );
    await verify();
    expect(statements()).toBe(2);
  });

  it('does not keep what a lookup read before a change committed', async () => {
    const { sensor, secret } = await provisionSensor(t.db, {
      serialNumber: 'AFTER-RACE',
      userId: null,
    });
    let statements = 0;
    const pool = {
      query: async (...args: unknown[]) => {
        statements += 1;
        const result = await (t.db.$client.query as (...a: unknown[]) => Promise<unknown>)(...args);
        // The change commits (and is forgotten) while the first lookup's answer is on its way.
        if (statements === 1) auth.forget(sensor.serialNumber);
        return result;
      },
    } as unknown as pg.Pool;
    const auth = new DeviceAuthenticator(pool);
    expect(await auth.verify(sensor.serialNumber, secret)).toMatchObject({ id: sensor.id });
    expect(await auth.verify(sensor.serialNumber, secret)).toMatchObject({ id: sensor.id });
    expect(statements).toBe(2);
    expect(await auth.verify(sensor.serialNumber, secret)).toMatchObject({ id: sensor.id });
    expect(statements).toBe(2);
  });

  it('serves nothing cached while its Redis subscriber is down, and caches again after', async () => {
    const { auth, verify, statements } = await cachedSensor('AFTER-REDIS');
    const subscriber = t.redis.duplicate();
    const stop = await auth.listen(subscriber, 'aircloud-test:device-auth-down');
    /** Waits until two verifications in a row cost one statement: the cache serves again. */
    const untilCached = async () => {
      for (let i = 0; i < 100; i++) {
        const before = statements();
        await verify();
        await verify();
        if (statements() === before + 1) return true;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return false;
    };
    try {
      expect(await untilCached()).toBe(true);
      const closed = new Promise((resolve) => subscriber.once('close', resolve));
      subscriber.disconnect(true); // drops the connection; ioredis reconnects and subscribes
      await closed;
      // Down: every verification reads the database.
      const before = statements();
      await verify();
      await verify();
      expect(statements()).toBe(before + 2);
      expect(await untilCached()).toBe(true);
      expect(subscriber.status).toBe('ready');
    } finally {
      await stop();
    }
  });
});
