import { sql } from 'drizzle-orm';
import request from 'supertest';
import { ulid } from '@aircloud/core/lib/ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '@aircloud/core/db/schema';
import { recordNotifications } from '@aircloud/core/notifications/record';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { signIn, type Session } from '../../../test/support/purifiers.ts';
import {
  acceptedShare,
  invite,
  machinesOf,
  openSocket,
  type ClientSocket,
} from '../../../test/support/invitations.ts';

let t: TestApp;
let owner: Session;
let other: Session;
let tech: Session;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  [owner, other, tech] = await Promise.all([signIn(t), signIn(t), signIn(t, 'ROLE_TECHNICIAN')]);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.stop();
});

let seq = 0;
/** Inserts an in-app notification for `userId`, `minutes` after a fixed instant. */
async function notify(userId: string, minutes = seq++, values: { inApp?: boolean } = {}) {
  const id = ulid();
  await t.db.insert(notifications).values({
    id,
    userId,
    type: 'device_offline',
    machineKind: 'sensor',
    machineId: ulid(),
    payload: { machine_name: `Room ${minutes}`, last_seen_at: '2026-11-20T10:00:00.000Z' },
    dedupeKey: `test:${id}`,
    createdAt: new Date(Date.parse('2026-11-20T10:00:00Z') + minutes * 60_000),
    ...values,
  });
  return id;
}

const list = (session: Session | null, query = '') => {
  const req = request(t.url).get(`/api/notifications${query}`);
  return session ? req.set('Cookie', session.cookie) : req;
};
const read = (session: Session | null, body: unknown) => {
  const req = request(t.url).post('/api/notifications/read');
  return (session ? req.set('Cookie', session.cookie) : req).send(body as object);
};
const prefs = (session: Session | null, body?: unknown) => {
  const req =
    body === undefined
      ? request(t.url).get('/api/me/notification_preferences')
      : request(t.url).put('/api/me/notification_preferences');
  if (session) req.set('Cookie', session.cookie);
  return body === undefined ? req : req.send(body as object);
};

describe('GET /api/notifications', () => {
  it('answers 401 without a session', async () => {
    expect((await list(null)).status).toBe(401);
    expect((await read(null, { all: true })).status).toBe(401);
  });

  it("lists only the caller's in-app notifications, newest first, with the unread count", async () => {
    const me = await signIn(t);
    const first = await notify(me.user.id, 1);
    const second = await notify(me.user.id, 2);
    await notify(me.user.id, 3, { inApp: false }); // carried by another channel only
    await notify(other.user.id, 4);
    const res = await list(me);
    expect(res.status).toBe(200);
    expect(res.body['@type']).toBe('hydra:Collection');
    expect(res.body['hydra:member'].map((n: { id: string }) => n.id)).toEqual([second, first]);
    expect(res.body['hydra:totalItems']).toBe(2);
    expect(res.body.unread_count).toBe(2);
    expect(res.body['hydra:member'][0]).toMatchObject({
      '@id': `/api/notifications/${second}`,
      '@type': 'Notification',
      type: 'device_offline',
      machine: { kind: 'sensor' },
      payload: { machine_name: 'Room 2' },
      read_at: null,
    });
  });

  it('pages by 20 and filters the unread ones', async () => {
    const me = await signIn(t);
    const ids = [];
    for (let i = 0; i < 22; i += 1) ids.push(await notify(me.user.id, 100 + i));
    const page2 = await list(me, '?page=2');
    expect(page2.body['hydra:member']).toHaveLength(2);
    expect(page2.body['hydra:view']['hydra:previous']).toBe('/api/notifications?page=1');
    await read(me, { ids: ids.slice(0, 21) });
    const unread = await list(me, '?unread=true');
    expect(unread.body['hydra:member'].map((n: { id: string }) => n.id)).toEqual([ids[21]]);
    expect(unread.body['hydra:view']['@id']).toBe('/api/notifications?unread=true&page=1');
    expect(unread.body.unread_count).toBe(1);
  });

  it('refuses a bad page or filter with a catalogue key', async () => {
    const bad = await list(owner, '?unread=maybe');
    expect(bad.status).toBe(422);
    expect(bad.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'unread', message: expect.any(String) }),
    ]);
    expect((await list(owner, '?page=0')).status).toBe(422);
  });
});

describe('POST /api/notifications/read', () => {
  it("marks the caller's ids read, ignores anybody else's, and tells the caller's sockets", async () => {
    const me = await signIn(t);
    const mine = await notify(me.user.id);
    const theirs = await notify(other.user.id);
    const socket = await openSocket(t, me, sockets);
    const event = new Promise((resolve) => socket.once('notifications:read', resolve));
    const res = await read(me, { ids: [mine, theirs] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 1, unread_count: 0 });
    expect(await event).toEqual({ unread: 0 });
    const [row] = (
      await t.db.execute<{ read_at: Date | null }>(
        sql`SELECT read_at FROM notifications WHERE id = ${theirs}`,
      )
    ).rows;
    expect(row!.read_at).toBeNull();
  });

  it('marks all read', async () => {
    const me = await signIn(t);
    await notify(me.user.id);
    await notify(me.user.id);
    expect((await read(me, { all: true })).body).toEqual({ updated: 2, unread_count: 0 });
    expect((await list(me)).body.unread_count).toBe(0);
  });

  it('refuses a body that is neither ids nor all', async () => {
    for (const body of [{}, { ids: [] }, { all: false }, { ids: 'x' }, { all: true, x: 1 }]) {
      const res = await read(owner, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body['hydra:description']).toBeTruthy();
    }
  });
});

