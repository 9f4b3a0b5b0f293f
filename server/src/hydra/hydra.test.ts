import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseHydraDocumentation } from '@api-platform/api-doc-parser';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { invite, machinesOf } from '../../test/support/invitations.ts';
import { signIn, type Session } from '../../test/support/purifiers.ts';

let t: TestApp;
let admin: Session;
let owner: Session;

const DOC_LINK =
  /^<http:\/\/127\.0\.0\.1:\d+\/api\/docs\.jsonld>; rel="http:\/\/www\.w3\.org\/ns\/hydra\/core#apiDocumentation"$/;

const uploadDir = mkdtempSync(join(tmpdir(), 'aircloud-hydra-'));

beforeAll(async () => {
  // A webhook to a local address: allowed here so the collection has a member.
  t = await startTestApp({ UPLOAD_DIR: uploadDir, WEBHOOK_ALLOW_PRIVATE: '1' });
  admin = await signIn(t, 'ROLE_ADMIN');
  owner = await signIn(t);
  // A purifier, a sensor, a product key, an invitation, a webhook, a firmware (whose import is
  // an audit-log entry) and its rollout: every collection has a member.
  const machines = await machinesOf(t, admin, owner);
  await invite(t, owner, 'friend@example.com', { purifiers: [machines.purifier] });
  const hook = await request(t.url)
    .post('/api/webhooks')
    .set('Cookie', admin.cookie)
    .send({ url: 'http://127.0.0.1:9/hook' });
  expect(hook.status).toBe(201);
  const firmware = await request(t.url)
    .post('/api/firmwares')
    .set('Cookie', admin.cookie)
    .field('name', 'Purifier 2.4.1')
    .field('version', '2.4.1')
    .field('models', 'HEPA_DOME_WHITE,HEPA_BULLE_WHITE')
    .attach('file', Buffer.from('firmware'), {
      filename: 'purifier-2.4.1.bin',
      contentType: 'application/x-binary',
    });
  expect(firmware.status).toBe(201);
  const rollout = await request(t.url)
    .post('/api/firmware_rollouts')
    .set('Cookie', admin.cookie)
    .send({
      firmware: firmware.body.ulid,
      model: 'HEPA_BULLE_WHITE',
      purifiers: [machines.purifier],
    });
  expect(rollout.status).toBe(201);
});
afterAll(async () => {
  await t?.stop();
  rmSync(uploadDir, { recursive: true, force: true });
});

/** The collections of the entrypoint, by name. */
const COLLECTIONS = {
  productKey: '/api/product_keys',
  purifier: '/api/purifiers',
  invitation: '/api/invitations',
  sensor: '/api/sensors',
  sensorOverviewTile: '/api/sensor_overview',
  webhook: '/api/webhooks',
  firmware: '/api/firmwares',
  firmwareRollout: '/api/firmware_rollouts',
  user: '/api/users',
  auditLogEntry: '/api/audit_log',
};

describe('GET /api', () => {
  it('is a hydra entrypoint linking every collection, readable without a session', async () => {
    const res = await request(t.url).get('/api');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/ld+json; charset=utf-8');
    expect(res.headers.link).toMatch(DOC_LINK);
    expect(res.body).toEqual({
      '@context': '/api/contexts/Entrypoint',
      '@id': '/api',
      '@type': 'Entrypoint',
      ...COLLECTIONS,
    });
  });

  it('puts the documentation link on every API answer, errors included', async () => {
    const res = await request(t.url).get('/api/purifiers');
    expect(res.status).toBe(401);
    expect(res.headers.link).toMatch(DOC_LINK);
  });
});

