import { eq, sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DeviceClientToServerEvents,
  DeviceServerToClientEvents,
  TelemetryReply,
} from '@aircloud/shared/devices';
import type {
  ClientToServerEvents,
  PurifierLive,
  SensorSamplesEvent,
  ServerToClientEvents,
  SubscribeAck,
} from '@aircloud/shared/realtime';
import type { Purifier } from '@aircloud/shared/purifiers';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { provisionSensor } from '@aircloud/core/sensors/provisioning';
import {
  activate,
  claimDevice,
  exportedKey,
  signIn,
  type Session,
} from '../../test/support/purifiers.ts';
import { flushSamples } from '@aircloud/core/telemetry/sample-store';
import { purifiers } from '@aircloud/core/db/schema';
import { closeRealtimeEmitter, createRealtimeEmitter } from '@aircloud/core/realtime/emitter';
import { pushPurifier } from '@aircloud/core/purifiers/push';

type BrowserSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type DeviceSocket = Socket<DeviceServerToClientEvents, DeviceClientToServerEvents>;

const METRICS_TOKEN = 'devices-test-metrics-token';
let t: TestApp;
let owner: Session;
let other: Session;
let tech: Session;
const sockets: Socket[] = [];
let serial = 0;

beforeAll(async () => {
  t = await startTestApp({ METRICS_TOKEN });
  await t.devices.ready;
  owner = await signIn(t);
  other = await signIn(t);
  tech = await signIn(t, 'ROLE_TECHNICIAN');
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await t?.stop();
});

const basic = (user: string, secret: string) =>
  `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;

async function newSensor(userId: string | null = owner.user.id) {
  serial += 1;
  return provisionSensor(t.db, { serialNumber: `SENSOR-T${Date.now()}-${serial}`, userId });
}

async function newPurifier(session: Session = owner) {
  const key = await exportedKey(t, tech);
  const purifier = await activate(t, session, key.key);
  const secret = await claimDevice(t, key.serialNumber, key.key);
  return { id: purifier.ulid, serial: key.serialNumber, secret, key: key.key };
}

function post(auth: string | null, body: unknown) {
  const req = request(t.url).post('/device/v1/telemetry');
  if (auth) req.set('Authorization', auth);
  return req.send(body as object);
}

function browser(url: string, cookie: string): Promise<BrowserSocket> {
  const socket: BrowserSocket = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { Cookie: cookie },
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

type Command = { desired: { mode: string; version: number } };

/** A device socket; commands are kept from the first packet on (none can be missed). */
function device(
  serialNumber: string,
  secret: string,
): Promise<DeviceSocket & { nextCommand(): Promise<Command> }> {
  const socket: DeviceSocket = connect(`${t.url}/device`, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { serial: serialNumber, secret },
  });
  sockets.push(socket);
  const received: Command[] = [];
  const waiting: ((c: Command) => void)[] = [];
  socket.on('command', (c) => {
    const next = waiting.shift();
    if (next) next(c);
    else received.push(c);
  });
  const nextCommand = () =>
    new Promise<Command>((resolve) => {
      const c = received.shift();
      if (c) resolve(c);
      else waiting.push(resolve);
    });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(Object.assign(socket, { nextCommand })));
    socket.once('connect_error', reject);
  });
}

const sample = (ts: Date, co2 = 650) => ({
  ts: ts.toISOString(),
  measures: { co2, pm25: 8.5, temperature: 21.5, humidity: 44, pc05: 2000, pc5: 3 },
});

/** A value of this process's GET /metrics (Prometheus text), 0 when the series is absent. */
async function metric(series: string): Promise<number> {
  const res = await request(t.url).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
  expect(res.status).toBe(200);
  const line = res.text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

async function storedCount(sensorId: string): Promise<number> {
  const r = await t.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM sensor_measures WHERE sensor_id = ${sensorId}`,
  );
  return r.rows[0]!.n;
}

