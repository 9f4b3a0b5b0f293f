/**
 * Who may call every endpoint of the API document: an anonymous visitor, a machine's owner, a
 * user invited to it (pending, accepted, revoked), another user, a technician and an admin. The
 * routes come from the OpenAPI registry, so a new endpoint without a row here fails the first
 * test. Socket events are in socket-matrix.test.ts.
 *
 * Adding a row: one entry in ROWS keyed `METHOD /path` (OpenAPI form), with the request to make
 * (built from the world's ids) and the expected status per actor: a machine profile (owner,
 * invited…), a role profile (signedIn, technicianOnly, adminOnly, everybody) or an explicit object.
 * Role rows send a request the gate must stop (or let through to a harmless 404/422), so they
 * check the gate without changing data.
 */
import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { documentedRoutes } from '../openapi/registry.ts';
import { signIn, type Session } from '../../test/support/purifiers.ts';
import { acceptedShare, invite, machinesOf } from '../../test/support/invitations.ts';

const ACTORS = [
  'anonymous',
  'owner',
  'pending',
  'accepted',
  'revoked',
  'other',
  'technician',
  'admin',
] as const;
type Actor = (typeof ACTORS)[number];
type Expected = Record<Actor, number>;

/** Every actor gets the same answer (public routes, or a gate that is not about the caller). */
const everybody = (status: number): Expected =>
  Object.fromEntries(ACTORS.map((a) => [a, status])) as Expected;
/** Any signed-in user; 401 anonymous. */
const signedIn = (ok: number): Expected => ({ ...everybody(ok), anonymous: 401 });
/** Technicians and admins; 403 for users, 401 anonymous. */
const technicianOnly = (ok: number): Expected => ({
  ...everybody(403),
  anonymous: 401,
  technician: ok,
  admin: ok,
});
/** Admins only. */
const adminOnly = (ok: number): Expected => ({ ...technicianOnly(ok), technician: 403 });

