import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { ulid } from '@aircloud/core/lib/ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ABANDONED_UPLOAD_MS,
  AVATAR_QUOTA_BYTES,
  AVATAR_QUOTA_COUNT,
} from '@aircloud/shared/users';
import {
  GOOD_PASSWORD,
  createUser,
  setCookies,
  startTestApp,
  type TestApp,
} from '../../../test/app.ts';
import { mediaObjects } from '@aircloud/core/db/schema';
import { insertMedia } from './repository.ts';
import { removeAbandonedMedia } from './service.ts';

let t: TestApp;
let uploadDir: string;

beforeAll(async () => {
  uploadDir = mkdtempSync(join(tmpdir(), 'aircloud-uploads-'));
  t = await startTestApp({ UPLOAD_DIR: uploadDir });
});
afterAll(async () => {
  await t?.stop();
  rmSync(uploadDir, { recursive: true, force: true });
});

async function signIn(role = 'ROLE_USER') {
  const user = await createUser(t.db, { role });
  const res = await request(t.url)
    .post('/security/token/request')
    .send({ email: user.email, password: GOOD_PASSWORD });
  return { user, access: `access_token=${setCookies(res).access_token!.value}` };
}

const png = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 50, height: 80, channels: 3, background: '#a37' } })
    .jpeg()
    .toBuffer();

function upload(cookie: string, file: Buffer, name = 'avatar.png', type = 'image/png') {
  return request(t.url)
    .post('/api/media_objects')
    .set('Cookie', cookie)
    .attach('file', file, { filename: name, contentType: type });
}

function avatarFiles(): string[] {
  const dir = join(uploadDir, 'avatars');
  return existsSync(dir) ? readdirSync(dir).filter((f) => !f.startsWith('.') && f !== 'cache') : [];
}

