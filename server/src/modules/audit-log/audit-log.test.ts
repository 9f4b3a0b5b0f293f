import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditAction, AuditLogEntry } from '@aircloud/shared/audit-log';
import { auditLog, users } from '@aircloud/core/db/schema';
import { pgErrorOf } from '@aircloud/core/db/pg-error';
import { createUser, startTestApp, type TestApp } from '../../../test/app.ts';
import { takeMismatches } from '../../../test/response-validation.ts';
import {
  activate,
  exportedKey,
  generateKeys,
  signIn,
  type Session,
} from '../../../test/support/purifiers.ts';

let t: TestApp;
let uploadDir: string;
let admin: Session;
let otherAdmin: Session;
let tech: Session;
let user: Session;

beforeAll(async () => {
  uploadDir = mkdtempSync(join(tmpdir(), 'aircloud-audit-'));
  t = await startTestApp({ UPLOAD_DIR: uploadDir });
  [admin, otherAdmin, tech, user] = await Promise.all([
    signIn(t, 'ROLE_ADMIN'),
    signIn(t, 'ROLE_ADMIN'),
    signIn(t, 'ROLE_TECHNICIAN'),
    signIn(t, 'ROLE_USER'),
  ]);
});
afterAll(async () => {
  await t?.stop();
  rmSync(uploadDir, { recursive: true, force: true });
});

/** The stored entries of an action (optionally about one target), oldest first. */
async function entries(action: AuditAction, targetId?: string) {
  const rows = await t.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        targetId === undefined ? undefined : eq(auditLog.targetId, targetId),
      ),
    );
  return rows.sort((a, b) => a.id.localeCompare(b.id));
}

/** How many entries the log holds. */
async function count(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
  return row!.n;
}

const api = (session: Session) => ({
  get: (path: string) => request(t.url).get(path).set('Cookie', session.cookie),
  post: (path: string, body?: object) =>
    request(t.url)
      .post(path)
      .set('Cookie', session.cookie)
      .send(body ?? {}),
  put: (path: string, body: object) =>
    request(t.url).put(path).set('Cookie', session.cookie).send(body),
  patch: (path: string, body: object) =>
    request(t.url).patch(path).set('Cookie', session.cookie).send(body),
  delete: (path: string) => request(t.url).delete(path).set('Cookie', session.cookie),
});

