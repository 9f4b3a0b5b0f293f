import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FleetDevice, FleetSummary } from '@aircloud/shared/fleet';
import type { ProvisionedSensorResponse } from '@aircloud/shared/sensors';
import { foldFleetCounts } from '@aircloud/core/fleet/counts';
import { FLEET_SUMMARY_TTL_MS } from './service.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { activate, exportedKey, signIn, type Session } from '../../../test/support/purifiers.ts';
import { openSocket, type ClientSocket } from '../../../test/support/invitations.ts';

let t: TestApp;
let owner: Session;
let tech: Session;
let admin: Session;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  [owner, tech, admin] = await Promise.all([
    signIn(t),
    signIn(t, 'ROLE_TECHNICIAN'),
    signIn(t, 'ROLE_ADMIN'),
  ]);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.stop();
});

const basic = (user: string, secret: string) =>
  `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;

async function provision(serial: string) {
  const res = await request(t.url)
    .post('/api/sensors')
    .set('Cookie', tech.cookie)
    .send({ serial_number: serial, owner_email: owner.user.email, name: serial });
  expect(res.status).toBe(201);
  return res.body as ProvisionedSensorResponse;
}

/** The summary as of now: one computed summary serves a process for up to a second. */
async function summary(session = tech): Promise<FleetSummary> {
  await new Promise((resolve) => setTimeout(resolve, FLEET_SUMMARY_TTL_MS));
  const res = await request(t.url).get('/api/fleet').set('Cookie', session.cookie);
  expect(res.status).toBe(200);
  return res.body as FleetSummary;
}

/** The counts recomputed from the tables: what the kept counts must always equal. */
async function recount() {
  const { rows } = await t.db.execute<{ wifi_state: string; state: string; n: string }>(
    sql`SELECT wifi_state, state, count(*) AS n FROM purifiers GROUP BY 1, 2`,
  );
  const byWifi: Record<string, number> = { connected: 0, disconnected: 0, not_configured: 0 };
  const byState: Record<string, number> = { operational: 0, warning: 0, alert: 0 };
  for (const r of rows) {
    byWifi[r.wifi_state]! += Number(r.n);
    byState[r.state]! += Number(r.n);
  }
  return { byWifi, byState };
}

describe('GET /api/fleet', () => {
  it('answers 401 signed out and 403 to a user', async () => {
    expect((await request(t.url).get('/api/fleet')).status).toBe(401);
    for (const path of ['/api/fleet', '/api/fleet/purifiers', '/api/fleet/sensors']) {
      const res = await request(t.url).get(path).set('Cookie', owner.cookie);
      expect(res.status).toBe(403);
      expect(res.body['hydra:description']).toBe('forbidden');
    }
  });

  it('counts every device by state as they change, before and after the worker folds', async () => {
    const before = await summary();
    const p1 = await activate(t, owner, (await exportedKey(t, tech)).key);
    const p2 = await activate(t, owner, (await exportedKey(t, tech)).key);
    const p3 = await activate(t, owner, (await exportedKey(t, tech)).key);
    await provision('SN-FLEET-1');
    const s2 = await provision('SN-FLEET-2');

    let now = await summary();
    expect(now.purifiers.total).toBe(before.purifiers.total + 3);
    expect(now.purifiers.wifi_state.not_configured).toBe(
      before.purifiers.wifi_state.not_configured + 3,
    );
    expect(now.sensors.total).toBe(before.sensors.total + 2);

    // The device watch, the telemetry path and rules change these columns: any writer counts.
    await t.db.execute(sql`UPDATE purifiers SET wifi_state = 'disconnected',
      last_seen_at = now() - interval '2 hours' WHERE id = ${p1.ulid}`);
    await t.db.execute(sql`UPDATE purifiers SET wifi_state = 'disconnected',
      last_seen_at = now() - interval '5 hours', state = 'alert' WHERE id = ${p2.ulid}`);
    await t.db.execute(sql`UPDATE purifiers
      SET maintenance_levels = jsonb_set(maintenance_levels, '{filters}', '4'),
          desired = desired || jsonb_build_object('base',
            jsonb_build_object('mode', 'auto', 'source', 'user', 'updated_at', now())),
          reported = jsonb_build_object('soft_version', '2.1.0', 'reported_at', now())
      WHERE id = ${p3.ulid}`);
    await t.db.execute(sql`UPDATE sensors SET wifi_state = 'disconnected',
      last_seen_at = now() - interval '1 hour' WHERE id = ${s2.ulid}`);

    now = await summary();
    const expected = await recount();
    expect(now.purifiers.wifi_state).toEqual(expected.byWifi);
    expect(now.purifiers.state).toEqual(expected.byState);
    expect(now.purifiers.held).toBe(before.purifiers.held + 1);
    expect(now.purifiers.maintenance_due).toBe(before.purifiers.maintenance_due + 1);
    expect(now.sensors.wifi_state.disconnected).toBe(before.sensors.wifi_state.disconnected + 1);
    expect(now.versions).toContainEqual({
      model: 'HEPA_BULLE_WHITE',
      soft_version: '2.1.0',
      purifiers: 1,
    });
    // Offline now, longest silent first, with the owner to view as.
    const offline = now.offline.map((d) => d.ulid);
    expect(offline.indexOf(p2.ulid)).toBeLessThan(offline.indexOf(p1.ulid));
    expect(offline.indexOf(p1.ulid)).toBeLessThan(offline.indexOf(s2.ulid));
    expect(now.offline.find((d) => d.ulid === p2.ulid)).toMatchObject({
      '@id': `/api/purifiers/${p2.ulid}`,
      kind: 'purifier',
      state: 'alert',
      owner: { ulid: owner.user.id, email: owner.user.email },
    });
    expect(now.held.map((d) => d.ulid)).toContain(p3.ulid);
    expect(now.maintenance_due.find((d) => d.ulid === p3.ulid)?.maintenance_min).toBe(4);

    // Folding the changes into the kept counts changes nothing a reader sees.
    expect(await foldFleetCounts(t.db)).toBeGreaterThan(0);
    const { rows } = await t.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM fleet_count_deltas`,
    );
    expect(Number(rows[0]!.n)).toBe(0);
    const { generated_at: _a, telemetry: _t, ...folded } = await summary();
    const { generated_at: _b, telemetry: _u, ...unfolded } = now;
    expect(folded).toEqual(unfolded);

    // A device removed leaves the counts.
    await t.db.execute(sql`DELETE FROM sensors WHERE id = ${s2.ulid}`);
    expect((await summary()).sensors.total).toBe(now.sensors.total - 1);
  });

  it('computes one summary a second however many ask at once', async () => {
    const before = await summary();
    await new Promise((resolve) => setTimeout(resolve, FLEET_SUMMARY_TTL_MS));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => request(t.url).get('/api/fleet').set('Cookie', admin.cookie)),
    );
    const stamps = new Set(answers.map((res) => res.body.generated_at as string));
    expect(stamps.size).toBe(1);
    expect([...stamps][0]! > before.generated_at).toBe(true);
  });

  it('counts the telemetry samples accepted in the current minute', async () => {
    const sensor = await provision('SN-FLEET-RATE');
    const before = (await summary()).telemetry.at(-1)!.samples;
    const at = Date.now();
    const res = await request(t.url)
      .post('/device/v1/telemetry')
      .set('Authorization', basic(sensor.serial_number, sensor.device_secret))
      .send({
        samples: [0, 1, 2].map((i) => ({
          ts: new Date(at - (3 - i) * 1000).toISOString(),
          measures: { co2: 600 + i, pm25: 5 },
        })),
      });
    expect(res.status).toBe(200);
    const after = await summary(admin);
    expect(after.telemetry).toHaveLength(15);
    // A minute may have turned between the two reads: then the new minute holds them.
    expect(
      after.telemetry.at(-1)!.samples + after.telemetry.at(-2)!.samples,
    ).toBeGreaterThanOrEqual(before + 3);
  });
});

