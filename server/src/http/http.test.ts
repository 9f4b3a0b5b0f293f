import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOD_PASSWORD,
  PUBLIC_URL,
  createUser,
  setCookies,
  startTestApp,
  type TestApp,
} from '../../test/app.ts';
import { createApp } from '../app.ts';
import { createDatabase } from '@aircloud/core/db/client';
import { errorHandler } from './error-handler.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ CORS_ORIGINS: 'https://partner.example.com' });
});
afterAll(async () => {
  await t?.stop();
});

describe('GET /healthz and /readyz', () => {
  it('answers ok while the process runs and when PostgreSQL and Redis answer', async () => {
    expect((await request(t.url).get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await request(t.url).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
  });

  it('turns readiness to 503 draining first when the process shuts down, still alive', async () => {
    const other = await startTestApp();
    try {
      other.drain();
      const ready = await request(other.url).get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'draining' });
      expect((await request(other.url).get('/healthz')).status).toBe(200);
      // Requests are still served during the drain delay.
      expect((await request(other.url).get('/api/me')).status).toBe(401);
    } finally {
      await other.stop();
    }
  });
});

describe('GET /metrics', () => {
  it('is off without METRICS_TOKEN (404), refused without the token (401), Prometheus text with it', async () => {
    expect((await request(t.url).get('/metrics')).status).toBe(404);
    const token = 'http-test-metrics-token-01';
    const scraped = await startTestApp({ METRICS_TOKEN: token });
    try {
      await request(scraped.url).get('/api/me').expect(401);
      expect((await request(scraped.url).get('/metrics')).status).toBe(401);
      const wrong = await request(scraped.url)
        .get('/metrics')
        .set('Authorization', 'Bearer not-the-token-at-all');
      expect(wrong.status).toBe(401);
      const res = await request(scraped.url)
        .get('/metrics')
        .set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      const has = (name: string, labels: Record<string, string> = {}) =>
        res.text
          .split('\n')
          .some(
            (line) =>
              line.startsWith(`${name}{`) &&
              Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)),
          );
      expect(has('process_cpu_seconds_total', { service: 'server' })).toBe(true);
      expect(has('nodejs_eventloop_lag_p99_seconds', { service: 'server' })).toBe(true);
      // The 401 of /api/me is timed under its route's template, not as unmatched.
      expect(
        has('aircloud_http_request_duration_seconds_count', {
          method: 'GET',
          route: '/api/me',
          status: '401',
        }),
      ).toBe(true);
      expect(has('aircloud_socket_connections', { namespace: '/device' })).toBe(true);
      expect(res.text).toMatch(/^aircloud_telemetry_requests_total\{service="server"\} \d+$/m);
    } finally {
      await scraped.stop();
    }
  });
});

describe('request handling', () => {
  it('answers 400 invalid_json for malformed JSON', async () => {
    const res = await request(t.url)
      .post('/security/token/request')
      .set('Content-Type', 'application/json')
      .send('{"email":');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      '@type': 'hydra:Error',
      'hydra:description': 'invalid_json',
      status: 400,
    });
  });

  it('answers 413 payload_too_large above 1 MB', async () => {
    const res = await request(t.url)
      .post('/security/token/request')
      .set('Content-Type', 'application/ld+json')
      .send(JSON.stringify({ email: 'a@b.fr', password: 'x'.repeat(1_100_000) }));
    expect(res.status).toBe(413);
    expect(res.body['hydra:description']).toBe('payload_too_large');
  });

  it('answers 400 bad_request, not 500, for a value PostgreSQL cannot hold (a NUL character)', async () => {
    const admin = await createUser(t.db, { role: 'ROLE_ADMIN' });
    const login = await request(t.url)
      .post('/security/token/request')
      .send({ email: admin.email, password: GOOD_PASSWORD });
    const cookie = `access_token=${setCookies(login).access_token!.value}`;
    const res = await request(t.url).get('/api/users?search=a%00b').set('Cookie', cookie);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ '@type': 'hydra:Error', 'hydra:description': 'bad_request' });
  });

  it('answers 404 not_found for unknown API paths, in the asked language', async () => {
    for (const path of ['/api/nothing', '/security/nothing', '/device/nothing', '/elsewhere']) {
      const res = await request(t.url).get(path).set('Accept-Language', 'en');
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({
        'hydra:description': 'not_found',
        'hydra:title': 'The resource is not found',
      });
    }
  });

  it('echoes a sane X-Request-Id and makes one otherwise', async () => {
    expect(
      (await request(t.url).get('/healthz').set('X-Request-Id', 'abc-123')).headers['x-request-id'],
    ).toBe('abc-123');
    expect((await request(t.url).get('/healthz')).headers['x-request-id']).toMatch(
      /^[0-9A-Z]{26}$/,
    );
  });

  it('sends a CSP a Vite-built app satisfies', async () => {
    const csp = (await request(t.url).get('/healthz')).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("connect-src 'self' ws: wss:");
    expect(csp).toContain("img-src 'self' data: blob:");
  });

  it('allows credentialed CORS for the configured origins only', async () => {
    const allowed = await request(t.url)
      .get('/healthz')
      .set('Origin', 'https://partner.example.com');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example.com');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const other = await request(t.url).get('/healthz').set('Origin', 'https://evil.example.com');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('origin check on state-changing cookie requests', () => {
  it('refuses a foreign Origin or a cross-site fetch with 403 csrf_origin', async () => {
    const foreign = await request(t.url)
      .post('/security/token/request')
      .set('Origin', 'https://evil.example.com')
      .send({ email: 'a@b.fr', password: 'x' });
    expect(foreign.status).toBe(403);
    expect(foreign.body['hydra:description']).toBe('csrf_origin');
    const crossSite = await request(t.url)
      .post('/api/me/generate-api-token')
      .set('Sec-Fetch-Site', 'cross-site');
    expect(crossSite.status).toBe(403);
    expect(crossSite.body['hydra:description']).toBe('csrf_origin');
  });

  it('lets through the public URL, the configured origins and the request own host', async () => {
    const user = await createUser(t.db);
    for (const origin of [PUBLIC_URL, 'https://partner.example.com', t.url]) {
      const res = await request(t.url)
        .post('/security/token/request')
        .set('Origin', origin)
        .send({ email: user.email, password: GOOD_PASSWORD });
      expect(res.status, origin).toBe(204);
    }
  });

  it('exempts Bearer requests', async () => {
    const user = await createUser(t.db);
    const login = await request(t.url)
      .post('/security/token/request')
      .send({ email: user.email, password: GOOD_PASSWORD });
    const access = `access_token=${setCookies(login).access_token!.value}`;
    const token = (await request(t.url).post('/api/me/generate-api-token').set('Cookie', access))
      .body.api_token as string;
    const res = await request(t.url)
      .put(`/api/users/${user.id}`)
      .set('Authorization', `Bearer ${token}`)
      .set('Origin', 'https://evil.example.com')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ company: 'Bearer Inc.' });
    expect(res.status).toBe(200);
  });
});

