import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@aircloud/core/db/schema';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { signIn, type Session } from '../../test/support/purifiers.ts';
import { resolveUser } from './authenticate.ts';
import { SESSION_CACHE_APPLICATION } from './session-cache.ts';

/**
 * The session cache (session-cache.ts) saves the user's statement of a burst of requests, and
 * never lets a change wait for its TTL: every write to a user or a session is seen at the next
 * request, whatever made it.
 */

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t, 'ROLE_ADMIN');
  // The LISTEN connection opens in the background at start.
  for (let i = 0; i < 50 && !t.ctx.sessions.active; i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(t.ctx.sessions.active).toBe(true);
});
afterAll(async () => {
  await t?.stop();
});

const me = (s: Session) => request(t.url).get('/api/me').set('Cookie', s.cookie);

describe('session cache', () => {
  it('reads the user once for a burst of requests', async () => {
    const user = await signIn(t);
    expect((await me(user)).status).toBe(200);
    const { hits, misses } = t.ctx.sessions;
    for (let i = 0; i < 20; i++) expect((await me(user)).status).toBe(200);
    expect(t.ctx.sessions.hits - hits).toBe(20);
    expect(t.ctx.sessions.misses - misses).toBe(0);
  });

  it('sees a disabled account, a new role and a deleted account at the very next request', async () => {
    for (let round = 0; round < 10; round++) {
      const user = await signIn(t);
      expect((await me(user)).status).toBe(200);
      const disabled = await request(t.url)
        .put(`/api/users/${user.user.id}`)
        .set('Cookie', admin.cookie)
        .send({ enabled: false });
      expect(disabled.status).toBe(200);
      expect((await me(user)).status).toBe(401);
    }
    const user = await signIn(t);
    expect((await request(t.url).get('/api/fleet').set('Cookie', user.cookie)).status).toBe(403);
    await t.db.update(users).set({ role: 'ROLE_TECHNICIAN' }).where(eq(users.id, user.user.id));
    expect((await request(t.url).get('/api/fleet').set('Cookie', user.cookie)).status).toBe(200);
    await t.db.delete(users).where(eq(users.id, user.user.id));
    expect((await me(user)).status).toBe(401);
  });

  it('never serves what changed before the request, though its notification is still on the way', async () => {
    // Another writer (another server, psql): only PostgreSQL's notification tells this process.
    const writer = new pg.Client(t.db.$client.options);
    await writer.connect();
    try {
      const user = await signIn(t);
      const accessToken = user.cookie.slice('access_token='.length);
      const roles = ['ROLE_TECHNICIAN', 'ROLE_USER'] as const;
      expect((await resolveUser(t.ctx, { accessToken }))?.user.role).toBe('ROLE_USER');
      const { hits } = t.ctx.sessions;
      for (let round = 0; round < 40; round++) {
        const role = roles[round % 2]!;
        await writer.query('UPDATE users SET role = $1 WHERE id = $2', [role, user.user.id]);
        // Asked at once: the notification may not have been read yet.
        expect((await resolveUser(t.ctx, { accessToken }))?.user.role).toBe(role);
        // And asked again, the cache serves the new role.
        expect((await resolveUser(t.ctx, { accessToken }))?.user.role).toBe(role);
      }
      expect(t.ctx.sessions.hits - hits).toBeGreaterThanOrEqual(40);
      await writer.query('UPDATE users SET enabled = false WHERE id = $1', [user.user.id]);
      expect(await resolveUser(t.ctx, { accessToken })).toBeNull();
    } finally {
      await writer.end();
    }
  });

  it('answers a burst of cached requests with one shared barrier', async () => {
    const user = await signIn(t);
    const accessToken = user.cookie.slice('access_token='.length);
    expect(await resolveUser(t.ctx, { accessToken })).not.toBeNull();
    const { hits, barriers } = t.ctx.sessions;
    const callers = await Promise.all(
      Array.from({ length: 50 }, () => resolveUser(t.ctx, { accessToken })),
    );
    expect(callers.every((caller) => caller?.user.id === user.user.id)).toBe(true);
    expect(t.ctx.sessions.hits - hits).toBe(50);
    // Not one each: the first goes at once, the others share the one sent after it.
    expect(t.ctx.sessions.barriers - barriers).toBeLessThan(5);
  });

  it('reads the database when its LISTEN connection stalls, instead of waiting for it', async (test) => {
    const user = await signIn(t);
    const accessToken = user.cookie.slice('access_token='.length);
    expect(await resolveUser(t.ctx, { accessToken })).not.toBeNull();
    const { rows } = await t.db.execute<{ pid: number }>(
      sql`SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = ${SESSION_CACHE_APPLICATION}`,
    );
    const pid = rows[0]!.pid;
    // The backend of the LISTEN connection stops answering (as a stalled network would); only
    // where this process may signal PostgreSQL's (root, or the same user: CI, the dev machines).
    try {
      process.kill(pid, 'SIGSTOP');
    } catch {
      test.skip();
      return;
    }
    // Whatever happens below, the backend runs again (a hanging test never reaches `finally`).
    const resume = setTimeout(() => process.kill(pid, 'SIGCONT'), 3_000);
    try {
      const { misses } = t.ctx.sessions;
      const started = Date.now();
      expect((await resolveUser(t.ctx, { accessToken }))?.user.id).toBe(user.user.id);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(t.ctx.sessions.misses - misses).toBe(1);
    } finally {
      clearTimeout(resume);
      process.kill(pid, 'SIGCONT');
    }
  });

  it('ends a session revoked by sign-out at once', async () => {
    const user = await signIn(t);
    expect((await me(user)).status).toBe(200);
    await t.db.execute(
      sql`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = ${user.user.id}`,
    );
    expect((await me(user)).status).toBe(401);
  });

  it('serves nothing while its LISTEN connection is down, and comes back', async () => {
    const user = await signIn(t);
    expect((await me(user)).status).toBe(200);
    await t.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = ${SESSION_CACHE_APPLICATION}`,
    );
    for (let i = 0; i < 50 && t.ctx.sessions.active; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(t.ctx.sessions.active).toBe(false);
    // Bypassed: a change is seen at once although no notification could arrive.
    await t.db.update(users).set({ enabled: false }).where(eq(users.id, user.user.id));
    expect((await me(user)).status).toBe(401);
    for (let i = 0; i < 100 && !t.ctx.sessions.active; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.ctx.sessions.active).toBe(true);
  });
});
