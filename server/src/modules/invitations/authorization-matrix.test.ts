/**
 * Who may call every endpoint that touches a machine: the owner, a user invited to it (pending,
 * accepted, revoked), another user, a technician and an admin. The routes come from the OpenAPI
 * registry, so a new machine endpoint without a row here fails the first test.
 *
 * Adding a row: one entry in ROWS keyed `METHOD /path` (OpenAPI form), with the request to make
 * (built from the world's ids) and the expected status per actor (a shared profile such as
 * PURIFIER_VIEW, or an explicit object).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscribeAck } from '@aircloud/shared/realtime';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { documentedRoutes } from '../../openapi/registry.ts';
import { signIn, type Session } from '../purifiers/test-support.ts';
import {
  acceptedShare,
  invite,
  machinesOf,
  openSocket,
  type ClientSocket,
} from './test-support.ts';

const ACTORS = ['owner', 'pending', 'accepted', 'revoked', 'other', 'technician', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
type Expected = Record<Actor, number>;

/** Purifiers: owner and admin; an accepted invitation views and controls, never manages. */
const PURIFIER_VIEW: Expected = {
  owner: 200,
  pending: 404,
  accepted: 200,
  revoked: 404,
  other: 404,
  technician: 404,
  admin: 200,
};
const purifierControl = (ok: number): Expected => ({
  ...PURIFIER_VIEW,
  owner: ok,
  accepted: ok,
  admin: ok,
});
const PURIFIER_MANAGE: Expected = { ...purifierControl(204), accepted: 403 };
/** Sensors: technicians and admins reach every sensor (provisioning); invited as purifiers. */
const sensorControl = (ok: number): Expected => ({
  owner: ok,
  pending: 404,
  accepted: ok,
  revoked: 404,
  other: 404,
  technician: ok,
  admin: ok,
});
const SENSOR_VIEW = sensorControl(200);
const sensorManage = (ok: number): Expected => ({ ...sensorControl(ok), accepted: 403 });

/** The machines of one owner and the ids the rows need. */
interface World {
  purifier: string;
  sensor: string;
  rule: string;
  sensorImport: string;
}

interface Row {
  /** Builds the request for one actor's session. */
  call: (w: World, s: Session) => request.Test;
  expect: Expected;
  /** The call changes the world for the next actor (delete): each actor gets a world of its own. */
  fresh?: boolean;
  /** The fresh world has no import yet (one pending import per sensor at a time). */
  noImport?: boolean;
}

const HOUR = 3600_000;
const range = () =>
  `from=${encodeURIComponent(new Date(Date.now() - HOUR).toISOString())}&to=${encodeURIComponent(new Date().toISOString())}`;
const CSV = 'date,co2 (ppm)\n20/11/2026 10:00,400\n';

let t: TestApp;
let tech: Session;
const sessions = {} as Record<
  Exclude<Actor, 'owner' | 'pending' | 'accepted' | 'revoked'>,
  Session
>;
const sockets: ClientSocket[] = [];

const get = (path: string) => (s: Session) => request(t.url).get(path).set('Cookie', s.cookie);
const send =
  (method: 'post' | 'patch' | 'put' | 'delete', path: string, body?: object) => (s: Session) => {
    const req = request(t.url)[method](path).set('Cookie', s.cookie);
    if (method === 'patch')
      return req
        .set('Content-Type', 'application/merge-patch+json')
        .send(JSON.stringify(body ?? {}));
    return body ? req.send(body) : req;
  };

