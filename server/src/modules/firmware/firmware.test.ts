import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, startTestApp, type TestApp } from '../../../test/app.ts';
import { signIn, type Session } from '../../../test/support/purifiers.ts';

/** A small limit so "exactly at the limit" and "one byte over" are cheap to send. */
const LIMIT = 64 * 1024;

let t: TestApp;
let uploadDir: string;
let tech: Session;
let admin: Session;
let user: Session;

beforeAll(async () => {
  uploadDir = mkdtempSync(join(tmpdir(), 'aircloud-firmware-'));
  t = await startTestApp({ UPLOAD_DIR: uploadDir, FIRMWARE_MAX_BYTES: String(LIMIT) });
  [tech, admin, user] = await Promise.all([
    signIn(t, 'ROLE_TECHNICIAN'),
    signIn(t, 'ROLE_ADMIN'),
    signIn(t, 'ROLE_USER'),
  ]);
});
afterAll(async () => {
  await t?.stop();
  rmSync(uploadDir, { recursive: true, force: true });
});

const dir = () => join(uploadDir, 'firmware');
const storedFiles = () => (existsSync(dir()) ? readdirSync(dir()) : []);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

function upload(
  session: Session,
  file: Buffer | null,
  name: string | null = 'Purifier 2.4.1',
  fields: { version?: string; models?: string } = {
    version: '2.4.1',
    models: 'HEPA_DOME_WHITE,HEPA_BULLE_WHITE',
  },
) {
  const req = request(t.url).post('/api/firmwares').set('Cookie', session.cookie);
  if (name !== null) req.field('name', name);
  if (fields.version !== undefined) req.field('version', fields.version);
  if (fields.models !== undefined) req.field('models', fields.models);
  if (file)
    req.attach('file', file, {
      filename: 'purifier-2.4.1.bin',
      contentType: 'application/x-binary',
    });
  return req;
}

describe('POST /api/firmwares', () => {
  it('stores a file of exactly the limit with its SHA-256, under a random name', async () => {
    const data = randomBytes(LIMIT);
    const res = await upload(tech, data);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      '@type': 'Firmware',
      name: 'Purifier 2.4.1',
      version: '2.4.1',
      models: ['HEPA_BULLE_WHITE', 'HEPA_DOME_WHITE'],
      file_name: 'purifier-2.4.1.bin',
      size: LIMIT,
      sha256: sha256(data),
      public_url: `${PUBLIC_URL}/firmware/${res.body.ulid}/purifier-2.4.1.bin`,
    });
    expect(res.headers.location).toBe(`/api/firmwares/${res.body.ulid}`);
    const stored = storedFiles().filter((f) => !f.startsWith('.'));
    expect(stored.some((f) => /^[0-9a-f]{32}\.bin$/.test(f))).toBe(true);
    const onDisk = stored.map((f) => readFileSync(join(dir(), f)));
    expect(onDisk.some((b) => b.equals(data))).toBe(true);
  });

  it('refuses one byte over the limit with 413 and leaves no file behind', async () => {
    const before = storedFiles().length;
    const res = await upload(tech, randomBytes(LIMIT + 1));
    expect(res.status).toBe(413);
    expect(res.body['hydra:description']).toBe('payload_too_large');
    expect(res.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'file', code: 'firmware-size' }),
    ]);
    expect(storedFiles().length).toBe(before);
    expect(storedFiles().filter((f) => f.startsWith('.upload-'))).toEqual([]);
  });

  it('requires a name and a file (422) and keeps nothing', async () => {
    const before = storedFiles().length;
    const noName = await upload(tech, randomBytes(100), null);
    expect(noName.status).toBe(422);
    expect(noName.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'name', code: 'required' }),
    ]);
    const blankName = await upload(tech, randomBytes(100), '   ');
    expect(blankName.status).toBe(422);
    const noFile = await upload(tech, null);
    expect(noFile.status).toBe(422);
    expect(noFile.body['hydra:description']).toBe('type_file_not_found');
    expect(storedFiles().length).toBe(before);
  });

  it('requires a version and at least one known model (422, catalogue keys) and keeps nothing', async () => {
    const before = storedFiles().length;
    const cases: [{ version?: string; models?: string }, string, string][] = [
      [{ models: 'HEPA_COCOON' }, 'version', 'required'],
      [{ version: 'latest', models: 'HEPA_COCOON' }, 'version', 'firmware_version'],
      [{ version: 'v2.4.1', models: 'HEPA_COCOON' }, 'version', 'firmware_version'],
      [{ version: '2.4.1' }, 'models', 'required'],
      [{ version: '2.4.1', models: ' , ' }, 'models', 'required'],
      [{ version: '2.4.1', models: 'HEPA_COCOON,TOASTER' }, 'models.1', 'invalid_choice'],
    ];
    for (const [fields, path, code] of cases) {
      const res = await upload(tech, randomBytes(100), 'Purifier', fields).set(
        'Accept-Language',
        'de',
      );
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(res.body.violations, JSON.stringify(fields)).toEqual([
        expect.objectContaining({ propertyPath: path, code }),
      ]);
      // The message is the catalogue's, in the reader's language.
      expect(res.body.violations[0].message).not.toMatch(/^validation\./);
    }
    expect(storedFiles().length).toBe(before);
    const list = await request(t.url)
      .get('/api/firmwares?pagination=false')
      .set('Cookie', tech.cookie);
    expect(list.body['hydra:member'].map((f: { name: string }) => f.name)).not.toContain(
      'Purifier',
    );
  });

  it('is refused to users (403) and to visitors (401)', async () => {
    expect((await upload(user, randomBytes(10))).status).toBe(403);
    expect(
      (await request(t.url).post('/api/firmwares').attach('file', randomBytes(10), 'a.bin')).status,
    ).toBe(401);
  });
});