describe('user administration is audited', () => {
  it('creating an account: one entry with the fields, never a password; a refused one none', async () => {
    const res = await api(admin).post('/api/users', {
      firstname: 'Grace',
      lastname: 'Hopper',
      email: 'grace@example.com',
      role: 'ROLE_TECHNICIAN',
      new_password1: 'Secret123',
      new_password2: 'Secret123',
    });
    expect(res.status).toBe(201);
    const [entry, ...more] = await entries('user_created', res.body.ulid);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      actorEmail: admin.user.email,
      actorName: `${admin.user.firstname} ${admin.user.lastname}`,
      targetType: 'user',
      targetLabel: 'grace@example.com',
    });
    expect(entry!.change).toMatchObject({
      email: { from: null, to: 'grace@example.com' },
      role: { from: null, to: 'ROLE_TECHNICIAN' },
      enabled: { from: null, to: true },
    });
    expect(JSON.stringify(entry!.change)).not.toMatch(/password|Secret123|argon|\$2/i);

    const before = await count();
    const duplicate = await api(admin).post('/api/users', {
      firstname: 'Grace',
      lastname: 'Again',
      email: 'grace@example.com',
      role: 'ROLE_USER',
    });
    expect(duplicate.status).toBe(409);
    expect(await count()).toBe(before);
  });

  it('a role change, a disable and an enable: one entry each, named by what mattered', async () => {
    const target = await createUser(t.db);
    const path = `/api/users/${target.id}`;
    expect((await api(admin).put(path, { role: 'ROLE_TECHNICIAN' })).status).toBe(200);
    expect((await api(admin).put(path, { enabled: false })).status).toBe(200);
    expect((await api(admin).put(path, { enabled: true, company: 'Navy' })).status).toBe(200);
    expect((await api(admin).put(path, { firstname: 'Ada B.' })).status).toBe(200);

    const [role] = await entries('user_role_changed', target.id);
    expect(role!.change).toEqual({ role: { from: 'ROLE_USER', to: 'ROLE_TECHNICIAN' } });
    const [disabled] = await entries('user_disabled', target.id);
    expect(disabled!.change).toEqual({ enabled: { from: true, to: false } });
    const [enabled] = await entries('user_enabled', target.id);
    expect(enabled!.change).toEqual({
      enabled: { from: false, to: true },
      company: { from: 'Analytical', to: 'Navy' },
    });
    const [edited] = await entries('user_updated', target.id);
    expect(edited!.change).toEqual({ firstname: { from: 'Ada', to: 'Ada B.' } });
  });

  it('an edit that changes nothing, a refused edit and editing oneself write nothing', async () => {
    const target = await createUser(t.db);
    const before = await count();
    expect(
      (await api(admin).put(`/api/users/${target.id}`, { company: 'Analytical' })).status,
    ).toBe(200);
    const taken = await api(admin).put(`/api/users/${target.id}`, { email: admin.user.email });
    expect(taken.status).toBe(409);
    expect((await api(user).put(`/api/users/${user.user.id}`, { company: 'Mine' })).status).toBe(
      200,
    );
    expect((await api(user).put(`/api/users/${target.id}`, { role: 'ROLE_ADMIN' })).status).toBe(
      403,
    );
    expect(await count()).toBe(before);
  });

  it('deleting an account: one entry kept after the account is gone; deleting oneself none', async () => {
    const target = await createUser(t.db, { email: 'leaving@example.com' });
    expect((await api(admin).delete(`/api/users/${target.id}`)).status).toBe(204);
    const [entry] = await entries('user_deleted', target.id);
    expect(entry).toMatchObject({ targetLabel: 'leaving@example.com' });
    expect(entry!.change).toMatchObject({ email: { from: 'leaving@example.com', to: null } });

    const before = await count();
    expect((await api(admin).delete(`/api/users/${admin.user.id}`)).status).toBe(403);
    expect(await count()).toBe(before);
  });

  it('an entry that cannot be written undoes the write: they share one transaction', async () => {
    // A trigger refusing new entries for a moment: the write must fail with it.
    await t.db.execute(sql`
      CREATE FUNCTION audit_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END; $$`);
    await t.db.execute(sql`
      CREATE TRIGGER audit_test_refuse BEFORE INSERT ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_test_refuse()`);
    try {
      const res = await api(admin).post('/api/users', {
        firstname: 'Nobody',
        lastname: 'Ever',
        email: 'never-created@example.com',
        role: 'ROLE_USER',
      });
      expect(res.status).toBe(500);
      // The one undocumented answer of this file, on purpose: the write failed as a whole.
      expect(takeMismatches()).toEqual([expect.stringContaining('POST /api/users -> 500')]);
      const left = await t.db
        .select()
        .from(users)
        .where(eq(users.email, 'never-created@example.com'));
      expect(left).toEqual([]);
    } finally {
      await t.db.execute(sql`DROP TRIGGER audit_test_refuse ON audit_log`);
      await t.db.execute(sql`DROP FUNCTION audit_test_refuse()`);
    }
  });
});

describe('view-as-user is audited', () => {
  it("an administrator opening a user's products starts one session entry, not one per list", async () => {
    const viewed = await signIn(t);
    expect((await api(admin).get(`/api/purifiers?user=${viewed.user.id}`)).status).toBe(200);
    expect((await api(admin).get(`/api/sensors?user=${viewed.user.id}`)).status).toBe(200);
    await Promise.all([
      api(admin).get(`/api/purifiers?user=${viewed.user.id}&page=1`),
      api(admin).get(`/api/sensors?user=${viewed.user.id}&page=1`),
    ]);
    const [entry, ...more] = await entries('user_viewed_as', viewed.user.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actorId: admin.user.id, targetLabel: viewed.user.email });
    // Another administrator's session is their own.
    await api(otherAdmin).get(`/api/purifiers?user=${viewed.user.id}`);
    expect(await entries('user_viewed_as', viewed.user.id)).toHaveLength(2);
  });

  it('a refused view-as-user and the own list write nothing', async () => {
    const before = await count();
    expect((await api(user).get(`/api/purifiers?user=${admin.user.id}`)).status).toBe(403);
    expect((await api(admin).get('/api/purifiers')).status).toBe(200);
    expect((await api(admin).get(`/api/purifiers?user=${admin.user.id}`)).status).toBe(200);
    expect(await count()).toBe(before);
  });
});

