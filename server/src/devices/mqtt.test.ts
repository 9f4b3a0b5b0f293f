import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Purifier } from '@aircloud/shared/purifiers';
import { reconcileDeviceAccounts } from '@aircloud/core/mqtt/device-accounts';
import { DeviceBroker } from '@aircloud/core/mqtt/device-broker';
import { deviceRole } from '@aircloud/core/mqtt/dynamic-security';
import { startMosquitto, type LocalBroker } from '@aircloud/core/mqtt/local-broker';
import { deviceTopics } from '@aircloud/core/mqtt/topics';
import { provisionSensor } from '@aircloud/core/sensors/provisioning';
import { startTestApp, type TestApp } from '../../test/app.ts';
import {
  activate,
  claimDevice,
  exportedKey,
  signIn,
  type Session,
} from '../../test/support/purifiers.ts';

// A real Mosquitto of this test's own (port 18830–18899, config in a temp dir): the devices
// below are MQTT.js clients that know only their serial and secret, as firmware would.
let dir: string;
let broker: LocalBroker;
let t: TestApp;
let owner: Session;
let tech: Session;
const clients: MqttClient[] = [];
let serial = 0;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'aircloud-mqtt-test-'));
  broker = await startMosquitto({ dir, portRange: [18830, 18899] });
  t = await startTestApp({ MQTT_URL: broker.url, MQTT_PUBLIC_URL: broker.publicUrl });
  await t.devices.ready;
  owner = await signIn(t);
  tech = await signIn(t, 'ROLE_TECHNICIAN');
}, 30_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await t?.stop();
  await broker?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A device connecting with its serial and secret (MQTT 5: refusals come back as reason codes). */
async function device(username: string, password: string): Promise<MqttClient> {
  const client = await mqtt.connectAsync(broker.publicUrl, {
    username,
    password,
    protocolVersion: 5,
    reconnectPeriod: 0,
    connectTimeout: 3_000,
  });
  clients.push(client);
  return client;
}

/** The next message on `topic` (parsed), with its retain flag. */
function nextMessage(client: MqttClient, topic: string, timeoutMs = 5_000) {
  return new Promise<{ body: Record<string, unknown>; retain: boolean }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`nothing on ${topic}`)), timeoutMs);
    const listener = (received: string, payload: Buffer, packet: { retain: boolean }) => {
      if (received !== topic || payload.length === 0) return;
      clearTimeout(timer);
      client.off('message', listener);
      resolve({
        body: JSON.parse(payload.toString()) as Record<string, unknown>,
        retain: packet.retain,
      });
    };
    client.on('message', listener);
  });
}

