import request from 'supertest';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestApp } from '../app.ts';
import type { Access } from '../../src/openapi/registry.ts';
import { generateKeys, signIn, type Session } from '../support/purifiers.ts';
import { invite, machinesOf } from '../support/invitations.ts';
import { provisionSensor } from '@aircloud/core/sensors/provisioning';

/** Seeded records the path parameters point at, and the sessions that may use them. */
export interface World {
  sessions: Record<'owner' | 'recipient' | 'technician' | 'admin', Session>;
  /** Path values by `{param}` of a path prefix (see pathValues). */
  ids: {
    purifier: string;
    sensor: string;
    publicSensor: string;
    rule: string;
    sensorImport: string;
    invitation: string;
    productKey: string;
    firmware: string;
    firmwareFile: string;
    media: string;
    webhook: string;
    auditEntry: string;
    rollout: string;
  };
  /** Credentials of a provisioned sensor, for the device API. */
  device: { serial: string; secret: string };
  /** The Meraki shared secret of the purifier, so webhook probes get past authentication. */
  merakiSecret: string;
}

const CSV = 'date,co2 (ppm)\n20/11/2026 10:00,400\n';

/**
 * Builds the world: an owner with machines, an invitation, keys, a firmware (and its audit-log
 * entry) and an avatar.
 */
export async function buildWorld(t: TestApp): Promise<World> {
  const [owner, recipient, technician, admin] = await Promise.all([
    signIn(t),
    signIn(t),
    signIn(t, 'ROLE_TECHNICIAN'),
    signIn(t, 'ROLE_ADMIN'),
  ]);
  const { purifier, sensor } = await machinesOf(t, technician, owner);
  const invitation = await invite(t, owner, recipient.user.email, { purifiers: [purifier] });
  const [key] = await generateKeys(t, technician, 1);
  const device = { serial: `FUZZ-SENSOR-${process.pid}`, secret: '' };
  const provisioned = await provisionSensor(t.db, {
    serialNumber: device.serial,
    userId: owner.user.id,
  });
  device.secret = provisioned.secret;
  const publicSensor = provisioned.sensor.id;
  const shared = await request(t.url)
    .patch(`/api/sensors/${publicSensor}`)
    .set('Cookie', owner.cookie)
    .set('Content-Type', 'application/merge-patch+json')
    .send(JSON.stringify({ is_public: true }));
  expect(shared.status).toBe(200);

  const rule = await request(t.url)
    .post(`/api/sensors/${sensor}/alert_rules`)
    .set('Cookie', owner.cookie)
    .send({ measure: 'pm25', threshold: 25, mode: 'auto' });
  expect(rule.status).toBe(201);
  const upload = await request(t.url)
    .post(`/api/sensors/${sensor}/imports`)
    .set('Cookie', owner.cookie)
    .attach('file', Buffer.from(CSV), { filename: 'w.csv', contentType: 'text/csv' });
  expect(upload.status).toBe(202);
  const firmware = await request(t.url)
    .post('/api/firmwares')
    .set('Cookie', technician.cookie)
    .field('name', 'Fuzz 1.0')
    .field('version', '1.0')
    .field('models', 'HEPA_COCOON,HEPA_DOME_WHITE,HEPA_BULLE_WHITE')
    .attach('file', Buffer.from('firmware bytes'), { filename: 'fuzz-1.0.bin' });
  expect(firmware.status).toBe(201);
  // A rollout of it to the owner's purifier (the default model of machinesOf).
  const rollout = await request(t.url)
    .post('/api/firmware_rollouts')
    .set('Cookie', technician.cookie)
    .send({ firmware: firmware.body.ulid, model: 'HEPA_BULLE_WHITE', purifiers: [purifier] });
  expect(rollout.status).toBe(201);
  const avatar = await request(t.url)
    .post('/api/media_objects')
    .set('Cookie', owner.cookie)
    .attach('file', await smallPng(), { filename: 'a.png', contentType: 'image/png' });
  expect(avatar.status).toBe(201);
  const meraki = await request(t.url)
    .post(`/api/purifiers/${purifier}/meraki/rotate-secret`)
    .set('Cookie', owner.cookie);
  expect(meraki.status).toBe(200);
  const webhook = await request(t.url)
    .post('/api/webhooks')
    .set('Cookie', owner.cookie)
    .send({ url: 'https://93.184.215.14/fuzz' });
  expect(webhook.status).toBe(201);
  // The firmware import above is an entry of the audit log.
  const audit = await request(t.url)
    .get('/api/audit_log?action=firmware_imported')
    .set('Cookie', admin.cookie);
  expect(audit.body['hydra:member']).toHaveLength(1);

  return {
    sessions: { owner, recipient, technician, admin },
    ids: {
      purifier,
      sensor,
      publicSensor,
      rule: rule.body.ulid ?? rule.body.id,
      sensorImport: upload.body.id ?? upload.body.ulid,
      invitation,
      productKey: key!.id,
      firmware: firmware.body.ulid,
      firmwareFile: firmware.body.file_name,
      media: avatar.body.ulid ?? String(avatar.body['@id']).split('/').pop(),
      webhook: webhook.body.id,
      auditEntry: audit.body['hydra:member'][0].ulid,
      rollout: rollout.body.ulid,
    },
    device,
    merakiSecret: meraki.body.shared_secret,
  };
}