describe('GET /api/fleet/purifiers and /api/fleet/sensors', () => {
  it('lists the devices behind a count, with filters and pages', async () => {
    const res = await request(t.url)
      .get('/api/fleet/purifiers?wifi_state=disconnected')
      .set('Cookie', tech.cookie);
    expect(res.status).toBe(200);
    const members = res.body['hydra:member'] as FleetDevice[];
    expect(members.length).toBeGreaterThan(0);
    expect(members.every((d) => d.wifi_state === 'disconnected')).toBe(true);
    expect(res.body['hydra:totalItems']).toBe(members.length);
    const all = await request(t.url).get('/api/fleet/purifiers?page=1').set('Cookie', tech.cookie);
    expect(all.body['hydra:totalItems']).toBe((await summary()).purifiers.total);
    const held = await request(t.url)
      .get('/api/fleet/purifiers?held=true')
      .set('Cookie', tech.cookie);
    expect((held.body['hydra:member'] as FleetDevice[]).map((d) => d.soft_version)).toEqual([
      '2.1.0',
    ]);
    const version = await request(t.url)
      .get('/api/fleet/purifiers?model=HEPA_BULLE_WHITE&soft_version=2.1.0')
      .set('Cookie', tech.cookie);
    expect(version.body['hydra:totalItems']).toBe(1);
    const never = await request(t.url)
      .get('/api/fleet/purifiers?soft_version=none')
      .set('Cookie', tech.cookie);
    expect(
      (never.body['hydra:member'] as FleetDevice[]).every((d) => d.soft_version === null),
    ).toBe(true);
    const sensors = await request(t.url)
      .get('/api/fleet/sensors?wifi_state=not_configured')
      .set('Cookie', admin.cookie);
    expect(sensors.status).toBe(200);
    expect((sensors.body['hydra:member'] as FleetDevice[]).every((d) => d.kind === 'sensor')).toBe(
      true,
    );
  });

  it('refuses an unknown filter value with the catalogue key, not a 500', async () => {
    const res = await request(t.url)
      .get('/api/fleet/purifiers?wifi_state=sleeping&page=0')
      .set('Cookie', tech.cookie);
    expect(res.status).toBe(422);
    expect(res.body.violations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ propertyPath: 'wifi_state', code: 'invalid_choice' }),
      ]),
    );
  });
});