/** `attempt` until it succeeds (at most 20 times, 100 ms apart). */
async function retry<T>(attempt: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i += 1) {
    try {
      return await attempt();
    } catch (err) {
      if (i >= 20) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const closed = (client: MqttClient) =>
  new Promise<void>((resolve) => {
    if (!client.connected) return resolve();
    client.once('close', () => resolve());
  });

async function newSensor() {
  serial += 1;
  return provisionSensor(t.db, {
    serialNumber: `MQTT-SENSOR-${Date.now()}-${serial}`,
    userId: owner.user.id,
  });
}

async function newPurifier() {
  const key = await exportedKey(t, tech);
  const purifier = await activate(t, owner, key.key);
  const secret = await claimDevice(t, key.serialNumber, key.key);
  return { id: purifier.ulid, serial: key.serialNumber, secret, keyId: key.id };
}

async function storedSamples(sensorId: string): Promise<number> {
  const { rows } = await t.db.$client.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM sensor_measures WHERE sensor_id = $1',
    [sensorId],
  );
  return rows[0]!.n;
}

const sample = (co2: number, ts = new Date()) => ({ ts: ts.toISOString(), measures: { co2 } });

describe('MQTT telemetry', () => {
  it('stores a sensor sample published with its credentials, acknowledged once committed', async () => {
    const { sensor, secret } = await newSensor();
    const client = await device(sensor.serialNumber, secret);
    const topics = deviceTopics(sensor.serialNumber);
    await client.subscribeAsync(topics.acks, { qos: 1 });
    // The device's PUBACK is the broker's; the server acknowledges its copy once committed,
    // and tells the device which samples are stored on its acks topic.
    const first = sample(640, new Date(Date.now() - 5000));
    const ack = nextMessage(client, topics.acks);
    await client.publishAsync(topics.telemetry, JSON.stringify(first), { qos: 1 });
    expect((await ack).body).toEqual({ ts: [first.ts] });
    expect(await storedSamples(sensor.id)).toBe(1);
    // Republished (its acknowledgement lost): acknowledged again, stored once.
    const again = nextMessage(client, topics.acks);
    await client.publishAsync(topics.telemetry, JSON.stringify(first), { qos: 1 });
    expect((await again).body).toEqual({ ts: [first.ts] });
    expect(await storedSamples(sensor.id)).toBe(1);
    const batch = { samples: [sample(650, new Date(Date.now() - 2000)), sample(660)] };
    await client.publishAsync(topics.telemetry, JSON.stringify(batch), { qos: 1 });
    await expect.poll(() => storedSamples(sensor.id)).toBe(3);
    const res = await request(t.url).get(`/api/sensors/${sensor.id}`).set('Cookie', owner.cookie);
    expect(res.body.wifi_state).toBe('connected');
  });

  it('publishes a refusal with its catalogue key on the device errors topic', async () => {
    const { sensor, secret } = await newSensor();
    const client = await device(sensor.serialNumber, secret);
    const topics = deviceTopics(sensor.serialNumber);
    await client.subscribeAsync(topics.errors, { qos: 1 });
    const refusal = nextMessage(client, topics.errors);
    const invalid = sample(99_999);
    const payload = JSON.stringify(invalid);
    await client.publishAsync(topics.telemetry, payload, { qos: 1 });
    // The refusal names the message (its payload's SHA-256, its samples' ts): the device drops
    // that one among those it keeps unacknowledged.
    expect((await refusal).body).toMatchObject({
      'hydra:description': 'validation_failed',
      status: 422,
      violations: [{ propertyPath: 'measures.co2', code: 'max_value' }],
      message: {
        topic: topics.telemetry,
        sha256: createHash('sha256').update(payload).digest('hex'),
        ts: [invalid.ts],
      },
    });
    const broken = nextMessage(client, topics.errors);
    await client.publishAsync(topics.telemetry, '{not json', { qos: 1 });
    expect((await broken).body).toMatchObject({
      'hydra:description': 'invalid_json',
      message: { sha256: createHash('sha256').update('{not json').digest('hex') },
    });
    expect((await broken).body.message).not.toHaveProperty('ts');
    expect(await storedSamples(sensor.id)).toBe(0);
  });

  it('refuses a wrong secret, publishing as another device and reading its topics', async () => {
    const a = await newSensor();
    const b = await newPurifier();
    await expect(device(a.sensor.serialNumber, 'not-the-secret')).rejects.toThrow();
    const client = await device(a.sensor.serialNumber, a.secret);
    const other = deviceTopics(b.serial);
    await expect(
      client.publishAsync(other.telemetry, JSON.stringify({ ts: new Date().toISOString() }), {
        qos: 1,
      }),
    ).rejects.toThrow(/not authori[sz]ed/i);
    await expect(
      client.subscribeAsync([other.desired, other.errors, other.acks], { qos: 1 }),
    ).rejects.toMatchObject({ packet: { granted: [135, 135, 135] } }); // 0x87 not authorized
    const own = await client.subscribeAsync(deviceTopics(a.sensor.serialNumber).desired, {
      qos: 1,
    });
    expect(own[0]!.qos).toBe(1);
    // Its own telemetry, published after, is stored: the refused one would have come first.
    const mine = deviceTopics(a.sensor.serialNumber).telemetry;
    await client.publishAsync(mine, JSON.stringify(sample(700)), { qos: 1 });
    await expect.poll(() => storedSamples(a.sensor.id)).toBe(1);
    const res = await request(t.url).get(`/api/purifiers/${b.id}`).set('Cookie', owner.cookie);
    expect((res.body as Purifier).reported_mode).toBeFalsy();
  });
});

describe('MQTT commands', () => {
  it('keeps a mode change retained on the desired topic; the report acknowledges it', async () => {
    const purifier = await newPurifier();
    const client = await device(purifier.serial, purifier.secret);
    const topics = deviceTopics(purifier.serial);
    const patched = await request(t.url)
      .patch(`/api/purifiers/${purifier.id}`)
      .set('Cookie', owner.cookie)
      .set('Content-Type', 'application/merge-patch+json')
      .send({ mode: 'boost' });
    expect(patched.status).toBe(200);
    expect((patched.body as Purifier).pending).toBe(true);
    // Subscribing after the change: the retained state comes at once.
    const retained = nextMessage(client, topics.desired);
    await client.subscribeAsync(topics.desired, { qos: 1 });
    const { body: desired, retain } = await retained;
    expect(retain).toBe(true);
    expect(desired).toMatchObject({ mode: 'boost', source: 'user' });
    const report = {
      ts: new Date().toISOString(),
      mode: 'boost',
      desired_version_ack: desired.version,
    };
    await client.publishAsync(topics.telemetry, JSON.stringify(report), { qos: 1 });
    const read = async () =>
      (await request(t.url).get(`/api/purifiers/${purifier.id}`).set('Cookie', owner.cookie))
        .body as Purifier;
    await expect.poll(read).toMatchObject({
      reported_mode: 'boost',
      pending: false,
      wifi_state: 'connected',
    });
  });
});

describe('where devices connect', () => {
  it('names the broker in the sensor provisioning answer, the secret exchange and the purifier', async () => {
    const provisioned = await request(t.url)
      .post('/api/sensors')
      .set('Cookie', tech.cookie)
      .send({ serial_number: `MQTT-PROV-${Date.now()}`, owner_email: owner.user.email });
    expect(provisioned.status).toBe(201);
    expect(provisioned.body.mqtt_url).toBe(broker.publicUrl);
    // The sensor can use it at once with the secret it was given.
    const sensor = await device(provisioned.body.serial_number, provisioned.body.device_secret);
    expect(sensor.connected).toBe(true);
    const key = await exportedKey(t, tech);
    const purifier = await activate(t, owner, key.key);
    const exchange = await request(t.url)
      .post('/device/v1/credentials')
      .set(
        'Authorization',
        `Basic ${Buffer.from(`${key.serialNumber}:${key.key}`).toString('base64')}`,
      );
    expect(exchange.status).toBe(201);
    expect(exchange.body).toEqual({
      device_secret: expect.any(String),
      mqtt_url: broker.publicUrl,
    });
    const read = await request(t.url)
      .get(`/api/purifiers/${purifier.ulid}`)
      .set('Cookie', owner.cookie);
    expect(read.body.mqtt_url).toBe(broker.publicUrl);
  });
});

describe('MQTT credentials', () => {
  it('gives an account made before the acks topic its ACLs at reconciliation', async () => {
    const { sensor, secret } = await newSensor();
    const topics = deviceTopics(sensor.serialNumber);
    const admin = DeviceBroker.open({ url: broker.url, kind: 'mosquitto' }, console);
    try {
      // The role as it was made before `acks` existed.
      await admin.dynsec!.expect(
        ['subscribePattern', 'publishClientReceive'].map((acltype) => ({
          command: 'removeRoleACL',
          rolename: deviceRole(sensor.serialNumber),
          acltype,
          topic: topics.acks,
        })),
      );
      const before = await device(sensor.serialNumber, secret);
      await expect(before.subscribeAsync(topics.acks, { qos: 1 })).rejects.toMatchObject({
        packet: { granted: [135] },
      });
      await reconcileDeviceAccounts(t.db, admin.dynsec!, [sensor.serialNumber]);
      const after = await device(sensor.serialNumber, secret);
      expect((await after.subscribeAsync(topics.acks, { qos: 1 }))[0]!.qos).toBe(1);
    } finally {
      await admin.close();
    }
  });

  it('reconciles by reading the accounts first: only what differs is sent, in one message', async () => {
    const [a, b] = [await newSensor(), await newSensor()];
    const serials = [a.sensor.serialNumber, b.sensor.serialNumber];
    const admin = DeviceBroker.open({ url: broker.url, kind: 'mosquitto' }, console);
    try {
      const run = vi.spyOn(admin.dynsec!, 'run');
      const sent = () => run.mock.calls.map(([commands]) => commands.map((c) => c.command));
      // Both accounts as they should be: reads only (Mosquitto saves its file at each change).
      expect(await reconcileDeviceAccounts(t.db, admin.dynsec!, serials)).toMatchObject({
        changed: 0,
      });
      expect(sent()).toEqual([['getClient', 'getRole', 'getClient', 'getRole']]);
      // Disabled behind the product's back: enabled again, and nothing else is touched.
      await admin.dynsec!.expect([{ command: 'disableClient', username: serials[0] }]);
      await expect(device(serials[0]!, a.secret)).rejects.toThrow();
      run.mockClear();
      expect(await reconcileDeviceAccounts(t.db, admin.dynsec!, serials)).toMatchObject({
        changed: 1,
      });
      expect(sent()).toEqual([['getClient', 'getRole', 'getClient', 'getRole'], ['enableClient']]);
      expect(run.mock.calls[1]![0][0]).toMatchObject({ username: serials[0] });
      await device(serials[0]!, a.secret);
    } finally {
      await admin.close();
    }
  });

  it('disables the account of a purifier whose key is blocked, and only that one', async () => {
    const purifier = await newPurifier();
    const client = await device(purifier.serial, purifier.secret);
    const gone = closed(client);
    await t.db.$client.query(`UPDATE product_keys SET state = 'blocked' WHERE id = $1`, [
      purifier.keyId,
    ]);
    const admin = DeviceBroker.open({ url: broker.url, kind: 'mosquitto' }, console);
    try {
      expect(await reconcileDeviceAccounts(t.db, admin.dynsec!, [purifier.serial])).toMatchObject({
        disabled: 1,
        changed: 1,
      });
      await gone;
      await expect(device(purifier.serial, purifier.secret)).rejects.toThrow();
      // Already disabled: nothing more to send.
      expect(await reconcileDeviceAccounts(t.db, admin.dynsec!, [purifier.serial])).toMatchObject({
        disabled: 1,
        changed: 0,
      });
    } finally {
      await admin.close();
    }
  });

  it('disconnects and refuses a revoked credential (the sensor is removed)', async () => {
    const { sensor, secret } = await newSensor();
    const client = await device(sensor.serialNumber, secret);
    const gone = closed(client);
    const res = await request(t.url)
      .delete(`/api/sensors/${sensor.id}`)
      .set('Cookie', owner.cookie);
    expect(res.status).toBe(204);
    await gone;
    await expect(device(sensor.serialNumber, secret)).rejects.toThrow();
  });

  it('hands over a rotated secret; once acknowledged the old one is disconnected and refused', async () => {
    const purifier = await newPurifier();
    const client = await device(purifier.serial, purifier.secret);
    const topics = deviceTopics(purifier.serial);
    await client.subscribeAsync(topics.credentials, { qos: 1 });
    const handover = nextMessage(client, topics.credentials);
    // A change of owner rotates the device secret (the owner removes the purifier).
    const removed = await request(t.url)
      .delete(`/api/purifiers/${purifier.id}`)
      .set('Cookie', owner.cookie);
    expect(removed.status).toBe(204);
    const next = (await handover).body.device_secret as string;
    expect(next).toMatch(/^[\w-]{43}$/);
    // Until the device uses it, the old secret still works (as over HTTP).
    expect(client.connected).toBe(true);
    const gone = closed(client);
    await client.publishAsync(topics.credentialsAck, JSON.stringify({ device_secret: next }), {
      qos: 1,
    });
    await gone;
    await expect(device(purifier.serial, purifier.secret)).rejects.toThrow();
    // The device reconnects with its new secret (retrying, as firmware does, while it is set).
    const renewed = await retry(() => device(purifier.serial, next));
    await renewed.publishAsync(
      topics.telemetry,
      JSON.stringify({ ts: new Date().toISOString(), mode: 'auto' }),
      { qos: 1 },
    );
    const http = await request(t.url)
      .post('/device/v1/telemetry')
      .set('Authorization', `Basic ${Buffer.from(`${purifier.serial}:${next}`).toString('base64')}`)
      .send({ ts: new Date().toISOString() });
    expect(http.status).toBe(200);
  });
});

// Last: it restarts the broker under the other tests' feet.
describe('a broker restart', () => {
  it('finds the servers subscribed again (Mosquitto 2.0 restores no shared subscription)', async () => {
    const { sensor, secret } = await newSensor();
    await broker.stop();
    broker = await startMosquitto({ dir, port: broker.port });
    // The server's sessions come back present but without their shared subscription: only a
    // subscription made again at each connection gets the telemetry to a server.
    const client = await retry(() => device(sensor.serialNumber, secret));
    const topics = deviceTopics(sensor.serialNumber);
    await client.subscribeAsync(topics.acks, { qos: 1 });
    const acked = new Promise<void>((resolve) => client.once('message', () => resolve()));
    // What is published before the servers are back is lost to them (the broker accepted it):
    // the device publishes again until acknowledged, as the contract says.
    const timer = setInterval(
      () => void client.publishAsync(topics.telemetry, JSON.stringify(sample(720)), { qos: 1 }),
      500,
    );
    try {
      await acked;
    } finally {
      clearInterval(timer);
    }
    await expect.poll(() => storedSamples(sensor.id)).toBeGreaterThan(0);
  }, 20_000);
});