/** Purifiers: owner and admin; an accepted invitation views and controls, never manages. */
const PURIFIER_VIEW: Expected = {
  anonymous: 401,
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
  anonymous: 401,
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
/** The owner's pending invitation to `pending`: sender or recipient, 404 for anybody else. */
const invitationParty = (sender: number, recipient: number): Expected => ({
  ...everybody(404),
  anonymous: 401,
  owner: sender,
  pending: recipient,
});
/** A user record: the user themself and admins; 403 for the others. */
const userRecord = (ok: number): Expected => ({ ...adminOnly(ok), owner: ok });

/** The machines of one owner and the ids the rows need. */
interface World {
  owner: string;
  purifier: string;
  sensor: string;
  rule: string;
  sensorImport: string;
  /** The owner's invitation to `pending`, waiting for approval. */
  invitation: string;
  /** The owner's avatar upload. */
  media: string;
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
const UNKNOWN = '01JZZZZZZZZZZZZZZZZZZZZZZZ';
const range = () =>
  `from=${encodeURIComponent(new Date(Date.now() - HOUR).toISOString())}&to=${encodeURIComponent(new Date().toISOString())}`;
const CSV = 'date,co2 (ppm)\n20/11/2026 10:00,400\n';

let t: TestApp;
let tech: Session;
let png: Buffer;
const sessions = {} as Record<'anonymous' | 'other' | 'technician' | 'admin', Session>;

/** The request with the actor's cookie (none for the anonymous visitor). */
const as = (req: request.Test, s: Session) => (s.cookie ? req.set('Cookie', s.cookie) : req);
const get = (path: string) => (s: Session) => as(request(t.url).get(path), s);
const send =
  (method: 'post' | 'patch' | 'put' | 'delete', path: string, body?: object) => (s: Session) => {
    const req = as(request(t.url)[method](path), s);
    if (method === 'patch')
      return req
        .set('Content-Type', 'application/merge-patch+json')
        .send(JSON.stringify(body ?? {}));
    return body ? req.send(body) : req;
  };
const upload = (path: string, file: Buffer, name: string, type: string) => (s: Session) =>
  as(request(t.url).post(path), s).attach('file', file, { filename: name, contentType: type });

/** Rows about one machine of a user: who reaches it. */
const MACHINE_ROWS: Record<string, Row> = {
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
  'GET /api/purifiers/{ulid}/maintenance_events/{id}': {
    // No such event: the same 404 to every signed-in caller, whoever may view the purifier.
    call: (w, s) => get(`/api/purifiers/${w.purifier}/maintenance_events/${UNKNOWN}`)(s),
    expect: signedIn(404),
  },
  'POST /api/purifiers/{ulid}/maintenance_events': {
    call: (w, s) =>
      send('post', `/api/purifiers/${w.purifier}/maintenance_events`, { type: 'filters' })(s),
    expect: purifierControl(201),
  },
  'GET /api/purifiers/{ulid}/effectiveness': {
    call: (w, s) => get(`/api/purifiers/${w.purifier}/effectiveness`)(s),
    expect: PURIFIER_VIEW,
  },
  'GET /api/purifiers/{ulid}/maintenance_forecast': {
    call: (w, s) => get(`/api/purifiers/${w.purifier}/maintenance_forecast`)(s),
    expect: PURIFIER_VIEW,
  },
  'GET /api/purifiers/{ulid}/decay_episodes': {
    call: (w, s) => get(`/api/purifiers/${w.purifier}/decay_episodes`)(s),
    expect: PURIFIER_VIEW,
  },
  'GET /api/purifiers/{ulid}/decay_episodes/{id}': {
    // No such episode: the same 404 to every signed-in caller, whoever may view the purifier.
    call: (w, s) => get(`/api/purifiers/${w.purifier}/decay_episodes/999999999`)(s),
    expect: signedIn(404),
  },
  'GET /api/purifiers/{ulid}/meraki': {
    call: (w, s) => get(`/api/purifiers/${w.purifier}/meraki`)(s),
    expect: PURIFIER_VIEW,
  },
  'POST /api/purifiers/{ulid}/meraki/rotate-secret': {
    call: (w, s) => send('post', `/api/purifiers/${w.purifier}/meraki/rotate-secret`)(s),
    // The shared secret is the owner's: whoever knows it switches the purifier without an account.
    expect: { ...purifierControl(200), accepted: 403 },
  },
  'DELETE /api/purifiers/{ulid}/sensors/{sensorUlid}': {
    call: (w, s) => send('delete', `/api/purifiers/${w.purifier}/sensors/${w.sensor}`)(s),
    expect: PURIFIER_MANAGE,
    fresh: true,
  },
  'GET /api/purifiers/{ulid}/network_events/{id}': {
    // No such event: the same 404 to every signed-in caller, whoever may view the purifier.
    call: (w, s) => get(`/api/purifiers/${w.purifier}/network_events/${UNKNOWN}`)(s),
    expect: signedIn(404),
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
  'GET /api/alert_rules/{id}': {
    call: (w, s) => get(`/api/alert_rules/${w.rule}`)(s),
    expect: SENSOR_VIEW,
  },
  'PATCH /api/alert_rules/{id}': {
    call: (w, s) => send('patch', `/api/alert_rules/${w.rule}`, { threshold: 30 })(s),
    expect: sensorControl(200),
  },
  'DELETE /api/alert_rules/{id}': {
    // The owner's rule: a share deletes only the rules its user created.
    call: (w, s) => send('delete', `/api/alert_rules/${w.rule}`)(s),
    expect: sensorManage(204),
    fresh: true,
  },
  'GET /api/alert_triggers/{id}': {
    // Nobody's history entry: the same 404 to every signed-in caller.
    call: (_w, s) => get(`/api/alert_triggers/${UNKNOWN}`)(s),
    expect: signedIn(404),
  },
  'GET /api/sensors/{ulid}/alert_triggers': {
    call: (w, s) => get(`/api/sensors/${w.sensor}/alert_triggers`)(s),
    expect: SENSOR_VIEW,
  },
  'POST /api/sensors/{ulid}/imports': {
    call: (w, s) =>
      upload(`/api/sensors/${w.sensor}/imports`, Buffer.from(CSV), 'm.csv', 'text/csv')(s),
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
    // Cancelling deletes history: the owner's.
    call: (w, s) => send('delete', `/api/sensor_imports/${w.sensorImport}`)(s),
    expect: sensorManage(200),
    fresh: true,
  },
};

/** Rows about a record of a user that is not a machine: invitations, users, avatars. */
const RECORD_ROWS: Record<string, Row> = {
  'GET /api/invitations/{id}': {
    call: (w, s) => get(`/api/invitations/${w.invitation}`)(s),
    expect: invitationParty(200, 200),
  },
  'PATCH /api/invitations/{id}': {
    call: (w, s) =>
      send('patch', `/api/invitations/${w.invitation}`, {
        purifiers: [w.purifier],
        sensors: [w.sensor],
      })(s),
    expect: invitationParty(200, 403),
  },
  'POST /api/invitations/{id}/accept': {
    call: (w, s) => send('post', `/api/invitations/${w.invitation}/accept`)(s),
    expect: invitationParty(403, 200),
    fresh: true,
  },
  'POST /api/invitations/{id}/refuse': {
    call: (w, s) => send('post', `/api/invitations/${w.invitation}/refuse`)(s),
    expect: invitationParty(403, 204),
    fresh: true,
  },
  'DELETE /api/invitations/{id}': {
    // The sender withdraws, the recipient declines; nobody else sees it.
    call: (w, s) => send('delete', `/api/invitations/${w.invitation}`)(s),
    expect: invitationParty(204, 204),
    fresh: true,
  },
  'POST /api/invitations': {
    // Only the owner may share a machine: 422 invitation_machine_not_owned for anybody else,
    // the same answer as for a machine that does not exist.
    call: (w, s) =>
      send('post', '/api/invitations', {
        emails: 'someone@example.com',
        purifiers: [w.purifier],
        sensors: [],
      })(s),
    expect: { ...signedIn(422), owner: 201 },
  },
  'GET /api/users/{ulid}': {
    call: (w, s) => get(`/api/users/${w.owner}`)(s),
    expect: userRecord(200),
  },
  'PUT /api/users/{ulid}': {
    call: (w, s) => send('put', `/api/users/${w.owner}`, { company: 'Acme' })(s),
    expect: userRecord(200),
  },
  'GET /api/media_objects/{id}': {
    call: (w, s) => get(`/api/media_objects/${w.media}`)(s),
    expect: { ...signedIn(404), owner: 200, admin: 200 },
  },
  'GET /api/media_objects/{id}/content': {
    // The uploader, admins, and whoever wears it as avatar (nobody here).
    call: (w, s) => get(`/api/media_objects/${w.media}/content`)(s),
    expect: { ...signedIn(404), owner: 200, admin: 200 },
  },
};

/** Rows gated by being signed in or by role: requests that stop at a harmless 404/422. */
const ROLE_ROWS: Record<string, Row> = {
  'GET /api/me': { call: (_w, s) => get('/api/me')(s), expect: signedIn(200) },
  'POST /api/me/edit-password': {
    call: (_w, s) => send('post', '/api/me/edit-password', {})(s),
    expect: signedIn(422),
  },
  'POST /api/me/generate-api-token': {
    call: (_w, s) => send('post', '/api/me/generate-api-token')(s),
    expect: signedIn(200),
  },
  'GET /api/me/notification_preferences': {
    call: (_w, s) => get('/api/me/notification_preferences')(s),
    expect: signedIn(200),
  },
  'PUT /api/me/notification_preferences': {
    call: (_w, s) => send('put', '/api/me/notification_preferences', { offline_delay_min: 0 })(s),
    expect: signedIn(422),
  },
  'GET /api/notifications': {
    call: (_w, s) => get('/api/notifications')(s),
    expect: signedIn(200),
  },
  'POST /api/notifications/read': {
    call: (_w, s) => send('post', '/api/notifications/read', { all: true })(s),
    expect: signedIn(200),
  },
  'GET /api/me/push_public_key': {
    call: (_w, s) => get('/api/me/push_public_key')(s),
    expect: signedIn(200),
  },
  'POST /api/me/push_subscriptions': {
    call: (_w, s) =>
      send('post', '/api/me/push_subscriptions', { endpoint: 'ftp://push.example.com' })(s),
    expect: signedIn(422),
  },
  'DELETE /api/me/push_subscriptions': {
    // Nobody's endpoint: the same 404 to every signed-in caller.
    call: (_w, s) =>
      send('delete', '/api/me/push_subscriptions', { endpoint: 'https://push.example.com/x' })(s),
    expect: signedIn(404),
  },
  'GET /api/webhooks': { call: (_w, s) => get('/api/webhooks')(s), expect: signedIn(200) },
  'POST /api/webhooks': {
    call: (_w, s) => send('post', '/api/webhooks', { url: 'ftp://example.com' })(s),
    expect: signedIn(422),
  },
  'GET /api/webhooks/{id}': {
    // Nobody's webhook: the same 404 to every signed-in caller.
    call: (_w, s) => get(`/api/webhooks/${UNKNOWN}`)(s),
    expect: signedIn(404),
  },
  'DELETE /api/webhooks/{id}': {
    // Nobody's webhook: the same 404 to every signed-in caller.
    call: (_w, s) => send('delete', `/api/webhooks/${UNKNOWN}`)(s),
    expect: signedIn(404),
  },
  'GET /api/webhooks/{id}/deliveries': {
    call: (_w, s) => get(`/api/webhooks/${UNKNOWN}/deliveries`)(s),
    expect: signedIn(404),
  },
  'GET /api/invitations': { call: (_w, s) => get('/api/invitations')(s), expect: signedIn(200) },
  'POST /api/media_objects': {
    call: (_w, s) => upload('/api/media_objects', png, 'a.png', 'image/png')(s),
    expect: signedIn(201),
  },
  'POST /api/purifiers/activate': {
    call: (_w, s) => send('post', '/api/purifiers/activate', { key: 'AAAA-BBBB-CCCC-DDDD' })(s),
    expect: signedIn(422),
  },
  'GET /api/users': { call: (_w, s) => get('/api/users')(s), expect: adminOnly(200) },
  'POST /api/users': {
    call: (_w, s) => send('post', '/api/users', {})(s),
    expect: adminOnly(422),
  },
  'DELETE /api/users/{ulid}': {
    call: (_w, s) => send('delete', `/api/users/${UNKNOWN}`)(s),
    expect: adminOnly(404),
  },
  'GET /api/product_keys': {
    call: (_w, s) => get('/api/product_keys')(s),
    expect: technicianOnly(200),
  },
  'POST /api/product_keys/generate': {
    call: (_w, s) => send('post', '/api/product_keys/generate', {})(s),
    expect: technicianOnly(422),
  },
  'POST /api/product_keys/export': {
    call: (_w, s) => send('post', '/api/product_keys/export', { ids: 'nope' })(s),
    expect: technicianOnly(422),
  },
  'GET /api/product_keys/{id}': {
    call: (_w, s) => get(`/api/product_keys/${UNKNOWN}`)(s),
    expect: technicianOnly(404),
  },
  'PATCH /api/product_keys/{id}': {
    call: (_w, s) => send('patch', `/api/product_keys/${UNKNOWN}`, { state: 'blocked' })(s),
    expect: technicianOnly(404),
  },
  'POST /api/product_keys/{id}/regenerate': {
    call: (_w, s) => send('post', `/api/product_keys/${UNKNOWN}/regenerate`)(s),
    expect: technicianOnly(404),
  },
  'POST /api/product_keys/{id}/unlink': {
    call: (_w, s) => send('post', `/api/product_keys/${UNKNOWN}/unlink`)(s),
    expect: technicianOnly(404),
  },
  'POST /api/sensors': {
    call: (_w, s) => send('post', '/api/sensors', {})(s),
    expect: technicianOnly(422),
  },
  'GET /api/firmwares': { call: (_w, s) => get('/api/firmwares')(s), expect: technicianOnly(200) },
  'GET /api/firmware_rollouts': {
    call: (_w, s) => get('/api/firmware_rollouts')(s),
    expect: technicianOnly(200),
  },
  'POST /api/firmware_rollouts': {
    call: (_w, s) => send('post', '/api/firmware_rollouts', {})(s),
    expect: technicianOnly(422),
  },
  'GET /api/firmware_rollouts/{id}': {
    call: (_w, s) => get(`/api/firmware_rollouts/${UNKNOWN}`)(s),
    expect: technicianOnly(404),
  },
  'GET /api/firmware_rollouts/{id}/purifiers': {
    call: (_w, s) => get(`/api/firmware_rollouts/${UNKNOWN}/purifiers`)(s),
    expect: technicianOnly(404),
  },
  'POST /api/firmware_rollouts/{id}/pause': {
    call: (_w, s) => send('post', `/api/firmware_rollouts/${UNKNOWN}/pause`)(s),
    expect: technicianOnly(404),
  },
  'POST /api/firmware_rollouts/{id}/resume': {
    call: (_w, s) => send('post', `/api/firmware_rollouts/${UNKNOWN}/resume`)(s),
    expect: technicianOnly(404),
  },
  'POST /api/firmware_rollouts/{id}/abort': {
    call: (_w, s) => send('post', `/api/firmware_rollouts/${UNKNOWN}/abort`)(s),
    expect: technicianOnly(404),
  },
  'GET /api/fleet': { call: (_w, s) => get('/api/fleet')(s), expect: technicianOnly(200) },
  'GET /api/fleet/purifiers': {
    call: (_w, s) => get('/api/fleet/purifiers?held=true')(s),
    expect: technicianOnly(200),
  },
  'GET /api/fleet/sensors': {
    call: (_w, s) => get('/api/fleet/sensors')(s),
    expect: technicianOnly(200),
  },
  'POST /api/firmwares': {
    call: (_w, s) => send('post', '/api/firmwares', { name: 'json is not a file' })(s),
    expect: technicianOnly(415),
  },
  'GET /api/firmwares/{id}': {
    call: (_w, s) => get(`/api/firmwares/${UNKNOWN}`)(s),
    expect: technicianOnly(404),
  },
  'DELETE /api/firmwares/{id}': {
    call: (_w, s) => send('delete', `/api/firmwares/${UNKNOWN}`)(s),
    expect: technicianOnly(404),
  },
  'GET /api/translations': { call: (_w, s) => get('/api/translations')(s), expect: adminOnly(200) },
  'GET /api/telemetry_retention': {
    call: (_w, s) => get('/api/telemetry_retention')(s),
    expect: adminOnly(200),
  },
  'PUT /api/translations/{lang}/{key}': {
    call: (_w, s) => send('put', '/api/translations/en/purifiers.title', {})(s),
    expect: adminOnly(422),
  },
  'DELETE /api/translations/{lang}/{key}': {
    call: (_w, s) => send('delete', '/api/translations/en/no.such.key')(s),
    expect: adminOnly(422),
  },
  // Issue 21: technicians make administrative writes but only administrators read the log.
  'GET /api/audit_log': { call: (_w, s) => get('/api/audit_log')(s), expect: adminOnly(200) },
  'GET /api/audit_log/{id}': {
    call: (_w, s) => get(`/api/audit_log/${UNKNOWN}`)(s),
    expect: adminOnly(404),
  },
};

/** Public rows: the same answer whoever calls (a cookie grants nothing more). */
const PUBLIC_ROWS: Record<string, Row> = {
  'POST /api/registration': {
    call: (_w, s) => send('post', '/api/registration', {})(s),
    expect: everybody(422),
  },
  'POST /api/registration/resend': {
    // 204 whatever the address: nobody learns whether an account exists.
    call: (_w, s) => send('post', '/api/registration/resend', { email: 'nobody@example.com' })(s),
    expect: everybody(204),
  },
  'GET /api/validation_codes/{code}': {
    call: (_w, s) => get('/api/validation_codes/not-a-code')(s),
    expect: everybody(404),
  },
  'GET /api/translations/{lang}/overrides': {
    call: (_w, s) => get('/api/translations/en/overrides')(s),
    expect: everybody(200),
  },
  'POST /security/token/request': {
    call: (_w, s) => send('post', '/security/token/request', {})(s),
    expect: everybody(422),
  },
  'POST /security/token/refresh': {
    // The access cookie is no refresh token.
    call: (_w, s) => send('post', '/security/token/refresh')(s),
    expect: everybody(401),
  },
  'GET /security/logout': {
    call: (_w, s) => get('/security/logout')(s),
    expect: everybody(204),
  },
  'POST /security/forgot-password': {
    call: (_w, s) => send('post', '/security/forgot-password', {})(s),
    expect: everybody(422),
  },
  'POST /security/reset-password': {
    call: (_w, s) => send('post', '/security/reset-password', {})(s),
    expect: everybody(422),
  },
  'POST /security/activate': {
    call: (_w, s) => send('post', '/security/activate', {})(s),
    expect: everybody(422),
  },
  'GET /public/sensors/{ulid}': {
    // Not public: the owner's cookie does not open the public page either.
    call: (w, s) => get(`/public/sensors/${w.sensor}`)(s),
    expect: everybody(404),
  },
  'GET /public/sensors/{ulid}/measures': {
    call: (w, s) => get(`/public/sensors/${w.sensor}/measures?${range()}`)(s),
    expect: everybody(404),
  },
  'GET /firmware/{id}/{fileName}': {
    call: (_w, s) => get(`/firmware/${UNKNOWN}/fw.bin`)(s),
    expect: everybody(404),
  },
  'POST /webhooks/meraki/{ulid}': {
    // The shared secret, not a cookie, opens the webhook.
    call: (w, s) => send('post', `/webhooks/meraki/${w.purifier}`, { sharedSecret: 'wrong' })(s),
    expect: everybody(401),
  },
  'POST /device/v1/telemetry': {
    // Devices authenticate with serial and secret; a browser session opens nothing.
    call: (_w, s) => send('post', '/device/v1/telemetry', { ts: new Date().toISOString() })(s),
    expect: everybody(401),
  },
  'POST /device/v1/credentials': {
    // Only a purifier's serial and product key (Basic) exchange; a browser session opens nothing.
    call: (_w, s) => send('post', '/device/v1/credentials')(s),
    expect: everybody(401),
  },
  // The hydra entrypoint, documentation and contexts describe the API, nobody's data.
  'GET /api': { call: (_w, s) => get('/api')(s), expect: everybody(200) },
  'GET /api/docs.jsonld': { call: (_w, s) => get('/api/docs.jsonld')(s), expect: everybody(200) },
  'GET /api/contexts/{name}': {
    call: (_w, s) => get('/api/contexts/Purifier')(s),
    expect: everybody(200),
  },
  'GET /healthz': { call: (_w, s) => get('/healthz')(s), expect: everybody(200) },
  'GET /readyz': { call: (_w, s) => get('/readyz')(s), expect: everybody(200) },
  // Off in this app (no METRICS_TOKEN): the same 404 for everybody, a session opens nothing.
  'GET /metrics': { call: (_w, s) => get('/metrics')(s), expect: everybody(404) },
};

const ROWS: Record<string, Row> = {
  ...MACHINE_ROWS,
  ...RECORD_ROWS,
  ...ROLE_ROWS,
  ...PUBLIC_ROWS,
};

/** List endpoints: whether the actor's list shows the machine (200 for every signed-in actor). */
const LISTS: Record<string, { call: (s: Session) => request.Test; key: 'purifier' | 'sensor' }> = {
  'GET /api/purifiers': { call: get('/api/purifiers'), key: 'purifier' },
  'GET /api/sensors': { call: get('/api/sensors'), key: 'sensor' },
  'GET /api/sensor_overview': { call: get('/api/sensor_overview'), key: 'sensor' },
};
const LISTED: Record<'purifier' | 'sensor', Record<Exclude<Actor, 'anonymous'>, boolean>> = {
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

/** A new owner with a purifier, a sensor, an alert rule, an import, an avatar and invitees. */
async function newWorld(
  withImport = true,
): Promise<{ world: World; actors: Record<Actor, Session> }> {
  const owner = await signIn(t);
  const [pending, accepted, revoked] = await Promise.all([signIn(t), signIn(t), signIn(t)]);
  const { purifier, sensor } = await machinesOf(t, tech, owner);
  await send('put', `/api/sensors/${sensor}/purifiers`, { purifiers: [purifier] })(owner).expect(
    200,
  );
  const machines = { purifiers: [purifier], sensors: [sensor] };
  const invitation = await invite(t, owner, pending.user.email, machines);
  await acceptedShare(t, owner, accepted, machines);
  const revokedId = await acceptedShare(t, owner, revoked, machines);
  await send('delete', `/api/invitations/${revokedId}`)(owner).expect(204);
  const rule = await send('post', `/api/sensors/${sensor}/alert_rules`, {
    measure: 'pm25',
    threshold: 25,
    mode: 'auto',
  })(owner);
  expect(rule.status).toBe(201);
  const media = await upload('/api/media_objects', png, 'me.png', 'image/png')(owner);
  expect(media.status).toBe(201);
  let sensorImport = '';
  if (withImport) {
    const imported = await upload(
      `/api/sensors/${sensor}/imports`,
      Buffer.from(CSV),
      'w.csv',
      'text/csv',
    )(owner);
    expect(imported.status).toBe(202);
    sensorImport = imported.body.id;
  }
  return {
    world: {
      owner: owner.user.id,
      purifier,
      sensor,
      rule: rule.body.ulid ?? rule.body.id,
      sensorImport,
      invitation,
      media: String(media.body['@id']).split('/').pop()!,
    },
    actors: { owner, pending, accepted, revoked, ...sessions },
  };
}

let shared: Awaited<ReturnType<typeof newWorld>>;

beforeAll(async () => {
  // The public rows post bad bodies to the rate-limited calls once per actor.
  t = await startTestApp({
    LOGIN_RATE_LIMIT: '1000',
    FORGOT_PASSWORD_RATE_LIMIT: '1000',
    REGISTRATION_RATE_LIMIT: '1000',
  });
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  tech = await signIn(t, 'ROLE_TECHNICIAN');
  sessions.technician = tech;
  sessions.admin = await signIn(t, 'ROLE_ADMIN');
  sessions.other = await signIn(t);
  sessions.anonymous = { cookie: '' } as Session;
  shared = await newWorld();
}, 60_000);
afterAll(async () => {
  await t?.stop();
});

describe('authorization matrix', () => {
  it('has a row for every endpoint of the API document', () => {
    const routes = documentedRoutes();
    expect(routes.length).toBeGreaterThan(60);
    const covered = new Set([...Object.keys(ROWS), ...Object.keys(LISTS)]);
    expect(routes.filter((r) => !covered.has(r))).toEqual([]);
    // And no row for a route that no longer exists.
    expect([...covered].filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('every row of a signed-in route refuses the anonymous visitor with 401', () => {
    const open = Object.entries(ROWS)
      .filter(([route, row]) => !(route in PUBLIC_ROWS) && row.expect.anonymous !== 401)
      .map(([route]) => route);
    expect(open).toEqual([]);
  });

  for (const [route, row] of Object.entries(ROWS)) {
    it(`${route}: ${ACTORS.map((a) => `${a} ${row.expect[a]}`).join(', ')}`, async () => {
      const got = {} as Expected;
      for (const actor of ACTORS) {
        const { world, actors } = row.fresh ? await newWorld(!row.noImport) : shared;
        got[actor] = (await row.call(world, actors[actor])).status;
      }
      expect(got).toEqual(row.expect);
    }, 120_000);
  }

  for (const [route, list] of Object.entries(LISTS)) {
    it(`${route}: 401 anonymous; lists the machine for exactly the owner, accepted invitees and all-seeing roles`, async () => {
      expect((await list.call(sessions.anonymous)).status).toBe(401);
      const got = {} as Record<Exclude<Actor, 'anonymous'>, boolean>;
      for (const actor of ACTORS) {
        if (actor === 'anonymous') continue;
        const res = await list.call(shared.actors[actor]);
        expect(res.status, actor).toBe(200);
        got[actor] = (res.body['hydra:member'] as { ulid: string }[]).some(
          (m) => m.ulid === shared.world[list.key],
        );
      }
      expect(got).toEqual(LISTED[list.key]);
    });
  }
});