describe('GET /api/firmwares', () => {
  it('lists files latest first for technicians and admins, 403 for users', async () => {
    const a = await upload(tech, randomBytes(10), 'First');
    const b = await upload(admin, randomBytes(20), 'Second');
    const res = await request(t.url).get('/api/firmwares').set('Cookie', admin.cookie);
    expect(res.status).toBe(200);
    expect(res.body['@type']).toBe('hydra:Collection');
    const names = res.body['hydra:member'].map((f: { ulid: string }) => f.ulid);
    expect(names.indexOf(b.body.ulid)).toBeLessThan(names.indexOf(a.body.ulid));
    expect(res.body['hydra:member'][0]).toMatchObject({ name: 'Second', size: 20 });
    expect((await request(t.url).get('/api/firmwares').set('Cookie', user.cookie)).status).toBe(
      403,
    );
    expect((await request(t.url).get('/api/firmwares')).status).toBe(401);
  });
});

describe('GET /api/firmwares/{id}', () => {
  it("dereferences a firmware's @id for technicians and admins, 403 for users", async () => {
    const created = await upload(tech, randomBytes(10), 'Third');
    expect(created.status).toBe(201);
    const res = await request(t.url).get(created.body['@id']).set('Cookie', admin.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created.body);
    const refused = await request(t.url).get(created.body['@id']).set('Cookie', user.cookie);
    expect(refused.status).toBe(403);
    const unknown = await request(t.url)
      .get('/api/firmwares/01J9Z3Q6ZP7V8W2M4K5N6R7S8T')
      .set('Cookie', tech.cookie);
    expect(unknown.status).toBe(404);
  });
});

describe('GET /firmware/{id}/{file name} (public)', () => {
  let data: Buffer;
  let path: string;
  beforeAll(async () => {
    data = randomBytes(1000);
    const res = await upload(tech, data);
    path = new URL(res.body.public_url).pathname;
  });

  it('serves the same bytes to anyone as a non-executable attachment with checksums', async () => {
    const res = await request(t.url)
      .get(path)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(Buffer.compare(res.body as Buffer, data)).toBe(0);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-length']).toBe('1000');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="?purifier-2\.4\.1\.bin"?$/,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers.etag).toBe(`"sha256-${sha256(data)}"`);
    const b64 = createHash('sha256').update(data).digest('base64');
    expect(res.headers['repr-digest']).toBe(`sha-256=:${b64}:`);
    expect(res.headers.digest).toBe(`sha-256=${b64}`);
  });

  it('answers a byte range with 206 and an unsatisfiable one with 416', async () => {
    const part = await request(t.url)
      .get(path)
      .set('Range', 'bytes=10-19')
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 10-19/1000');
    expect(Buffer.compare(part.body as Buffer, data.subarray(10, 20))).toBe(0);
    const beyond = await request(t.url).get(path).set('Range', 'bytes=5000-6000');
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */1000');
  });

  it('answers 304 to a matching If-None-Match and 404 to a wrong name or id', async () => {
    const res = await request(t.url)
      .get(path)
      .set('If-None-Match', `"sha256-${sha256(data)}"`);
    expect(res.status).toBe(304);
    expect((await request(t.url).get(path.replace(/[^/]+$/, 'other.bin'))).status).toBe(404);
    expect((await request(t.url).get('/firmware/01J9Z3Q6ZP7V8W2M4K5N6R7S8T/a.bin')).status).toBe(
      404,
    );
  });
});

describe('DELETE /api/firmwares/{id}', () => {
  it('removes the record and the file; the public URL then answers 404', async () => {
    const created = await upload(tech, randomBytes(50));
    const path = new URL(created.body.public_url).pathname;
    const before = storedFiles().length;
    expect(
      (
        await request(t.url)
          .delete(`/api/firmwares/${created.body.ulid}`)
          .set('Cookie', user.cookie)
      ).status,
    ).toBe(403);
    const res = await request(t.url)
      .delete(`/api/firmwares/${created.body.ulid}`)
      .set('Cookie', tech.cookie);
    expect(res.status).toBe(204);
    expect(storedFiles().length).toBe(before - 1);
    expect((await request(t.url).get(path)).status).toBe(404);
    const again = await request(t.url)
      .delete(`/api/firmwares/${created.body.ulid}`)
      .set('Cookie', tech.cookie);
    expect(again.status).toBe(404);
  });
});