describe('product keys are audited', () => {
  it('generating: one entry for the batch; a taken serial none', async () => {
    const res = await api(tech).post('/api/product_keys/generate', {
      model: 'HEPA_COCOON',
      start_serial: 900,
      count: 3,
    });
    expect(res.status).toBe(201);
    const [entry] = (await entries('product_key_generated')).filter(
      (e) => e.targetLabel === 'HEPA_COCOON-000900 … HEPA_COCOON-000902',
    );
    expect(entry).toMatchObject({ actorId: tech.user.id, targetType: 'product_key' });
    expect(entry!.change).toMatchObject({ count: { from: null, to: 3 } });
    const before = await count();
    const taken = await api(tech).post('/api/product_keys/generate', {
      model: 'HEPA_COCOON',
      start_serial: 902,
      count: 2,
    });
    expect(taken.status).toBe(409);
    expect(await count()).toBe(before);
  });

  it('exporting, blocking, regenerating and unlinking: one entry each, never a key', async () => {
    const [key] = await generateKeys(t, tech);
    const exported = await api(tech).post('/api/product_keys/export', { ids: [key!.id] });
    expect(exported.status).toBe(200);
    const [exportEntry] = await entries('product_key_exported', key!.id);
    expect(exportEntry!.change).toEqual({
      count: { from: null, to: 1 },
      marked_exported: { from: null, to: 1 },
    });

    expect(
      (await api(tech).patch(`/api/product_keys/${key!.id}`, { state: 'blocked' })).status,
    ).toBe(200);
    const [blocked] = await entries('product_key_state_changed', key!.id);
    expect(blocked!.change).toEqual({ state: { from: 'exported', to: 'blocked' } });

    const regenerated = await api(tech).post(`/api/product_keys/${key!.id}/regenerate`);
    expect(regenerated.status).toBe(200);
    const [renewed] = await entries('product_key_regenerated', key!.id);
    expect(renewed!.change).toEqual({ key: { from: '[hidden]', to: '[hidden]' } });
    const stored = JSON.stringify(await entries('product_key_regenerated', key!.id));
    expect(stored).not.toContain(key!.key);
    expect(stored).not.toContain(regenerated.body.key.replace(/-/g, ''));

    const active = await exportedKey(t, tech);
    const owner = await signIn(t);
    await activate(t, owner, active.key);
    expect((await api(tech).post(`/api/product_keys/${active.id}/unlink`)).status).toBe(200);
    const [unlinked] = await entries('product_key_unlinked', active.id);
    expect(unlinked!.change).toEqual({
      state: { from: 'activated', to: 'exported' },
      user: { from: owner.user.email, to: null },
    });
  });

  it('a refused change, regeneration or unlink writes nothing', async () => {
    const key = await exportedKey(t, tech);
    const owner = await signIn(t);
    await activate(t, owner, key.key);
    const before = await count();
    const path = `/api/product_keys/${key.id}`;
    expect((await api(tech).patch(path, { state: 'blocked' })).status).toBe(409);
    expect((await api(tech).post(`${path}/regenerate`)).status).toBe(409);
    const [fresh] = await generateKeys(t, tech);
    const afterGeneration = await count();
    expect(afterGeneration).toBe(before + 1);
    expect((await api(tech).post(`/api/product_keys/${fresh!.id}/unlink`)).status).toBe(409);
    expect((await api(user).patch(path, { state: 'blocked' })).status).toBe(403);
    expect(await count()).toBe(afterGeneration);
  });
});