describe('POST /device/v1/telemetry authentication', () => {
  it('answers 401 device_unauthorized to a wrong secret, an unknown serial or no header, and counts them', async () => {
    const { sensor } = await newSensor();
    const unauthorized =
      'aircloud_telemetry_rejected_total{reason="unauthorized",service="server"}';
    const before = await metric(unauthorized);
    const wrong = await post(basic(sensor.serialNumber, 'not-the-secret'), sample(new Date()));
    const unknown = await post(basic('NO-SUCH-SERIAL', 'whatever'), sample(new Date()));
    const missing = await post(null, sample(new Date()));
    for (const res of [wrong, unknown, missing]) {
      expect(res.status).toBe(401);
      expect(res.body['hydra:description']).toBe('device_unauthorized');
    }
    // Unknown serial and wrong secret answer exactly the same thing.
    expect(unknown.body).toEqual(wrong.body);
    expect((await metric(unauthorized)) - before).toBe(3);
    expect(await storedCount(sensor.id)).toBe(0);
  });

  it('accepts X-Device-Serial and X-Device-Secret headers', async () => {
    const { sensor, secret } = await newSensor();
    const res = await request(t.url)
      .post('/device/v1/telemetry')
      .set('X-Device-Serial', sensor.serialNumber)
      .set('X-Device-Secret', secret)
      .send(sample(new Date()));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accepted: 1, duplicates: 0 });
  });
});