describe('/api/me/notification_preferences', () => {
  it('answers 401 without a session', async () => {
    expect((await prefs(null)).status).toBe(401);
    expect((await prefs(null, {})).status).toBe(401);
  });

  it('answers the defaults, then merges a change field by field, per user', async () => {
    const me = await signIn(t);
    const initial = await prefs(me);
    expect(initial.status).toBe(200);
    expect(initial.body).toMatchObject({
      offline_delay_min: 15,
      maintenance_percent: 10,
      flap_interval_min: 15,
      quiet_hours: null,
      time_zone: 'Europe/Paris',
      channels: { alert_triggered: { in_app: true, email: true, push: false, webhook: true } },
    });
    const put = await prefs(me, {
      channels: { alert_triggered: { email: false } },
      quiet_hours: { start: '22:00', end: '07:00' },
      time_zone: 'America/New_York',
      offline_delay_min: 60,
    });
    expect(put.status).toBe(200);
    expect(put.body.channels.alert_triggered).toEqual({
      in_app: true,
      email: false,
      push: false,
      webhook: true,
    });
    expect(put.body.channels.device_offline.email).toBe(true);
    const again = await prefs(me);
    expect(again.body).toEqual(put.body);
    expect(again.body).toMatchObject({
      quiet_hours: { start: '22:00', end: '07:00' },
      time_zone: 'America/New_York',
      offline_delay_min: 60,
      maintenance_percent: 10,
    });
    // Another user still has the defaults.
    expect((await prefs(other)).body.offline_delay_min).toBe(15);
    // null clears quiet hours.
    expect((await prefs(me, { quiet_hours: null })).body.quiet_hours).toBeNull();
  });

  it('refuses bad values with catalogue keys', async () => {
    const cases: [unknown, string, string][] = [
      [{ time_zone: 'Mars/Olympus' }, 'time_zone', 'invalid_choice'],
      [{ quiet_hours: { start: '25:00', end: '07:00' } }, 'quiet_hours.start', 'time'],
      [{ offline_delay_min: 0 }, 'offline_delay_min', 'min_value'],
      [{ maintenance_percent: 100 }, 'maintenance_percent', 'max_value'],
      [{ flap_interval_min: 1.5 }, 'flap_interval_min', 'integer'],
      [
        { channels: { alert_triggered: { sms: true } } },
        'channels.alert_triggered',
        'unknown_field',
      ],
      [{ channels: { nope: {} } }, 'channels', ''],
      [{ channels: { alert_triggered: { email: 'yes' } } }, 'channels.alert_triggered.email', ''],
    ];
    for (const [body, path, key] of cases) {
      const res = await prefs(owner, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const paths = res.body.violations.map((v: { propertyPath: string }) => v.propertyPath);
      expect(
        paths.some((p: string) => p.startsWith(path)),
        JSON.stringify(res.body),
      ).toBe(true);
      if (key) expect(res.body.violations.map((v: { code?: string }) => v.code)).toContain(key);
    }
  });
});

describe('recipients', () => {
  it('records one row per user who sees the machine now: the owner and accepted invitees', async () => {
    const boss = await signIn(t);
    const guest = await signIn(t);
    const pending = await signIn(t);
    const { sensor } = await machinesOf(t, tech, boss);
    const share = await acceptedShare(t, boss, guest, { sensors: [sensor] });
    await invite(t, boss, pending.user.email, { sensors: [sensor] });
    const event = (key: string) => ({
      type: 'device_offline' as const,
      machine: { kind: 'sensor' as const, id: sensor },
      payload: { machine_name: 'Lab' },
      dedupeKey: key,
      at: new Date(),
    });
    const rows = await t.db.transaction((tx) =>
      recordNotifications(tx, [event('one')], new Date()),
    );
    expect(rows.map((r) => r.userId).sort()).toEqual([boss.user.id, guest.user.id].sort());
    // Idempotent: the same key again records nothing.
    expect(
      await t.db.transaction((tx) => recordNotifications(tx, [event('one')], new Date())),
    ).toEqual([]);
    expect((await list(guest)).body['hydra:totalItems']).toBe(1);
    expect((await list(pending)).body['hydra:totalItems']).toBe(0);

    // Access that ends ends the notifications about the machine.
    expect(
      (await request(t.url).delete(`/api/invitations/${share}`).set('Cookie', boss.cookie)).status,
    ).toBe(204);
    const after = await t.db.transaction((tx) =>
      recordNotifications(tx, [event('two')], new Date()),
    );
    expect(after.map((r) => r.userId)).toEqual([boss.user.id]);
  });
});