describe('failures of the server itself', () => {
  it('answers 500 server_unavailable without internals for an unexpected error', async () => {
    const app = express();
    app.get('/boom', () => {
      throw new Error('secret internal detail');
    });
    app.use(errorHandler);
    const res = await request(app).get('/boom').set('Accept-Language', 'en');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      '@context': '/api/contexts/Error',
      '@type': 'hydra:Error',
      'hydra:title': 'The server is unavailable',
      'hydra:description': 'server_unavailable',
      status: 500,
    });
    expect(res.text).not.toContain('secret');
  });

  it('answers 503 service_unavailable and an unready /readyz when PostgreSQL is down', async () => {
    const db = createDatabase('postgres://postgres@127.0.0.1:1/none', 1);
    const down = createApp({ ...t.ctx, db, logger: pino({ level: 'silent' }) });
    try {
      const res = await request(down.app)
        .post('/security/token/request')
        .send({ email: 'a@b.fr', password: 'x' });
      expect(res.status).toBe(503);
      expect(res.body['hydra:description']).toBe('service_unavailable');
      const ready = await request(down.app).get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        status: 'unavailable',
        checks: { database: 'unavailable', redis: 'ok' },
      });
    } finally {
      await down.close();
      await db.$client.end();
    }
  });
});

describe('built client', () => {
  it('serves assets with a long cache, index.html without cache for client routes, JSON 404 for the API', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'aircloud-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-123.js'), 'console.log(1)');
    const withClient = createApp({ ...t.ctx, config: { ...t.config, clientDist: dist } });
    try {
      const asset = await request(withClient.app).get('/assets/app-123.js');
      expect(asset.status).toBe(200);
      expect(asset.headers['cache-control']).toContain('max-age=31536000');
      const page = await request(withClient.app).get('/purifiers/01ABC');
      expect(page.status).toBe(200);
      expect(page.text).toContain('<div id="root">');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect((await request(withClient.app).get('/assets/missing.js')).status).toBe(404);
      const api = await request(withClient.app).get('/api/unknown');
      expect(api.status).toBe(404);
      expect(api.body['hydra:description']).toBe('not_found');
    } finally {
      await withClient.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('request logs', () => {
  it('carry the request id and never the cookie, authorization or passwords', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = createApp({ ...t.ctx, logger: pino({ level: 'info' }, sink) });
    try {
      await request(logged.app)
        .post('/security/token/request')
        .set('Cookie', 'access_token=very-secret-cookie')
        .set('Authorization', 'Bearer aq_very-secret-token')
        .set('X-Request-Id', 'req-42')
        .send({ email: 'a@b.fr', password: 'very-secret-password' });
      const text = lines.join('');
      expect(text).toContain('req-42');
      expect(text).toContain('[Redacted]');
      expect(text).not.toContain('very-secret');
    } finally {
      await logged.close();
    }
  });
});