const ROWS: Record<string, Row> = {
  'GET /api/purifiers/{ulid}': {
    call: (w, s) => get(`/api/purifiers/${w.purifier}`)(s),
    expect: PURIFIER_VIEW,
  },
  'PATCH /api/purifiers/{ulid}': {
    call: (w, s) => send('patch', `/api/purifiers/${w.purifier}`, { mode: 'boost' })(s),
    expect: purifierControl(200),
  },
  'DELETE /api/purifiers/{ulid}': {
    call: (w, s) => send('delete', `/api/purifiers/${w.purifier}`)(s),
    expect: PURIFIER_MANAGE,
    fresh: true,
  },
  'GET /api/purifiers/{ulid}/maintenance_events': {
    call: (w, s) => get(`/api/purifiers/${w.purifier}/maintenance_events`)(s),
    expect: PURIFIER_VIEW,
  },
  'POST /api/purifiers/{ulid}/maintenance_events': {
    call: (w, s) =>
      send('post', `/api/purifiers/${w.purifier}/maintenance_events`, { type: 'filters' })(s),
    expect: purifierControl(201),
  },
  'GET /api/purifiers/{ulid}/meraki': {
    call: (w, s) => get(`/api/purifiers/${w.purifier}/meraki`)(s),
    expect: PURIFIER_VIEW,
  },
  'POST /api/purifiers/{ulid}/meraki/rotate-secret': {
    call: (w, s) => send('post', `/api/purifiers/${w.purifier}/meraki/rotate-secret`)(s),
    expect: purifierControl(200),
  },
  'GET /api/purifiers/{ulid}/network_events': {
    call: (w, s) => get(`/api/purifiers/${w.purifier}/network_events`)(s),
    expect: PURIFIER_VIEW,
  },
  'GET /api/sensors/{ulid}': {
    call: (w, s) => get(`/api/sensors/${w.sensor}`)(s),
    expect: SENSOR_VIEW,
  },
  'PATCH /api/sensors/{ulid}': {
    call: (w, s) => send('patch', `/api/sensors/${w.sensor}`, { short_name: 'Salon' })(s),
    expect: sensorControl(200),
  },
  'DELETE /api/sensors/{ulid}': {
    call: (w, s) => send('delete', `/api/sensors/${w.sensor}`)(s),
    expect: sensorManage(204),
    fresh: true,
  },
  'PUT /api/sensors/{ulid}/purifiers': {
    call: (w, s) => send('put', `/api/sensors/${w.sensor}/purifiers`, { purifiers: [] })(s),
    expect: sensorControl(200),
  },
  'GET /api/sensors/{ulid}/measures': {
    call: (w, s) => get(`/api/sensors/${w.sensor}/measures?${range()}`)(s),
    expect: SENSOR_VIEW,
  },
  'DELETE /api/sensors/{ulid}/measures': {
    call: (w, s) => send('delete', `/api/sensors/${w.sensor}/measures`)(s),
    expect: sensorManage(204),
  },
  'GET /api/sensors/{ulid}/export': {
    call: (w, s) => get(`/api/sensors/${w.sensor}/export?${range()}`)(s),
    expect: SENSOR_VIEW,
  },
  'GET /api/sensors/{ulid}/alert_rules': {
    call: (w, s) => get(`/api/sensors/${w.sensor}/alert_rules`)(s),
    expect: SENSOR_VIEW,
  },
  'POST /api/sensors/{ulid}/alert_rules': {
    call: (w, s) =>
      send('post', `/api/sensors/${w.sensor}/alert_rules`, {
        measure: 'co2',
        threshold: 1000,
        mode: 'auto',
      })(s),
    expect: sensorControl(201),
  },
  'PATCH /api/alert_rules/{id}': {
    call: (w, s) => send('patch', `/api/alert_rules/${w.rule}`, { threshold: 30 })(s),
    expect: sensorControl(200),
  },
  'DELETE /api/alert_rules/{id}': {
    call: (w, s) => send('delete', `/api/alert_rules/${w.rule}`)(s),
    expect: sensorControl(204),
    fresh: true,
  },
  'GET /api/sensors/{ulid}/alert_triggers': {
    call: (w, s) => get(`/api/sensors/${w.sensor}/alert_triggers`)(s),
    expect: SENSOR_VIEW,
  },
  'POST /api/sensors/{ulid}/imports': {
    call: (w, s) =>
      request(t.url)
        .post(`/api/sensors/${w.sensor}/imports`)
        .set('Cookie', s.cookie)
        .attach('file', Buffer.from(CSV), { filename: 'm.csv', contentType: 'text/csv' }),
    expect: sensorControl(202),
    fresh: true,
    noImport: true,
  },
  'GET /api/sensors/{ulid}/imports': {
    call: (w, s) => get(`/api/sensors/${w.sensor}/imports`)(s),
    expect: SENSOR_VIEW,
  },
  'GET /api/sensor_imports/{id}': {
    call: (w, s) => get(`/api/sensor_imports/${w.sensorImport}`)(s),
    expect: SENSOR_VIEW,
  },
  'DELETE /api/sensor_imports/{id}': {
    call: (w, s) => send('delete', `/api/sensor_imports/${w.sensorImport}`)(s),
    expect: sensorControl(200),
    fresh: true,
  },
};

/** List endpoints: whether the actor's list shows the machine (200 for everybody). */
const LISTS: Record<string, { call: (s: Session) => request.Test; key: keyof World }> = {
  'GET /api/purifiers': { call: get('/api/purifiers'), key: 'purifier' },
  'GET /api/sensors': { call: get('/api/sensors'), key: 'sensor' },
};
const LISTED: Record<'purifier' | 'sensor', Record<Actor, boolean>> = {
  purifier: {
    owner: true,
    pending: false,
    accepted: true,
    revoked: false,
    other: false,
    technician: false,
    admin: false, // an admin's own list; other users' through view-as-user (?user=)
  },
  sensor: {
    owner: true,
    pending: false,
    accepted: true,
    revoked: false,
    other: false,
    technician: true, // technicians and admins list every sensor
    admin: true,
  },
};

/** Machine routes that are not about one existing machine of a user, and why. */
const NOT_A_MACHINE_OF_A_USER: Record<string, string> = {
  'POST /api/purifiers/activate': 'adds a new purifier with a product key',
  'POST /api/sensors': 'provisions a new sensor (technicians, admins)',
};

