/**
 * Socket floods (docs/security.md, "Sockets"): every namespace limits the events one socket
 * sends. Past its burst a socket's events are refused (`too_many_requests` to their ack) and a
 * socket that keeps on is disconnected, while a page's normal use passes. An anonymous `/public`
 * socket may follow at most PUBLIC_MAX_SENSORS sensors.
 */
import { inArray } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_NAMESPACE } from '@aircloud/shared/realtime';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { sensors } from '@aircloud/core/db/schema';
import { signIn, type Session } from '../../test/support/purifiers.ts';
import { provisionSensor } from '@aircloud/core/sensors/provisioning';
import {
  BROWSER_EVENT_LIMIT,
  PUBLIC_EVENT_LIMIT,
  TOO_MANY_REQUESTS,
} from '../realtime/event-limit.ts';
import { PUBLIC_MAX_SENSORS } from '../realtime/public-sensors.ts';

let t: TestApp;
let owner: Session;
const publicSensors: string[] = [];
const opened: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t);
  for (let i = 0; i <= PUBLIC_MAX_SENSORS; i += 1) {
    const { sensor } = await provisionSensor(t.db, {
      serialNumber: `FLOOD-${process.pid}-${Date.now()}-${i}`,
      userId: owner.user.id,
    });
    publicSensors.push(sensor.id);
  }
  await t.db.update(sensors).set({ isPublic: true }).where(inArray(sensors.id, publicSensors));
}, 60_000);
afterAll(async () => {
  opened.forEach((s) => s.disconnect());
  await t?.stop();
});

function open(namespace: string, cookie?: string): Promise<Socket> {
  const socket = connect(`${t.url}${namespace}`, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: cookie ? { Cookie: cookie } : {},
  });
  opened.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Resolves with the reason once the server cut the socket. */
function disconnected(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}

/** Emits `count` events at once; the acks that came back (null where none did). */
async function flood(socket: Socket, count: number, emit: (s: Socket) => Promise<unknown>) {
  return Promise.all(Array.from({ length: count }, () => emit(socket).catch(() => null)));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('default namespace', () => {
  it('answers a burst, refuses the flood beyond it and disconnects the flooder', async () => {
    const socket = await open('', owner.cookie);
    const cut = disconnected(socket);
    const ping = (s: Socket) => s.timeout(3000).emitWithAck('ping');
    const acks = await flood(socket, BROWSER_EVENT_LIMIT.burst * 3, ping);
    const answered = acks.filter((a) => typeof a === 'string');
    const refused = acks.filter((a) => JSON.stringify(a) === JSON.stringify(TOO_MANY_REQUESTS));
    // The burst (and what refilled meanwhile) is answered; the rest refused or cut.
    expect(answered.length).toBeGreaterThanOrEqual(BROWSER_EVENT_LIMIT.burst);
    expect(answered.length).toBeLessThan(BROWSER_EVENT_LIMIT.burst + 20);
    expect(refused.length).toBeGreaterThan(0);
    expect(await cut).toBe('io server disconnect');
  });

  it('lets a page subscribe to its list at once and keep a steady pace', async () => {
    const socket = await open('', owner.cookie);
    // A list page follows its 20 machines at once (here sensors the user may not see).
    const acks = await flood(socket, 20, (s) =>
      s.timeout(3000).emitWithAck('subscribe', { sensor: '01JZZZZZZZZZZZZZZZZZZZZZZZ' }),
    );
    expect(acks.every((a) => (a as { error?: string } | null)?.error === 'not_found')).toBe(true);
    for (let i = 0; i < 10; i += 1) {
      expect(typeof (await socket.timeout(3000).emitWithAck('ping'))).toBe('string');
      await sleep(1000 / BROWSER_EVENT_LIMIT.perSecond);
    }
    expect(socket.connected).toBe(true);
  });
});

describe('/public namespace', () => {
  const subscribe = (sensor: string) => (s: Socket) =>
    s.timeout(3000).emitWithAck('subscribe', { sensor });

  it('answers a few events, refuses the flood beyond them and disconnects the flooder', async () => {
    const socket = await open(PUBLIC_NAMESPACE);
    const cut = disconnected(socket);
    const acks = await flood(socket, 50, subscribe('01JZZZZZZZZZZZZZZZZZZZZZZZ'));
    const refused = acks.filter((a) => JSON.stringify(a) === JSON.stringify(TOO_MANY_REQUESTS));
    expect(refused.length).toBeGreaterThanOrEqual(PUBLIC_EVENT_LIMIT.burst - 1);
    // Never more than the burst reached the handler (their answers may be lost with the cut).
    expect(acks.filter((a) => a !== null).length - refused.length).toBeLessThanOrEqual(
      PUBLIC_EVENT_LIMIT.burst,
    );
    expect(await cut).toBe('io server disconnect');
  });

  it('follows public sensors at a normal pace, up to PUBLIC_MAX_SENSORS per socket', async () => {
    const socket = await open(PUBLIC_NAMESPACE);
    const answers: unknown[] = [];
    for (const sensor of publicSensors) {
      answers.push(await subscribe(sensor)(socket));
      await sleep(1000 / PUBLIC_EVENT_LIMIT.perSecond);
    }
    const followed = answers.slice(0, PUBLIC_MAX_SENSORS);
    expect(followed.every((a) => (a as { ok: boolean }).ok)).toBe(true);
    expect(answers[PUBLIC_MAX_SENSORS]).toEqual(TOO_MANY_REQUESTS);
    // Following one again, or leaving one to follow another, is fine.
    expect(await subscribe(publicSensors[0]!)(socket)).toMatchObject({ ok: true });
    await sleep(1000 / PUBLIC_EVENT_LIMIT.perSecond);
    await socket.timeout(3000).emitWithAck('unsubscribe', { sensor: publicSensors[0] });
    await sleep(1000 / PUBLIC_EVENT_LIMIT.perSecond);
    expect(await subscribe(publicSensors[PUBLIC_MAX_SENSORS]!)(socket)).toMatchObject({
      ok: true,
    });
    expect(socket.connected).toBe(true);
  }, 20_000);
});