describe('firmware is audited', () => {
  const upload = (session: Session, fields: Record<string, string>) => {
    const req = request(t.url).post('/api/firmwares').set('Cookie', session.cookie);
    for (const [name, value] of Object.entries(fields)) req.field(name, value);
    return req.attach('file', Buffer.from('firmware bytes'), 'dome-3.1.0.bin');
  };

  it('importing and deleting: one entry each with version and models; refusals none', async () => {
    const created = await upload(tech, {
      name: 'Dome',
      version: '3.1.0',
      models: 'HEPA_DOME_BLACK,HEPA_DOME_WHITE',
    });
    expect(created.status).toBe(201);
    const [imported] = await entries('firmware_imported', created.body.ulid);
    expect(imported).toMatchObject({ targetLabel: 'Dome 3.1.0', actorId: tech.user.id });
    expect(imported!.change).toMatchObject({
      version: { from: null, to: '3.1.0' },
      models: { from: null, to: ['HEPA_DOME_WHITE', 'HEPA_DOME_BLACK'] },
      sha256: { from: null, to: created.body.sha256 },
    });

    const before = await count();
    expect(
      (await upload(tech, { name: 'Dome', version: 'three', models: 'HEPA_COCOON' })).status,
    ).toBe(422);
    expect((await api(tech).delete('/api/firmwares/01J9Z3Q6ZP7V8W2M4K5N6R7S8T')).status).toBe(404);
    expect(await count()).toBe(before);

    expect((await api(admin).delete(`/api/firmwares/${created.body.ulid}`)).status).toBe(204);
    const [deleted] = await entries('firmware_deleted', created.body.ulid);
    expect(deleted!.change).toMatchObject({ version: { from: '3.1.0', to: null } });
  });
});

describe('sensor provisioning is audited', () => {
  it('one entry without the device secret; an unknown owner none', async () => {
    const owner = await signIn(t);
    const res = await api(tech).post('/api/sensors', {
      serial_number: 'AUDIT-SENSOR-1',
      owner_email: owner.user.email,
      name: 'Hall',
    });
    expect(res.status).toBe(201);
    const [entry] = await entries('sensor_provisioned', res.body.ulid);
    expect(entry!.change).toEqual({
      serial_number: { from: null, to: 'AUDIT-SENSOR-1' },
      name: { from: null, to: 'Hall' },
      owner: { from: null, to: owner.user.email },
    });
    expect(JSON.stringify(entry)).not.toContain(res.body.device_secret);

    const before = await count();
    const unknown = await api(tech).post('/api/sensors', {
      serial_number: 'AUDIT-SENSOR-2',
      owner_email: 'nobody@example.com',
    });
    expect(unknown.status).toBe(422);
    expect(await count()).toBe(before);
  });
});

describe('translation overrides are audited', () => {
  it('saving and reverting: one entry each with the texts; an unchanged save or a missing revert none', async () => {
    const path = '/api/translations/de/purifiers.title';
    expect((await api(admin).put(path, { text: 'Luftreiniger (Test)' })).status).toBe(200);
    expect((await api(admin).put(path, { text: 'Luftreiniger (Test 2)' })).status).toBe(200);
    const saved = await entries('translation_saved', 'de:purifiers.title');
    expect(saved.map((e) => e.change)).toEqual([
      { text: { from: null, to: 'Luftreiniger (Test)' } },
      { text: { from: 'Luftreiniger (Test)', to: 'Luftreiniger (Test 2)' } },
    ]);
    const before = await count();
    expect((await api(admin).put(path, { text: 'Luftreiniger (Test 2)' })).status).toBe(200);
    expect(await count()).toBe(before);

    expect((await api(admin).delete(path)).status).toBe(204);
    const [reverted] = await entries('translation_reverted', 'de:purifiers.title');
    expect(reverted!.change).toEqual({ text: { from: 'Luftreiniger (Test 2)', to: null } });
    const afterRevert = await count();
    expect((await api(admin).delete(path)).status).toBe(404);
    expect(await count()).toBe(afterRevert);
  });
});