describe('POST /api/media_objects', () => {
  it('stores a real PNG under a random name and answers its IRI and content URL', async () => {
    const s = await signIn();
    const before = avatarFiles().length;
    const res = await upload(s.access, await png(), '../../etc/passwd.png');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      '@id': expect.stringMatching(/^\/api\/media_objects\/[0-9A-Z]{26}$/),
      '@type': 'MediaObject',
      content_url: `${res.body['@id']}/content`,
    });
    const files = avatarFiles();
    expect(files).toHaveLength(before + 1);
    expect(files.every((f) => /^[0-9a-f]{32}\.(png|jpg|webp)$/.test(f))).toBe(true);
  });

  it('accepts JPEG whatever the declared type, and refuses a text file renamed .png (422 image_type)', async () => {
    const s = await signIn();
    expect(
      (await upload(s.access, await jpeg(), 'photo.png', 'application/octet-stream')).status,
    ).toBe(201);
    const text = await upload(s.access, Buffer.from('just some text, not an image\n'.repeat(20)));
    expect(text.status).toBe(422);
    expect(text.body['hydra:description']).toBe('image_type');
    expect(text.body.violations[0]).toMatchObject({ propertyPath: 'file', code: 'image_type' });
    // PNG magic bytes on a body that is not an image are refused too.
    const fake = Buffer.concat([(await png()).subarray(0, 64), Buffer.alloc(500, 1)]);
    expect((await upload(s.access, fake)).status).toBe(422);
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    expect((await upload(s.access, gif, 'x.gif', 'image/gif')).body['hydra:description']).toBe(
      'image_type',
    );
  });

  it('refuses more than 2 MB with 413 while streaming, before the body ends', async () => {
    const s = await signIn();
    const before = readdirSync(join(uploadDir, 'avatars'));
    const boundary = 'xBOUNDARYx';
    const status = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${t.url}/api/media_objects`, {
        method: 'POST',
        headers: {
          Cookie: s.access,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Transfer-Encoding': 'chunked',
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      // 3 MB is sent, and the request is never ended: only an answer given while streaming arrives.
      for (let i = 0; i < 48; i += 1) req.write(Buffer.alloc(64 * 1024, i));
    });
    expect(status.status).toBe(413);
    expect(JSON.parse(status.body)).toMatchObject({
      'hydra:description': 'payload_too_large',
      violations: [{ propertyPath: 'file', code: 'image-size' }],
    });
    expect(readdirSync(join(uploadDir, 'avatars'))).toEqual(before);
  });

  it('refuses an oversized declared length at once (413), a broken multipart (400), no file (422), JSON (415)', async () => {
    const s = await signIn();
    const big = await upload(s.access, Buffer.alloc(2 * 1024 * 1024 + 10, 7));
    expect(big.status).toBe(413);
    const broken = await request(t.url)
      .post('/api/media_objects')
      .set('Cookie', s.access)
      .set('Content-Type', 'multipart/form-data; boundary=zzz')
      .send('--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc');
    expect(broken.status).toBe(400);
    expect(broken.body['hydra:description']).toBe('bad_request');
    const noBoundary = await request(t.url)
      .post('/api/media_objects')
      .set('Cookie', s.access)
      .set('Content-Type', 'multipart/form-data')
      .send('x');
    expect(noBoundary.status).toBe(400);
    const noFile = await request(t.url)
      .post('/api/media_objects')
      .set('Cookie', s.access)
      .field('other', 'value');
    expect(noFile.status).toBe(422);
    expect(noFile.body['hydra:description']).toBe('type_file_not_found');
    const json = await request(t.url)
      .post('/api/media_objects')
      .set('Cookie', s.access)
      .send({ file: 'x' });
    expect(json.status).toBe(415);
  });

  it('answers 401 anonymous and accepts a Bearer API token', async () => {
    expect(
      (
        await request(t.url)
          .post('/api/media_objects')
          .attach('file', await png(), 'a.png')
      ).status,
    ).toBe(401);
    const s = await signIn('ROLE_TECHNICIAN');
    const token = (await request(t.url).post('/api/me/generate-api-token').set('Cookie', s.access))
      .body.api_token as string;
    const res = await request(t.url)
      .post('/api/media_objects')
      .set('Authorization', `Bearer ${token}`)
      .attach('file', await png(), 'a.png');
    expect(res.status).toBe(201);
  });
});

describe('GET /api/media_objects/{id}', () => {
  it("dereferences a media object's @id for its uploader and admins, 404 for others", async () => {
    const s = await signIn();
    const created = await upload(s.access, await png());
    const mine = await request(t.url).get(created.body['@id']).set('Cookie', s.access);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(created.body);
    const admin = await signIn('ROLE_ADMIN');
    expect((await request(t.url).get(created.body['@id']).set('Cookie', admin.access)).status).toBe(
      200,
    );
    const other = await signIn();
    expect((await request(t.url).get(created.body['@id']).set('Cookie', other.access)).status).toBe(
      404,
    );
    expect((await request(t.url).get(created.body['@id'])).status).toBe(401);
  });
});

describe('GET /api/media_objects/{id}/content', () => {
  it('serves resized copies with the image type, nosniff, inline and cache headers', async () => {
    const s = await signIn();
    const { content_url: url } = (await upload(s.access, await png(300, 200))).body as {
      content_url: string;
    };
    for (const size of [64, 128, 256]) {
      const res = await request(t.url)
        .get(url)
        .query({ size })
        .set('Cookie', s.access)
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toBe('inline');
      expect(res.headers['cache-control']).toContain('max-age=');
      const meta = await sharp(res.body as Buffer).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([size, size, 'png']);
    }
    expect(readdirSync(join(uploadDir, 'avatars', 'cache')).length).toBeGreaterThanOrEqual(3);
    const full = await request(t.url).get(url).set('Cookie', s.access);
    expect(full.status).toBe(200);
    const bad = await request(t.url).get(url).query({ size: 1000 }).set('Cookie', s.access);
    expect(bad.status).toBe(422);
  });

  it('is visible to the uploader and admins only; 401 anonymous; 404 unknown', async () => {
    const owner = await signIn();
    const { content_url: url } = (await upload(owner.access, await jpeg(), 'a.jpg', 'image/jpeg'))
      .body as {
      content_url: string;
    };
    expect((await request(t.url).get(url)).status).toBe(401);
    const other = await signIn('ROLE_TECHNICIAN');
    expect((await request(t.url).get(url).set('Cookie', other.access)).status).toBe(404);
    const admin = await signIn('ROLE_ADMIN');
    const res = await request(t.url).get(url).query({ size: 64 }).set('Cookie', admin.access);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(
      (await request(t.url).get(`/api/media_objects/${ulid()}/content`).set('Cookie', admin.access))
        .status,
    ).toBe(404);
  });
});

describe('avatars on users', () => {
  it('a user attaches their own upload; me and the user show the content URL', async () => {
    const s = await signIn();
    const media = (await upload(s.access, await png())).body as {
      '@id': string;
      content_url: string;
    };
    const res = await request(t.url)
      .put(`/api/users/${s.user.id}`)
      .set('Cookie', s.access)
      .send({ avatar: media['@id'] });
    expect(res.status).toBe(200);
    expect(res.body.avatar).toBe(media.content_url);
    expect((await request(t.url).get('/api/me').set('Cookie', s.access)).body.avatar).toBe(
      media.content_url,
    );
    // Sending the avatar back unchanged (as the content URL a GET answered) is accepted.
    const again = await request(t.url)
      .put(`/api/users/${s.user.id}`)
      .set('Cookie', s.access)
      .send({ avatar: res.body.avatar });
    expect(again.status).toBe(200);
  });

  it('refuses someone else\u2019s upload to a user (403) but lets an admin attach any', async () => {
    const alice = await signIn();
    const bob = await signIn();
    const media = (await upload(alice.access, await png())).body as {
      '@id': string;
      content_url: string;
    };
    const stolen = await request(t.url)
      .put(`/api/users/${bob.user.id}`)
      .set('Cookie', bob.access)
      .send({ avatar: media['@id'] });
    expect(stolen.status).toBe(403);
    const admin = await signIn('ROLE_ADMIN');
    const adminUpload = (await upload(admin.access, await png())).body as {
      '@id': string;
      content_url: string;
    };
    const res = await request(t.url)
      .put(`/api/users/${bob.user.id}`)
      .set('Cookie', admin.access)
      .send({ avatar: adminUpload['@id'] });
    expect(res.status).toBe(200);
    // Bob now sees the avatar he wears.
    expect(
      (await request(t.url).get(adminUpload.content_url).set('Cookie', bob.access)).status,
    ).toBe(200);
  });

  it('replacing or removing an avatar deletes the old file; deleting the user deletes theirs', async () => {
    const s = await signIn();
    const first = (await upload(s.access, await png())).body as { '@id': string };
    await request(t.url)
      .put(`/api/users/${s.user.id}`)
      .set('Cookie', s.access)
      .send({ avatar: first['@id'] });
    const count = avatarFiles().length;
    const second = (await upload(s.access, await png())).body as { '@id': string };
    await request(t.url)
      .put(`/api/users/${s.user.id}`)
      .set('Cookie', s.access)
      .send({ avatar: second['@id'] });
    expect(avatarFiles()).toHaveLength(count);
    const cleared = await request(t.url)
      .put(`/api/users/${s.user.id}`)
      .set('Cookie', s.access)
      .send({ avatar: null });
    expect(cleared.body.avatar).toBeNull();
    expect(avatarFiles()).toHaveLength(count - 1);

    const third = (await upload(s.access, await png())).body as { '@id': string };
    await request(t.url)
      .put(`/api/users/${s.user.id}`)
      .set('Cookie', s.access)
      .send({ avatar: third['@id'] });
    await upload(s.access, await jpeg(), 'b.jpg', 'image/jpeg'); // uploaded, never attached
    const before = avatarFiles().length;
    const admin = await signIn('ROLE_ADMIN');
    expect(
      (await request(t.url).delete(`/api/users/${s.user.id}`).set('Cookie', admin.access)).status,
    ).toBe(204);
    expect(avatarFiles()).toHaveLength(before - 2);
  });
});

describe('avatar quota and abandoned uploads', () => {
  const idOf = (res: { body: { '@id': string } }) => res.body['@id'].split('/').pop()!;
  const exists = async (id: string) =>
    (await t.db.select().from(mediaObjects).where(eq(mediaObjects.id, id))).length === 1;
  /** Makes an upload look an hour and a minute old. */
  const age = (id: string) =>
    t.db
      .update(mediaObjects)
      .set({ createdAt: new Date(Date.now() - ABANDONED_UPLOAD_MS - 60_000) })
      .where(eq(mediaObjects.id, id));

  it('refuses the upload past AVATAR_QUOTA_COUNT images with 422 image_quota, storing nothing', async () => {
    const s = await signIn();
    const image = await png();
    // Uploads racing each other cannot pass the quota together.
    const results = await Promise.all(
      Array.from({ length: AVATAR_QUOTA_COUNT + 2 }, () => upload(s.access, image)),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(AVATAR_QUOTA_COUNT);
    const files = avatarFiles().length;
    const refused = await upload(s.access, image);
    expect(refused.status).toBe(422);
    expect(refused.body['hydra:description']).toBe('image_quota');
    expect(refused.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'file', code: 'image_quota' }),
    ]);
    expect(avatarFiles()).toHaveLength(files);
    const rows = await t.db.select().from(mediaObjects).where(eq(mediaObjects.ownerId, s.user.id));
    expect(rows).toHaveLength(AVATAR_QUOTA_COUNT);
    // Another account has its own quota.
    expect((await upload((await signIn()).access, image)).status).toBe(201);
  });

  it('refuses the upload that would store more than AVATAR_QUOTA_BYTES', async () => {
    const s = await signIn();
    const image = await png();
    await insertMedia(t.db, {
      id: ulid(),
      ownerId: s.user.id,
      fileName: 'stand-in.png',
      mimeType: 'image/png',
      size: AVATAR_QUOTA_BYTES - image.length + 1,
    });
    const refused = await upload(s.access, image);
    expect(refused.status).toBe(422);
    expect(refused.body['hydra:description']).toBe('image_quota');
  });

  it('deletes the uploader\u2019s uploads left unattached for an hour before their next upload', async () => {
    const s = await signIn();
    const worn = idOf(await upload(s.access, await png()));
    await request(t.url)
      .put(`/api/users/${s.user.id}`)
      .set('Cookie', s.access)
      .send({ avatar: `/api/media_objects/${worn}` })
      .expect(200);
    const abandoned = idOf(await upload(s.access, await png()));
    const recent = idOf(await upload(s.access, await png()));
    await age(worn);
    await age(abandoned);
    const files = avatarFiles().length;
    expect((await upload(s.access, await jpeg(), 'b.jpg', 'image/jpeg')).status).toBe(201);
    expect(await exists(abandoned)).toBe(false);
    expect(await exists(worn)).toBe(true);
    expect(await exists(recent)).toBe(true);
    // One file out, one in.
    expect(avatarFiles()).toHaveLength(files);
  });

  it('the periodic sweep deletes everyone\u2019s abandoned uploads, rows and files', async () => {
    const a = await signIn();
    const b = await signIn();
    const left = idOf(await upload(a.access, await png()));
    const alsoLeft = idOf(await upload(b.access, await png()));
    const fresh = idOf(await upload(b.access, await png()));
    await age(left);
    await age(alsoLeft);
    const files = avatarFiles().length;
    expect(await removeAbandonedMedia(t.ctx)).toBeGreaterThanOrEqual(2);
    expect(await exists(left)).toBe(false);
    expect(await exists(alsoLeft)).toBe(false);
    expect(await exists(fresh)).toBe(true);
    expect(avatarFiles().length).toBeLessThanOrEqual(files - 2);
  });
});