/** A new owner with a purifier, a sensor, an alert rule and an import, and the invited users. */
async function newWorld(
  withImport = true,
): Promise<{ world: World; actors: Record<Actor, Session> }> {
  const owner = await signIn(t);
  const [pending, accepted, revoked] = await Promise.all([signIn(t), signIn(t), signIn(t)]);
  const { purifier, sensor } = await machinesOf(t, tech, owner);
  const machines = { purifiers: [purifier], sensors: [sensor] };
  await invite(t, owner, pending.user.email, machines);
  await acceptedShare(t, owner, accepted, machines);
  const revokedId = await acceptedShare(t, owner, revoked, machines);
  await send('delete', `/api/invitations/${revokedId}`)(owner).expect(204);
  const rule = await send('post', `/api/sensors/${sensor}/alert_rules`, {
    measure: 'pm25',
    threshold: 25,
    mode: 'auto',
  })(owner);
  expect(rule.status).toBe(201);
  let sensorImport = '';
  if (withImport) {
    const upload = await request(t.url)
      .post(`/api/sensors/${sensor}/imports`)
      .set('Cookie', owner.cookie)
      .attach('file', Buffer.from(CSV), { filename: 'w.csv', contentType: 'text/csv' });
    expect(upload.status).toBe(202);
    sensorImport = upload.body.id;
  }
  return {
    world: { purifier, sensor, rule: rule.body.ulid ?? rule.body.id, sensorImport },
    actors: { owner, pending, accepted, revoked, ...sessions },
  };
}

let shared: Awaited<ReturnType<typeof newWorld>>;

beforeAll(async () => {
  t = await startTestApp();
  tech = await signIn(t, 'ROLE_TECHNICIAN');
  sessions.technician = tech;
  sessions.admin = await signIn(t, 'ROLE_ADMIN');
  sessions.other = await signIn(t);
  shared = await newWorld();
}, 60_000);
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await t?.stop();
});

/** `METHOD /path` of every documented API route that names a purifier, sensor or alert rule. */
function machineRoutes(): string[] {
  return documentedRoutes().filter((r) =>
    /^\w+ \/api\/(purifiers|sensors|sensor_[a-z_]+|alert_[a-z_]+)(\/|$)/.test(r),
  );
}

describe('authorization matrix', () => {
  it('has a row for every machine endpoint of the API document', () => {
    const routes = machineRoutes();
    expect(routes.length).toBeGreaterThan(10);
    const covered = new Set([
      ...Object.keys(ROWS),
      ...Object.keys(LISTS),
      ...Object.keys(NOT_A_MACHINE_OF_A_USER),
    ]);
    expect(routes.filter((r) => !covered.has(r))).toEqual([]);
  });

  for (const [route, row] of Object.entries(ROWS)) {
    it(`${route}: ${ACTORS.map((a) => `${a} ${row.expect[a]}`).join(', ')}`, async () => {
      if (!machineRoutes().includes(route)) return; // not mounted in this build
      const got = {} as Expected;
      for (const actor of ACTORS) {
        const { world, actors } = row.fresh ? await newWorld(!row.noImport) : shared;
        got[actor] = (await row.call(world, actors[actor])).status;
      }
      expect(got).toEqual(row.expect);
    }, 120_000);
  }

  for (const [route, list] of Object.entries(LISTS)) {
    it(`${route}: lists the machine for exactly the owner, accepted invitees and all-seeing roles`, async () => {
      const got = {} as Record<Actor, boolean>;
      for (const actor of ACTORS) {
        const res = await list.call(shared.actors[actor]);
        expect(res.status, actor).toBe(200);
        got[actor] = (res.body['hydra:member'] as { ulid: string }[]).some(
          (m) => m.ulid === shared.world[list.key],
        );
      }
      expect(got).toEqual(LISTED[list.key as 'purifier' | 'sensor']);
    });
  }

  it('socket subscribe: purifier and sensor, same rule as the REST API', async () => {
    const got: Record<string, Record<Actor, boolean>> = { purifier: {}, sensor: {} } as never;
    for (const actor of ACTORS) {
      const socket = await openSocket(t, shared.actors[actor], sockets);
      for (const kind of ['purifier', 'sensor'] as const) {
        const target =
          kind === 'purifier'
            ? { purifier: shared.world.purifier }
            : { sensor: shared.world.sensor };
        const ack = (await socket.timeout(3000).emitWithAck('subscribe', target)) as SubscribeAck;
        got[kind]![actor] = ack.ok;
      }
      socket.disconnect();
    }
    const ok = (e: Expected) =>
      Object.fromEntries(ACTORS.map((a) => [a, e[a] < 300])) as Record<Actor, boolean>;
    expect(got).toEqual({ purifier: ok(PURIFIER_VIEW), sensor: ok(SENSOR_VIEW) });
  });
});