describe('POST /device/v1/telemetry bodies the JSON parser refuses', () => {
  it('answers 415 to an unsupported charset and 400 to a broken gzip body, never 503', async () => {
    const { sensor, secret } = await newSensor();
    const raw = (headers: Record<string, string>) =>
      request(t.url)
        .post('/device/v1/telemetry')
        .set('Authorization', basic(sensor.serialNumber, secret))
        .set(headers)
        .send(JSON.stringify(sample(new Date())));
    const latin1 = await raw({ 'Content-Type': 'application/json; charset=iso-8859-1' });
    expect(latin1.status).toBe(415);
    expect(latin1.body['hydra:description']).toBe('unsupported_media_type');
    const gzip = await raw({ 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
    expect(gzip.status).toBe(400);
    expect(gzip.body['hydra:description']).toBe('invalid_json');
    expect(await storedCount(sensor.id)).toBe(0);
  });
});

describe('POST /device/v1/telemetry (sensor samples)', () => {
  it('stores a batch once: the same batch again only counts duplicates', async () => {
    const { sensor, secret } = await newSensor();
    const now = Date.now();
    const batch = {
      samples: [0, 1, 2].map((i) => sample(new Date(now - (3 - i) * 1000), 600 + i)),
    };
    const first = await post(basic(sensor.serialNumber, secret), batch);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ accepted: 3, duplicates: 0 });
    const again = await post(basic(sensor.serialNumber, secret), batch);
    expect(again.body).toEqual({ accepted: 0, duplicates: 3 });
    expect(await storedCount(sensor.id)).toBe(3);
    expect(
      await metric('aircloud_telemetry_samples_total{outcome="duplicate",service="server"}'),
    ).toBeGreaterThanOrEqual(3);
  });

  it('refuses out-of-range values and timestamps with 422 and stores nothing of the batch', async () => {
    const { sensor, secret } = await newSensor();
    const now = new Date();
    const res = await post(basic(sensor.serialNumber, secret), {
      samples: [
        sample(now),
        { ts: now.toISOString(), measures: { co2: 20_000, humidity: 120 } },
        sample(new Date(now.getTime() + 3600_000)),
        sample(new Date(now.getTime() - 30 * 24 * 3600_000)),
        { ts: now.toISOString(), measures: { radon: 3 } },
      ],
    });
    expect(res.status).toBe(422);
    const paths = (res.body.violations as { propertyPath: string; code: string }[]).map(
      (v) => `${v.propertyPath} ${v.code}`,
    );
    expect(paths).toEqual(
      expect.arrayContaining([
        'samples[1].measures.co2 max_value',
        'samples[1].measures.humidity max_value',
        'samples[2].ts max_value',
        'samples[3].ts min_value',
        'samples[4].measures.radon unknown_field',
      ]),
    );
    expect(await storedCount(sensor.id)).toBe(0);
    const bad = await request(t.url)
      .post('/device/v1/telemetry')
      .set('Authorization', basic(sensor.serialNumber, secret))
      .set('Content-Type', 'application/json')
      .send('{"ts": ');
    expect(bad.status).toBe(400);
    expect(bad.body['hydra:description']).toBe('invalid_json');
    const auth = basic(sensor.serialNumber, secret);
    const text = await request(t.url)
      .post('/device/v1/telemetry')
      .set('Authorization', auth)
      .set('Content-Type', 'text/plain')
      .send('co2=400');
    expect(text.status).toBe(415);
    for (const body of [[], { samples: 'x' }, { samples: [] }, { ts: 'yesterday', measures: {} }])
      expect((await post(auth, body)).status).toBe(422);
    const tooMany = await post(auth, { samples: Array.from({ length: 501 }, () => sample(now)) });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.violations[0]).toMatchObject({
      propertyPath: 'samples',
      code: 'max_length',
    });
    expect(await storedCount(sensor.id)).toBe(0);
  });

  it('group-commits concurrent posts: fewer statements than posts, each answered once stored', async () => {
    const sensors = await Promise.all(Array.from({ length: 20 }, () => newSensor()));
    await t.devices.batcher.drain();
    const before = t.devices.metrics.flushes;
    const replies = await Promise.all(
      sensors.map(({ sensor, secret }) =>
        post(basic(sensor.serialNumber, secret), sample(new Date())),
      ),
    );
    for (const reply of replies) expect(reply.body).toEqual({ accepted: 1, duplicates: 0 });
    // Answered means committed: every row is visible as soon as its post is answered.
    for (const { sensor } of sensors) expect(await storedCount(sensor.id)).toBe(1);
    await t.devices.batcher.drain();
    expect(t.devices.metrics.flushes - before).toBeLessThan(20);
  });

  it('computes the ISO class and routes samples of two months to their partitions', async () => {
    const { sensor } = await newSensor();
    const thisMonth = new Date();
    const lastMonth = new Date(
      Date.UTC(thisMonth.getUTCFullYear(), thisMonth.getUTCMonth() - 1, 15),
    );
    await flushSamples(t.db.$client, [
      { sensorId: sensor.id, ts: lastMonth.getTime(), measures: { co2: 500 }, iso: 7 },
      { sensorId: sensor.id, ts: thisMonth.getTime(), measures: { co2: 510 }, iso: 8 },
    ]);
    const rows = await t.db.execute<{ part: string; iso: number }>(
      sql`SELECT tableoid::regclass::text AS part, iso FROM sensor_measures
          WHERE sensor_id = ${sensor.id} ORDER BY ts`,
    );
    const name = (d: Date) =>
      `sensor_measures_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(rows.rows.map((r) => r.part)).toEqual([name(lastMonth), name(thisMonth)]);
  });
});

describe('purifier shadow', () => {
  it('answers a report with the desired state the purifier has not acknowledged', async () => {
    const purifier = await newPurifier();
    const res = await post(basic(purifier.serial, purifier.secret), {
      ts: new Date().toISOString(),
      mode: 'auto',
      state: 'operational',
      soft_version: '1.2.0',
    });
    expect(res.status).toBe(200);
    const reply = res.body as TelemetryReply;
    expect(reply.accepted).toBe(1);
    expect(reply.desired?.version).toBe(1);
    const acked = await post(basic(purifier.serial, purifier.secret), {
      ts: new Date().toISOString(),
      mode: 'auto',
      desired_version_ack: 1,
    });
    expect(acked.body.desired).toBeUndefined();
    const body = (
      await request(t.url).get(`/api/purifiers/${purifier.id}`).set('Cookie', owner.cookie)
    ).body as Purifier;
    expect(body.wifi_state).toBe('connected');
    expect(body.soft_version).toBe('1.2.0');
    expect(body.pending).toBe(false);
  });

  it('keeps the modes the purifier reported, from when: one row per change, late news ignored', async () => {
    const purifier = await newPurifier();
    const base = Date.now() - 60 * 60_000;
    const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();
    // A batch (oldest first once sorted): auto, auto again, boost, then silence.
    await post(basic(purifier.serial, purifier.secret), {
      samples: [
        { ts: at(20), mode: 'boost' },
        { ts: at(0), mode: 'auto' },
        { ts: at(10), mode: 'auto' },
        { ts: at(30), mode: 'silence' },
      ],
    }).expect(200);
    // Older than what the shadow holds: not a change of mode now.
    await post(basic(purifier.serial, purifier.secret), { ts: at(25), mode: 'off' }).expect(200);
    await post(basic(purifier.serial, purifier.secret), { ts: at(40), mode: 'silence' }).expect(
      200,
    );
    const { rows } = await t.db.execute<{ at: Date; mode: string }>(
      sql`SELECT at, mode FROM purifier_mode_history WHERE purifier_id = ${purifier.id} ORDER BY at`,
    );
    expect(rows.map((r) => [new Date(r.at).toISOString(), r.mode])).toEqual([
      [at(0), 'auto'],
      [at(20), 'boost'],
      [at(30), 'silence'],
    ]);
  });

  it('converges: PATCH mode -> command on the device socket -> ack + report -> reported == desired', async () => {
    const purifier = await newPurifier();
    const socket = await device(purifier.serial, purifier.secret);
    // A connection with a pending desired state gets it at once; take that one first.
    const initial = await socket.nextCommand();
    await socket.timeout(2000).emitWithAck('ack', { version: initial.desired.version });
    const command = socket.nextCommand();
    const patched = await request(t.url)
      .patch(`/api/purifiers/${purifier.id}`)
      .set('Cookie', owner.cookie)
      .set('Content-Type', 'application/merge-patch+json')
      .send({ mode: 'boost' });
    expect(patched.status).toBe(200);
    expect((patched.body as Purifier).pending).toBe(true);
    const { desired } = await command;
    expect(desired.mode).toBe('boost');
    const ack = await socket.timeout(2000).emitWithAck('ack', { version: desired.version });
    expect(ack.ok).toBe(true);
    await post(basic(purifier.serial, purifier.secret), {
      ts: new Date().toISOString(),
      mode: 'boost',
    });
    const body = (
      await request(t.url).get(`/api/purifiers/${purifier.id}`).set('Cookie', owner.cookie)
    ).body as Purifier;
    expect(body.reported_mode).toBe('boost');
    expect(body.mode).toBe('boost');
    expect(body.pending).toBe(false);
    expect(body.desired_ack_version).toBe(desired.version);
  });

  it('keeps the first report of a purifier whose acknowledgement arrived before it', async () => {
    const purifier = await newPurifier();
    // The report is composed first (its ts), the socket's catch-up command acknowledged next.
    const composed = new Date(Date.now() - 1000).toISOString();
    const socket = await device(purifier.serial, purifier.secret);
    const initial = await socket.nextCommand();
    const ack = await socket.timeout(2000).emitWithAck('ack', { version: initial.desired.version });
    expect(ack.ok).toBe(true);
    const acked = (
      await request(t.url).get(`/api/purifiers/${purifier.id}`).set('Cookie', owner.cookie)
    ).body as Purifier;
    expect(acked).toMatchObject({ pending: false, reported: null, reported_mode: null });
    await post(basic(purifier.serial, purifier.secret), { ts: composed, mode: 'silence' });
    const body = (
      await request(t.url).get(`/api/purifiers/${purifier.id}`).set('Cookie', owner.cookie)
    ).body as Purifier;
    expect(body).toMatchObject({
      reported_mode: 'silence',
      reported: { reported_at: composed },
      desired_ack_version: initial.desired.version,
      pending: false,
    });
  });

  it('refuses a device socket with a wrong secret', async () => {
    const purifier = await newPurifier();
    await expect(device(purifier.serial, 'WRONG-KEY')).rejects.toThrow('device_unauthorized');
  });
});

describe('browser subscriptions', () => {
  it("refuses another user's purifier and sensor with an ack error", async () => {
    const purifier = await newPurifier(owner);
    const { sensor } = await newSensor(owner.user.id);
    const socket = await browser(t.url, other.cookie);
    const a = await socket.timeout(2000).emitWithAck('subscribe', { purifier: purifier.id });
    const b = await socket.timeout(2000).emitWithAck('subscribe', { sensor: sensor.id });
    expect(a).toEqual({ ok: false, error: 'not_found' });
    expect(b).toEqual({ ok: false, error: 'not_found' });
  });

  it('sends the snapshot first, then live purifier updates and sensor samples', async () => {
    const purifier = await newPurifier(owner);
    const { sensor, secret } = await newSensor(owner.user.id);
    await post(basic(sensor.serialNumber, secret), sample(new Date(Date.now() - 5000), 700));
    const socket = await browser(t.url, owner.cookie);
    const p = (await socket
      .timeout(2000)
      .emitWithAck('subscribe', { purifier: purifier.id })) as SubscribeAck;
    expect(p.ok && 'purifier' in p && p.purifier.ulid).toBe(purifier.id);
    const s = (await socket
      .timeout(2000)
      .emitWithAck('subscribe', { sensor: sensor.id })) as SubscribeAck;
    expect(s.ok && 'sensor' in s && s.sensor.last_sample?.co2).toBe(700);

    const update = new Promise<PurifierLive>((resolve) => socket.once('purifier:updated', resolve));
    await post(basic(purifier.serial, purifier.secret), {
      ts: new Date().toISOString(),
      state: 'warning',
      maintenance: { prefilter: 40 },
    });
    const live = await update;
    expect(live).toMatchObject({ ulid: purifier.id, state: 'warning', wifi_state: 'connected' });
    expect(live.maintenance_levels.prefilter).toBe(40);

    const samples = new Promise<SensorSamplesEvent>((resolve) =>
      socket.once('sensor:samples', resolve),
    );
    const sentAt = new Date();
    await post(basic(sensor.serialNumber, secret), sample(sentAt, 910));
    const event = await samples;
    expect(event.sensor).toBe(sensor.id);
    expect(event.samples).toEqual([
      expect.objectContaining({ ts: sentAt.toISOString(), co2: 910 }),
    ]);

    // A browser that reconnects subscribes again and catches up with a fresh snapshot.
    socket.disconnect();
    const again = await browser(t.url, owner.cookie);
    const fresh = (await again
      .timeout(2000)
      .emitWithAck('subscribe', { sensor: sensor.id })) as SubscribeAck;
    expect(fresh.ok && 'sensor' in fresh && fresh.sensor.last_sample).toMatchObject({
      ts: sentAt.toISOString(),
      co2: 910,
      iso: expect.any(Number),
    });
  });
});

describe('emits from a process without HTTP server (the worker)', () => {
  it('reaches a device socket through the Redis streams adapter', async () => {
    const purifier = await newPurifier();
    const socket = await device(purifier.serial, purifier.secret);
    const initial = await socket.nextCommand();
    await socket.timeout(2000).emitWithAck('ack', { version: initial.desired.version });
    const emitterRedis = t.redis.duplicate();
    await emitterRedis.ping();
    const emitter = createRealtimeEmitter(emitterRedis, t.config.redisPrefix);
    try {
      const [row] = await t.db
        .update(purifiers)
        .set({
          desired: sql`${purifiers.desired} || jsonb_build_object('mode', 'silence', 'version', ${initial.desired.version + 1}::int)`,
        })
        .where(eq(purifiers.id, purifier.id))
        .returning();
      pushPurifier(emitter, row!, { command: true });
      const { desired } = await socket.nextCommand();
      expect(desired).toMatchObject({ mode: 'silence', version: initial.desired.version + 1 });
    } finally {
      await closeRealtimeEmitter(emitter);
      emitterRedis.disconnect();
    }
  });
});

describe('two server nodes on one Redis prefix', () => {
  it('delivers a sample posted to node A to a browser connected to node B', async () => {
    const nodeB = await startTestApp({ REDIS_PREFIX: t.config.redisPrefix }, { database: t });
    try {
      await nodeB.devices.ready;
      const { sensor, secret } = await newSensor(owner.user.id);
      const socket = await browser(nodeB.url, owner.cookie);
      const ack = (await socket
        .timeout(2000)
        .emitWithAck('subscribe', { sensor: sensor.id })) as SubscribeAck;
      expect(ack.ok).toBe(true);
      const received = new Promise<SensorSamplesEvent>((resolve) =>
        socket.once('sensor:samples', resolve),
      );
      await post(basic(sensor.serialNumber, secret), sample(new Date(), 1234));
      expect((await received).samples[0]!.co2).toBe(1234);
    } finally {
      await nodeB.stop();
    }
  });
});