describe('the fleet channel', () => {
  it('streams to technicians, refuses users, and ends when the role does', async () => {
    const userSocket = await openSocket(t, owner, sockets);
    expect(await userSocket.emitWithAck('fleet:subscribe')).toEqual({
      ok: false,
      error: 'forbidden',
    });
    const demoted = await signIn(t, 'ROLE_TECHNICIAN');
    const socket = await openSocket(t, demoted, sockets);
    const ack = await socket.emitWithAck('fleet:subscribe');
    expect(ack).toMatchObject({ ok: true, summary: { '@type': 'FleetSummary' } });
    // A change reaches the follower within a push period.
    const pushed = new Promise<FleetSummary>((resolve) => socket.once('fleet:summary', resolve));
    await t.db.execute(sql`UPDATE purifiers SET state = 'warning'
      WHERE id = (SELECT id FROM purifiers WHERE state = 'operational' ORDER BY id LIMIT 1)`);
    expect((await pushed).purifiers.state.warning).toBeGreaterThan(0);
    // The role taken away (by whatever path): the next push closes the stream.
    const closed = new Promise<void>((resolve) => socket.once('fleet:closed', resolve));
    await t.db.execute(sql`UPDATE users SET role = 'ROLE_USER' WHERE id = ${demoted.user.id}`);
    await closed;
    let more = 0;
    socket.on('fleet:summary', () => (more += 1));
    await t.db.execute(sql`UPDATE purifiers SET state = 'alert'
      WHERE id = (SELECT id FROM purifiers WHERE state = 'operational' ORDER BY id LIMIT 1)`);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(more).toBe(0);
  }, 30_000);
});
