/**
 * Every event a client can emit, on every Socket.IO namespace (default, /device, /public), from
 * actors with and without access: a socket that may not follow a machine is refused and receives
 * nothing when the machine changes, whatever it emits. Each "gets nothing" check waits for the
 * event to reach a socket that has access, then for a ping round trip on the others (a socket's
 * packets arrive in order, so anything sent to them before would have arrived first).
 */
import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_NAMESPACE, type SubscribeAck } from '@aircloud/shared/realtime';
import { PUBLIC_URL, startTestApp, type TestApp } from '../../test/app.ts';
import { acceptedShare, invite } from '../../test/support/invitations.ts';
import {
  activate,
  claimDevice,
  exportedKey,
  signIn,
  type Session,
} from '../../test/support/purifiers.ts';
import { provisionSensor } from '@aircloud/core/sensors/provisioning';

const ACTORS = ['owner', 'pending', 'accepted', 'revoked', 'other', 'technician', 'admin'] as const;
type Actor = (typeof ACTORS)[number];

/** Who may follow a purifier and a sensor: the REST API's view rule (authorization matrix). */
const MAY_FOLLOW: Record<'purifier' | 'sensor', Record<Actor, boolean>> = {
  purifier: {
    owner: true,
    pending: false,
    accepted: true,
    revoked: false,
    other: false,
    technician: false,
    admin: true,
  },
  sensor: {
    owner: true,
    pending: false,
    accepted: true,
    revoked: false,
    other: false,
    technician: true,
    admin: true,
  },
};

let t: TestApp;
const opened: Socket[] = [];
const actors = {} as Record<Actor, Session>;
let purifier: { ulid: string; serial: string; secret: string };
let sensor: { ulid: string; serial: string; secret: string };

/** A connected socket, or the connect_error message. */
function open(
  namespace: string,
  options: { cookie?: string; origin?: string; auth?: Record<string, unknown> } = {},
): Promise<Socket> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.origin) headers.Origin = options.origin;
  const socket = connect(`${t.url}${namespace}`, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: headers,
    ...(options.auth ? { auth: options.auth } : {}),
  });
  opened.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

/** The connect_error message of a refused connection ('' when it connected). */
async function refusal(namespace: string, options: Parameters<typeof open>[1] = {}) {
  try {
    (await open(namespace, options)).disconnect();
    return '';
  } catch (err) {
    return (err as Error).message;
  }
}

/** Records every event a socket receives. */
function recorder(socket: Socket): string[] {
  const events: string[] = [];
  socket.onAny((event: string) => events.push(event));
  return events;
}

/** Waits until `event` reached the socket (or its recorder already holds it). */
function arrived(socket: Socket, events: string[], event: string): Promise<void> {
  if (events.includes(event)) return Promise.resolve();
  return new Promise((resolve) => {
    const seen = (name: string) => {
      if (name !== event) return;
      socket.offAny(seen);
      resolve();
    };
    socket.onAny(seen);
  });
}

/** Drains what the server already sent to a socket of the default or public namespace. */
async function drained(socket: Socket, namespace: '' | '/public') {
  if (namespace === '') await socket.timeout(5000).emitWithAck('ping');
  // The public namespace has no ping: an invalid unsubscribe answers at once, in order.
  else await socket.timeout(5000).emitWithAck('unsubscribe', {});
}

const basic = (serial: string, secret: string) =>
  `Basic ${Buffer.from(`${serial}:${secret}`).toString('base64')}`;

/** One telemetry sample of the sensor, posted as the device. */
async function postSample(co2: number) {
  const res = await request(t.url)
    .post('/device/v1/telemetry')
    .set('Authorization', basic(sensor.serial, sensor.secret))
    .send({ ts: new Date().toISOString(), measures: { co2 } });
  expect(res.status).toBeLessThan(300);
}

/** The owner sets the purifier's mode (a purifier:updated and a device command follow). */
async function setMode(mode: 'boost' | 'auto' | 'silence') {
  await request(t.url)
    .patch(`/api/purifiers/${purifier.ulid}`)
    .set('Cookie', actors.owner.cookie)
    .set('Content-Type', 'application/merge-patch+json')
    .send(JSON.stringify({ mode }))
    .expect(200);
}