describe('GET /api/audit_log', () => {
  let actorOnly: Session;
  /** When the entries below began to be written (to the second, as the filter takes it). */
  let writtenFrom: string;
  beforeAll(async () => {
    writtenFrom = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
    actorOnly = await signIn(t, 'ROLE_ADMIN');
    for (let i = 0; i < 32; i += 1)
      expect(
        (
          await api(actorOnly).put(`/api/translations/fr/purifiers.title`, {
            text: `Purificateurs ${i}`,
          })
        ).status,
      ).toBe(200);
  });

  it('answers a page of entries, newest first, as a hydra collection (admins)', async () => {
    const res = await api(admin).get('/api/audit_log');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body['@type']).toBe('hydra:Collection');
    const members = res.body['hydra:member'] as AuditLogEntry[];
    expect(members).toHaveLength(30);
    expect(res.body['hydra:totalItems']).toBe(await count());
    const dates = members.map((m) => m.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(members[0]).toMatchObject({
      '@type': 'AuditLogEntry',
      actor: `/api/users/${actorOnly.user.id}`,
      actor_email: actorOnly.user.email,
      action: 'translation_saved',
      target_type: 'translation',
      target_id: 'fr:purifiers.title',
      change: { text: { from: 'Purificateurs 30', to: 'Purificateurs 31' } },
    });
    expect(res.body['hydra:view']['hydra:next']).toBe('/api/audit_log?page=2');
    const item = await api(admin).get(members[0]!['@id']);
    expect(item.status).toBe(200);
    expect(item.body).toEqual(members[0]);
    expect((await api(admin).get('/api/audit_log/01J9Z3Q6ZP7V8W2M4K5N6R7S8T')).status).toBe(404);
  });

  it('filters by actor, action, target type and dates; the links keep the filters', async () => {
    const byActor = await api(admin).get(`/api/audit_log?actor=${actorOnly.user.id}`);
    expect(byActor.body['hydra:totalItems']).toBe(32);
    expect(byActor.body['hydra:view']['hydra:next']).toBe(
      `/api/audit_log?actor=${actorOnly.user.id}&page=2`,
    );
    const page2 = await api(admin).get(byActor.body['hydra:view']['hydra:next']);
    expect(page2.body['hydra:member']).toHaveLength(2);

    const created = await api(admin).get('/api/audit_log?action=user_created');
    expect(
      (created.body['hydra:member'] as AuditLogEntry[]).every((e) => e.action === 'user_created'),
    ).toBe(true);
    expect(created.body['hydra:totalItems']).toBe((await entries('user_created')).length);

    const keys = await api(admin).get('/api/audit_log?target_type=product_key');
    expect(keys.body['hydra:totalItems']).toBeGreaterThan(0);
    expect(
      (keys.body['hydra:member'] as AuditLogEntry[]).every((e) => e.target_type === 'product_key'),
    ).toBe(true);

    const future = await api(admin).get('/api/audit_log?from=2999-01-01');
    expect(future.body['hydra:totalItems']).toBe(0);
    const past = await api(admin).get('/api/audit_log?to=2000-01-01');
    expect(past.body['hydra:totalItems']).toBe(0);
    // From the instant the entries began to be written to the whole of today (a day as `to`),
    // so the count holds even when the writes and this request straddle midnight UTC.
    const today = new Date().toISOString().slice(0, 10);
    const now = await api(admin).get(
      `/api/audit_log?from=${writtenFrom.replace('.000Z', 'Z')}&to=${today}&actor=${actorOnly.user.id}`,
    );
    expect(now.body['hydra:totalItems']).toBe(32);
  });

  it('refuses bad filters with catalogue violations (422)', async () => {
    for (const [query, path, code] of [
      ['action=user.hacked', 'action', 'invalid_choice'],
      ['target_type=planet', 'target_type', 'invalid_choice'],
      ['actor=someone', 'actor', 'invalid'],
      ['from=yesterday', 'from', 'date'],
      ['from=2026-02-30', 'from', 'date'],
      ['from=2026-05-02&to=2026-05-01', 'to', 'date_range'],
      ['format=xml', 'format', 'invalid_choice'],
      ['page=0', 'page', 'min_value'],
    ] as const) {
      const res = await api(admin).get(`/api/audit_log?${query}`).set('Accept-Language', 'fr');
      expect(res.status, query).toBe(422);
      expect(res.body.violations, query).toEqual([
        expect.objectContaining({ propertyPath: path, code }),
      ]);
    }
  });

  it('with format=csv, answers every matching entry as CSV, formulas made inert', async () => {
    const res = await api(admin).get(`/api/audit_log?format=csv&actor=${actorOnly.user.id}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'date,actor_email,actor_name,action,target_type,target_id,target_label,change',
    );
    // Every entry, not one page.
    expect(lines).toHaveLength(33);
    expect(lines[1]).toContain(',translation_saved,translation,fr:purifiers.title,');
    expect(lines[1]).toContain(
      '"{""text"":{""from"":""Purificateurs 30"",""to"":""Purificateurs 31""}}"',
    );

    // An actor whose name starts with = is written as text, not as a formula.
    const sly = await signIn(t, 'ROLE_ADMIN');
    await t.db
      .update(users)
      .set({ firstname: '=HYPERLINK("http://evil.example")' })
      .where(eq(users.id, sly.user.id));
    const target = await createUser(t.db);
    expect((await api(sly).put(`/api/users/${target.id}`, { company: 'Evil, Inc.' })).status).toBe(
      200,
    );
    const hostile = await api(admin).get(`/api/audit_log?format=csv&actor=${sly.user.id}`);
    const [, line] = hostile.text.trimEnd().split('\r\n');
    expect(line).toContain(`,"'=HYPERLINK(""http://evil.example"") Lovelace",user_updated,`);
    expect(line).toContain('"{""company"":{""from"":""Analytical"",""to"":""Evil, Inc.""}}"');
  });

  it('exports every entry of the log, newest first', async () => {
    const res = await api(admin).get('/api/audit_log?format=csv');
    const lines = res.text.trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(await count());
    const dates = lines.map((l) => l.slice(0, 24));
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('is for administrators only: 401 anonymous, 403 technicians and users', async () => {
    expect((await request(t.url).get('/api/audit_log')).status).toBe(401);
    expect((await api(tech).get('/api/audit_log')).status).toBe(403);
    expect((await api(user).get('/api/audit_log')).status).toBe(403);
    expect((await api(tech).get('/api/audit_log?format=csv')).status).toBe(403);
    const [any] = await t.db.select().from(auditLog).limit(1);
    expect((await api(tech).get(`/api/audit_log/${any!.id}`)).status).toBe(403);
  });
});

describe('audit-log entries cannot be changed or removed', () => {
  it('has no route that writes, edits or deletes an entry', async () => {
    const [any] = await t.db.select().from(auditLog).limit(1);
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      const path = method === 'post' ? '/api/audit_log' : `/api/audit_log/${any!.id}`;
      const res = await request(t.url)[method](path).set('Cookie', admin.cookie).send({});
      expect(res.status, method).toBe(404);
    }
    const [still] = await t.db.select().from(auditLog).where(eq(auditLog.id, any!.id));
    expect(still).toEqual(any);
  });

  it('the database refuses UPDATE, DELETE and TRUNCATE of the table, whoever asks', async () => {
    const [any] = await t.db.select().from(auditLog).limit(1);
    for (const statement of [
      sql`UPDATE audit_log SET actor_email = 'forged@example.com' WHERE id = ${any!.id}`,
      sql`DELETE FROM audit_log WHERE id = ${any!.id}`,
      sql`TRUNCATE audit_log`,
    ]) {
      const error = await t.db.execute(statement).then(
        () => null,
        (err: unknown) => err,
      );
      expect(pgErrorOf(error)?.code).toBe('42501');
    }
    const [still] = await t.db.select().from(auditLog).where(eq(auditLog.id, any!.id));
    expect(still).toEqual(any);
    expect(await count()).toBeGreaterThan(0);
  });
});
