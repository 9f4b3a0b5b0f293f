/**
 * Control characters in names (docs/security.md, "Bad input"): a CR/LF in a first name would go
 * into the greeting of a mail, in a machine name into a CSV line. Every name-like field refuses
 * them with 422 (`control_characters` on the field) and stores nothing; a maintenance note keeps
 * its line feeds but refuses the other control characters.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, startTestApp, type TestApp } from '../../test/app.ts';
import { activate, exportedKey, signIn, type Session } from '../../test/support/purifiers.ts';
import { provisionSensor } from '@aircloud/core/sensors/provisioning';

const CRLF = 'Ada\r\nBcc: evil@example.com';

let t: TestApp;
let uploadDir: string;
let owner: Session;
let tech: Session;
let purifier: string;
let sensor: string;

beforeAll(async () => {
  uploadDir = mkdtempSync(join(tmpdir(), 'aircloud-ctrl-'));
  t = await startTestApp({ UPLOAD_DIR: uploadDir });
  owner = await signIn(t);
  tech = await signIn(t, 'ROLE_TECHNICIAN');
  purifier = (await activate(t, owner, (await exportedKey(t, tech)).key)).ulid;
  sensor = (
    await provisionSensor(t.db, {
      serialNumber: `CTRL-${process.pid}-${Date.now()}`,
      userId: owner.user.id,
      name: 'Lab',
    })
  ).sensor.id;
}, 60_000);
afterAll(async () => {
  await t?.stop();
  if (uploadDir) rmSync(uploadDir, { recursive: true, force: true });
});

/** The fields a 422 refused for control characters. */
function refusedFields(res: request.Response): string[] {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  return (res.body.violations as { propertyPath: string; code: string }[])
    .filter((v) => v.code === 'control_characters')
    .map((v) => v.propertyPath)
    .sort();
}

const mergePatch = (path: string, session: Session, body: object) =>
  request(t.url)
    .patch(path)
    .set('Cookie', session.cookie)
    .set('Content-Type', 'application/merge-patch+json')
    .send(JSON.stringify(body));

describe('name-like fields refuse control characters (422)', () => {
  it('registration: first name, last name, company', async () => {
    const res = await request(t.url).post('/api/registration').send({
      firstname: CRLF,
      lastname: 'Hopper\u0007',
      email: 'crlf@example.com',
      password: GOOD_PASSWORD,
      company: 'Navy\nInc',
    });
    expect(refusedFields(res)).toEqual(['company', 'firstname', 'lastname']);
    const again = await request(t.url).post('/api/registration').send({
      firstname: 'Grace',
      lastname: 'Hopper',
      email: 'crlf@example.com',
      password: GOOD_PASSWORD,
    });
    expect(again.status).toBe(201);
  });

  it('a user profile: first name, last name, company, phone', async () => {
    const res = await request(t.url)
      .put(`/api/users/${owner.user.id}`)
      .set('Cookie', owner.cookie)
      .send({
        firstname: CRLF,
        lastname: 'L\tL',
        company: 'C\u0000',
        phone: '+33 6 12\r\n' + '34',
      });
    expect(refusedFields(res)).toEqual(['company', 'firstname', 'lastname', 'phone']);
    const me = await request(t.url).get('/api/me').set('Cookie', owner.cookie);
    expect(me.body.firstname).toBe('Ada');
  });

  it('a purifier: name and short name', async () => {
    const res = await mergePatch(`/api/purifiers/${purifier}`, owner, {
      name: CRLF,
      short_name: 'A\u2028B',
    });
    expect(refusedFields(res)).toEqual(['name', 'short_name']);
  });

  it('a sensor: name and short name, also when provisioned', async () => {
    const res = await mergePatch(`/api/sensors/${sensor}`, owner, {
      name: CRLF,
      short_name: 'A\rB',
    });
    expect(refusedFields(res)).toEqual(['name', 'short_name']);
    const provisioned = await request(t.url)
      .post('/api/sensors')
      .set('Cookie', tech.cookie)
      .send({ serial_number: 'CTRL-NEW-1', owner_email: owner.user.email, name: CRLF });
    expect(refusedFields(provisioned)).toEqual(['name']);
  });

  it('a firmware name', async () => {
    const res = await request(t.url)
      .post('/api/firmwares')
      .set('Cookie', tech.cookie)
      .field('name', 'v1.2\r\nX-Injected: 1')
      .field('version', '1.2\r\nX-Injected: 1')
      .field('models', 'HEPA_COCOON')
      .attach('file', Buffer.from('firmware image'), 'fw.bin');
    expect(refusedFields(res)).toEqual(['name', 'version']);
    const list = await request(t.url).get('/api/firmwares').set('Cookie', tech.cookie);
    expect(list.body['hydra:totalItems']).toBe(0);
  });

  it('a maintenance note keeps its lines but refuses other control characters', async () => {
    const path = `/api/purifiers/${purifier}/maintenance_events`;
    const refused = await request(t.url)
      .post(path)
      .set('Cookie', owner.cookie)
      .send({ type: 'filters', note: 'HEPA\u001b[2J' });
    expect(refusedFields(refused)).toEqual(['note']);
    const kept = await request(t.url)
      .post(path)
      .set('Cookie', owner.cookie)
      .send({ type: 'filters', note: 'HEPA H13\r\nchanged by Ada' });
    expect(kept.status).toBe(201);
    expect(kept.body.note).toBe('HEPA H13\nchanged by Ada');
  });
});