beforeAll(async () => {
  t = await startTestApp();
  const tech = await signIn(t, 'ROLE_TECHNICIAN');
  actors.technician = tech;
  actors.admin = await signIn(t, 'ROLE_ADMIN');
  for (const actor of ['owner', 'pending', 'accepted', 'revoked', 'other'] as const)
    actors[actor] = await signIn(t);
  const key = await exportedKey(t, tech);
  const activated = await activate(t, actors.owner, key.key);
  purifier = {
    ulid: activated.ulid,
    serial: key.serialNumber,
    secret: await claimDevice(t, key.serialNumber, key.key),
  };
  const provisioned = await provisionSensor(t.db, {
    serialNumber: `SOCKETS-${process.pid}-${Date.now()}`,
    userId: actors.owner.user.id,
    name: 'Sockets',
  });
  sensor = {
    ulid: provisioned.sensor.id,
    serial: provisioned.sensor.serialNumber,
    secret: provisioned.secret,
  };
  const machines = { purifiers: [purifier.ulid], sensors: [sensor.ulid] };
  await invite(t, actors.owner, actors.pending.user.email, machines);
  await acceptedShare(t, actors.owner, actors.accepted, machines);
  const revoked = await acceptedShare(t, actors.owner, actors.revoked, machines);
  await request(t.url)
    .delete(`/api/invitations/${revoked}`)
    .set('Cookie', actors.owner.cookie)
    .expect(204);
}, 60_000);
afterAll(async () => {
  opened.forEach((s) => s.disconnect());
  await t?.stop();
});

describe('default namespace (browsers)', () => {
  it('refuses a connection without a session, with a forged cookie or a forged API token', async () => {
    expect(await refusal('')).toBe('unauthorized');
    expect(await refusal('', { cookie: 'access_token=forged' })).toBe('unauthorized');
    expect(await refusal('', { auth: { token: 'aq_forged' } })).toBe('unauthorized');
  });

  it('refuses a cookie handshake from another site (cross-site WebSocket hijacking)', async () => {
    const cookie = actors.owner.cookie;
    expect(await refusal('', { cookie, origin: 'https://evil.example.com' })).toBe('csrf_origin');
    expect(await refusal('', { cookie, origin: 'null' })).toBe('csrf_origin');
    expect(await refusal('', { cookie, origin: PUBLIC_URL })).toBe('');
    expect(await refusal('', { cookie, origin: t.url })).toBe('');
    // An API token is no ambient credential: scripts may connect from anywhere.
    const token = await request(t.url)
      .post('/api/me/generate-api-token')
      .set('Cookie', cookie)
      .expect(200);
    expect(
      await refusal('', {
        origin: 'https://evil.example.com',
        auth: { token: token.body.api_token },
      }),
    ).toBe('');
  });

  it('subscribe answers ok exactly to the actors the REST API lets see the machine', async () => {
    const got = { purifier: {}, sensor: {} } as Record<
      'purifier' | 'sensor',
      Record<Actor, boolean>
    >;
    for (const actor of ACTORS) {
      const socket = await open('', { cookie: actors[actor].cookie });
      for (const kind of ['purifier', 'sensor'] as const) {
        const target = kind === 'purifier' ? { purifier: purifier.ulid } : { sensor: sensor.ulid };
        const ack = (await socket.timeout(5000).emitWithAck('subscribe', target)) as SubscribeAck;
        got[kind][actor] = ack.ok;
        if (!ack.ok) expect(ack.error, `${actor} ${kind}`).toBe('not_found');
      }
      socket.disconnect();
    }
    expect(got).toEqual(MAY_FOLLOW);
  });

  it('refuses malformed and mixed targets without joining anything', async () => {
    const socket = await open('', { cookie: actors.other.cookie });
    const targets: unknown[] = [
      null,
      'purifier:' + purifier.ulid,
      { purifier: 42 },
      { sensor: '../../etc' },
      { sensor: sensor.ulid, purifier: 42 },
      { purifier: purifier.ulid, sensor: sensor.ulid },
      { purifier: purifier.ulid.toLowerCase() },
    ];
    for (const target of targets) {
      const ack = (await socket.timeout(5000).emitWithAck('subscribe', target)) as SubscribeAck;
      expect(ack.ok, JSON.stringify(target)).toBe(false);
    }
  });

  it('a socket without access gets no purifier or sensor event, whatever it emits', async () => {
    const sockets = {} as Record<Actor, Socket>;
    const events = {} as Record<Actor, string[]>;
    for (const actor of ACTORS) {
      const socket = await open('', { cookie: actors[actor].cookie });
      sockets[actor] = socket;
      events[actor] = recorder(socket);
      // Everything a client could try: both subscriptions, and events the server does not know.
      await socket.timeout(5000).emitWithAck('subscribe', { purifier: purifier.ulid });
      await socket.timeout(5000).emitWithAck('subscribe', { sensor: sensor.ulid });
      socket.emit('join', `purifier:${purifier.ulid}`);
      socket.emit('join', `sensor:${sensor.ulid}`);
      socket.emit('unsubscribe', { purifier: `user:${actors.owner.user.id}` });
    }
    await setMode('boost');
    await postSample(777);
    // The owner (who may follow both) received both: every broadcast is done.
    await arrived(sockets.owner, events.owner, 'purifier:updated');
    await arrived(sockets.owner, events.owner, 'sensor:samples');
    const got = {} as Record<'purifier' | 'sensor', Record<Actor, boolean>>;
    got.purifier = {} as Record<Actor, boolean>;
    got.sensor = {} as Record<Actor, boolean>;
    for (const actor of ACTORS) {
      if (MAY_FOLLOW.purifier[actor])
        await arrived(sockets[actor], events[actor], 'purifier:updated');
      if (MAY_FOLLOW.sensor[actor]) await arrived(sockets[actor], events[actor], 'sensor:samples');
      await drained(sockets[actor], '');
      got.purifier[actor] = events[actor].includes('purifier:updated');
      got.sensor[actor] = events[actor].includes('sensor:samples');
    }
    expect(got).toEqual(MAY_FOLLOW);
    // Nobody received another user's personal events either.
    for (const actor of ACTORS) expect(events[actor], actor).not.toContain('me:updated');
  });
});