/** A tiny real PNG (the avatar upload checks magic bytes and decodes it). */
export function smallPng(): Promise<Buffer> {
  return sharp({ create: { width: 4, height: 4, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
}

/** The value of each path parameter of `path`, pointing at a seeded record of `world`. */
export function pathValues(path: string, world: World, self: Session): Record<string, string> {
  const { ids } = world;
  const rules: [RegExp, Record<string, string>][] = [
    [/^\/api\/purifiers\/\{ulid\}\/sensors\//, { ulid: ids.purifier, sensorUlid: ids.sensor }],
    [/\/(maintenance|network)_events\/\{id\}$/, { ulid: ids.purifier, id: ids.rule }],
    // No episode is seeded: the probes reach the handler's 404 (a numeric id, as documented).
    [/\/decay_episodes\/\{id\}$/, { ulid: ids.purifier, id: '1' }],
    [/^\/api\/purifiers\//, { ulid: ids.purifier }],
    [/^\/webhooks\/meraki\//, { ulid: ids.purifier }],
    // A sensor without a pending import, so upload probes reach the multipart parser.
    [/^\/api\/sensors\/\{ulid\}\/imports$/, { ulid: ids.publicSensor }],
    [/^\/api\/sensors\//, { ulid: ids.sensor }],
    [/^\/public\/sensors\//, { ulid: ids.publicSensor }],
    [/^\/api\/alert_rules\//, { id: ids.rule }],
    [/^\/api\/alert_triggers\//, { id: ids.rule }],
    [/^\/api\/sensor_imports\//, { id: ids.sensorImport }],
    [/^\/api\/invitations\//, { id: ids.invitation }],
    [/^\/api\/product_keys\//, { id: ids.productKey }],
    [/^\/api\/firmwares\//, { id: ids.firmware }],
    [/^\/firmware\//, { id: ids.firmware, fileName: ids.firmwareFile }],
    [/^\/api\/media_objects\//, { id: ids.media }],
    [/^\/api\/webhooks\//, { id: ids.webhook }],
    [/^\/api\/audit_log\//, { id: ids.auditEntry }],
    [/^\/api\/firmware_rollouts\//, { id: ids.rollout }],
    [/^\/api\/users\//, { ulid: self.user.id }],
    [/^\/api\/translations\//, { lang: 'fr', key: 'errors.not_found' }],
    [/^\/api\/validation_codes\//, { code: 'no-such-code' }],
    [/^\/api\/contexts\//, { name: 'Purifier' }],
  ];
  return rules.find(([re]) => re.test(path))?.[1] ?? {};
}

/** The session a probe uses: the lowest role that may call the operation (none when public). */
export function sessionFor(key: string, access: Access, world: World): Session | undefined {
  const { sessions } = world;
  // Only the invited user may answer an invitation.
  if (/^POST \/api\/invitations\/\{id\}\/(accept|refuse)$/.test(key)) return sessions.recipient;
  if (access === 'public') return undefined;
  if (access === 'technician') return sessions.technician;
  if (access === 'admin') return sessions.admin;
  return sessions.owner;
}