describe('GET /api/docs.jsonld', () => {
  it('is a hydra:ApiDocumentation that api-doc-parser reads: every resource with its fields', async () => {
    const { api, status } = await parseHydraDocumentation(`${t.url}/api`);
    expect(status).toBe(200);
    const doc = (await request(t.url).get('/api_documentation.json')).body as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    const resources = Object.fromEntries((api.resources ?? []).map((r) => [r.name, r]));
    expect(Object.keys(resources).sort()).toEqual(
      Object.values(COLLECTIONS)
        .map((path) => path.slice('/api/'.length))
        .sort(),
    );
    for (const [name, schema] of [
      ['purifiers', 'Purifier'],
      ['sensors', 'Sensor'],
      ['users', 'User'],
      ['product_keys', 'ProductKey'],
      ['invitations', 'Invitation'],
      ['firmwares', 'Firmware'],
      ['firmware_rollouts', 'FirmwareRollout'],
      ['sensor_overview', 'SensorOverviewTile'],
      ['webhooks', 'Webhook'],
      ['audit_log', 'AuditLogEntry'],
    ] as const) {
      const fields = (resources[name]!.fields ?? []).map((f) => f.name).sort();
      const expected = Object.keys(doc.components.schemas[schema]!.properties)
        .filter((key) => !key.startsWith('@'))
        .sort();
      expect(fields, name).toEqual(expected);
      expect(resources[name]!.url).toBe(`${t.url}/api/${name}`);
    }
    const purifier = resources.purifiers!;
    expect(purifier.operations?.map((op) => `${op.method} ${op.type}`).sort()).toEqual([
      'DELETE delete',
      'GET list',
      'GET show',
      'PATCH edit',
    ]);
    expect(purifier.fields?.find((f) => f.name === 'name')?.range).toBe(
      'http://www.w3.org/2001/XMLSchema#string',
    );
  });
});

/** Every value of `key` anywhere in a JSON body. */
function valuesOf(body: unknown, key: string, found = new Set<string>()): Set<string> {
  if (Array.isArray(body)) body.forEach((item) => valuesOf(item, key, found));
  else if (body && typeof body === 'object')
    for (const [k, v] of Object.entries(body)) {
      if (k === key && typeof v === 'string') found.add(v);
      else valuesOf(v, key, found);
    }
  return found;
}

describe('GET /api/contexts/{name}', () => {
  it('answers every @context the collections, their items and the errors name', async () => {
    const contexts = new Set<string>([
      '/api/contexts/Error',
      '/api/contexts/ConstraintViolationList',
    ]);
    for (const path of Object.values(COLLECTIONS)) {
      const res = await request(t.url).get(path).set('Cookie', admin.cookie);
      expect(res.status, path).toBe(200);
      valuesOf(res.body, '@context', contexts);
    }
    expect(contexts.size).toBeGreaterThan(6);
    for (const context of contexts) {
      const res = await request(t.url).get(context);
      expect(res.status, context).toBe(200);
      expect(res.headers['content-type']).toBe('application/ld+json; charset=utf-8');
      expect(res.body['@context']['@vocab']).toMatch(/\/api\/docs\.jsonld#$/);
    }
    const purifier = await request(t.url).get('/api/contexts/Purifier');
    expect(purifier.body['@context'].name).toBe('Purifier/name');
  });

  it('answers 404 for an unknown context', async () => {
    const res = await request(t.url).get('/api/contexts/Nothing');
    expect(res.status).toBe(404);
    expect(res.body['hydra:description']).toBe('not_found');
  });
});

describe('@id', () => {
  it('of every member of every collection of the entrypoint dereferences to that item', async () => {
    let checked = 0;
    for (const path of Object.values(COLLECTIONS)) {
      // The owner lists its machines and the invitation it sent; the admin the rest.
      const mine = ['/api/purifiers', '/api/sensors', '/api/invitations'].includes(path);
      const session = mine ? owner : admin;
      const list = await request(t.url).get(path).set('Cookie', session.cookie);
      expect(list.body['hydra:member'].length, path).toBeGreaterThan(0);
      for (const member of list.body['hydra:member'] as { '@id': string }[]) {
        const item = await request(t.url).get(member['@id']).set('Cookie', session.cookie);
        expect(item.status, member['@id']).toBe(200);
        expect(item.body['@id']).toBe(member['@id']);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(6);
  });
});