describe('/device namespace', () => {
  it('refuses browsers and wrong secrets; a device never gets another device’s commands', async () => {
    expect(await refusal('/device', { cookie: actors.owner.cookie })).toBe('device_unauthorized');
    expect(await refusal('/device', { cookie: actors.admin.cookie })).toBe('device_unauthorized');
    expect(
      await refusal('/device', { auth: { serial: purifier.serial, secret: sensor.secret } }),
    ).toBe('device_unauthorized');

    const purifierDevice = await open('/device', {
      auth: { serial: purifier.serial, secret: purifier.secret },
    });
    const sensorDevice = await open('/device', {
      auth: { serial: sensor.serial, secret: sensor.secret },
    });
    const purifierEvents = recorder(purifierDevice);
    const sensorEvents = recorder(sensorDevice);
    // Browser events on the device namespace have no handler: nothing is joined.
    sensorDevice.emit('subscribe', { purifier: purifier.ulid });
    sensorDevice.emit('join', `device:${purifier.ulid}`);
    // A sensor cannot acknowledge a purifier's desired state.
    expect(await sensorDevice.timeout(5000).emitWithAck('ack', { version: 1 })).toEqual({
      ok: false,
    });

    await setMode('silence');
    await arrived(purifierDevice, purifierEvents, 'command');
    // The ack round trip drains what was sent to the sensor device before it.
    await sensorDevice.timeout(5000).emitWithAck('ack', { version: 1 });
    expect(sensorEvents).toEqual([]);
  });
});

describe('/public namespace (anonymous)', () => {
  it('follows public sensors only: a private sensor is refused and sends nothing', async () => {
    const visitor = await open(PUBLIC_NAMESPACE, { cookie: actors.owner.cookie });
    const events = recorder(visitor);
    expect(await visitor.timeout(5000).emitWithAck('subscribe', { sensor: sensor.ulid })).toEqual({
      ok: false,
      error: 'not_found',
    });
    expect(
      await visitor.timeout(5000).emitWithAck('subscribe', { purifier: purifier.ulid }),
    ).toEqual({ ok: false, error: 'invalid' });
    visitor.emit('join', `sensor:${sensor.ulid}`);

    // The owner's browser gets the sample; the anonymous socket gets nothing.
    const browser = await open('', { cookie: actors.owner.cookie });
    const browserEvents = recorder(browser);
    await browser.timeout(5000).emitWithAck('subscribe', { sensor: sensor.ulid });
    await postSample(801);
    await arrived(browser, browserEvents, 'sensor:samples');
    await drained(visitor, '/public');
    expect(events).toEqual([]);

    // Once public, the same socket may follow it (the refusal above was the rule, not a fault).
    await request(t.url)
      .patch(`/api/sensors/${sensor.ulid}`)
      .set('Cookie', actors.owner.cookie)
      .set('Content-Type', 'application/merge-patch+json')
      .send(JSON.stringify({ is_public: true }))
      .expect(200);
    const ack = (await visitor.timeout(5000).emitWithAck('subscribe', { sensor: sensor.ulid })) as {
      ok: boolean;
    };
    expect(ack.ok).toBe(true);
    await postSample(802);
    await arrived(visitor, events, 'sensor:samples');
  });

  it('unknown namespaces are refused', async () => {
    expect(await refusal('/admin', { cookie: actors.admin.cookie })).toBe('Invalid namespace');
  });
});
