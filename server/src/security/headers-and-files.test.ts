/**
 * Security headers on HTML pages and API answers (CSP without inline scripts but the built page's
 * own, allowed by hash; no framing,
 * nosniff, referrer policy, HSTS behind https), and uploaded files that can never run: an SVG
 * or HTML avatar is refused, stored avatars are served as images under a sandbox, firmware (an
 * HTML or SVG file included) is always an octet-stream attachment.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type AirCloudApp } from '../app.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { signIn, type Session } from '../../test/support/purifiers.ts';

const SCRIPTED_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
const SCRIPTED_HTML = '<!doctype html><html><body><script>alert(1)</script></body></html>';

let t: TestApp;
let withClient: AirCloudApp;
let dist: string;
let user: Session;
let tech: Session;

/** The CSP directives of an answer, by name. */
function cspOf(res: { headers: Record<string, string> }): Record<string, string> {
  const csp = res.headers['content-security-policy'] ?? '';
  return Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!, values.join(' ')];
      }),
  );
}

/** The headers every page and API answer carries. */
function expectBaseHeaders(res: { headers: Record<string, string> }) {
  const csp = cspOf(res);
  expect(csp['script-src']).toBe("'self'");
  expect(csp['default-src']).toBe("'self'");
  expect(csp['object-src']).toBe("'none'");
  expect(csp['frame-ancestors']).toBe("'none'");
  expect(csp['base-uri']).toBe("'self'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['x-powered-by']).toBeUndefined();
}

beforeAll(async () => {
  t = await startTestApp();
  [user, tech] = await Promise.all([signIn(t), signIn(t, 'ROLE_TECHNICIAN')]);
  dist = mkdtempSync(join(tmpdir(), 'aircloud-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><script type="module" src="/assets/app.js"></script><div id="root"></div>',
  );
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  withClient = createApp({ ...t.ctx, config: { ...t.config, clientDist: dist } });
});
afterAll(async () => {
  await withClient?.close();
  rmSync(dist, { recursive: true, force: true });
  await t?.stop();
});

describe('security headers', () => {
  it('are on the HTML of the client, its assets and API answers (errors included)', async () => {
    const page = await request(withClient.app).get('/login');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expectBaseHeaders(page);
    expectBaseHeaders(await request(withClient.app).get('/assets/app.js'));
    expectBaseHeaders(await request(t.url).get('/api/me').set('Cookie', user.cookie));
    const refused = await request(t.url).get('/api/me');
    expect(refused.status).toBe(401);
    expectBaseHeaders(refused);
    expectBaseHeaders(await request(t.url).get('/api/nothing-here'));
  });

  it('allow no inline script anywhere the policy lists scripts', async () => {
    const csp = cspOf(await request(withClient.app).get('/login'));
    for (const directive of ['script-src', 'script-src-elem', 'script-src-attr', 'default-src'])
      expect(csp[directive] ?? '', directive).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it("allow the built page's own inline scripts by their hashes, and no other", async () => {
    const script = "document.documentElement.dataset.theme='dark'";
    const scripted = mkdtempSync(join(tmpdir(), 'aircloud-dist-'));
    writeFileSync(
      join(scripted, 'index.html'),
      `<!doctype html><script>${script}</script><script type="module" src="/assets/app.js"></script>`,
    );
    const app = createApp({ ...t.ctx, config: { ...t.config, clientDist: scripted } });
    try {
      const csp = cspOf(await request(app.app).get('/login'));
      const hash = createHash('sha256').update(script).digest('base64');
      expect(csp['script-src']).toBe(`'self' 'sha256-${hash}'`);
    } finally {
      await app.close();
      rmSync(scripted, { recursive: true, force: true });
    }
  });

  it('the API documentation keeps scripts to its own origin and refuses frames', async () => {
    const docs = await request(t.url).get('/api_documentation/');
    const csp = cspOf(docs);
    expect(csp['script-src']).toBe("'self'");
    expect(csp['frame-ancestors']).toBe("'none'");
  });

  it('no HSTS over plain http; HSTS and upgrade-insecure-requests behind https', async () => {
    expect((await request(t.url).get('/healthz')).headers['strict-transport-security']).toBe(
      undefined,
    );
    const secure = createApp({
      ...t.ctx,
      config: { ...t.config, publicUrl: 'https://aircloud.example.com', secureCookies: true },
    });
    try {
      const res = await request(secure.app).get('/healthz');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      expect(cspOf(res)).toHaveProperty('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });
});

describe('uploaded avatars', () => {
  it('an SVG or HTML file is refused, whatever name and type it claims', async () => {
    const attempts: [string, string, string][] = [
      [SCRIPTED_SVG, 'a.svg', 'image/svg+xml'],
      [SCRIPTED_SVG, 'a.png', 'image/png'],
      [SCRIPTED_HTML, 'a.html', 'text/html'],
      [SCRIPTED_HTML, 'a.jpg', 'image/jpeg'],
    ];
    for (const [body, filename, contentType] of attempts) {
      const res = await request(t.url)
        .post('/api/media_objects')
        .set('Cookie', user.cookie)
        .attach('file', Buffer.from(body), { filename, contentType });
      expect(res.status, filename).toBe(422);
    }
  });

  it('a stored avatar is served as its image type under a sandbox, never as HTML', async () => {
    const png = await sharp({ create: { width: 6, height: 6, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const uploaded = await request(t.url)
      .post('/api/media_objects')
      .set('Cookie', user.cookie)
      .attach('file', png, { filename: 'x.html', contentType: 'text/html' });
    expect(uploaded.status).toBe(201);
    const res = await request(t.url)
      .get(uploaded.body.content_url as string)
      .set('Cookie', user.cookie);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(cspOf(res)).toMatchObject({ 'default-src': "'none'", sandbox: '' });
  });
});

describe('uploaded firmware', () => {
  it('an HTML or SVG file is only ever downloaded: octet-stream attachment, nosniff, sandbox', async () => {
    for (const [body, filename, contentType] of [
      [SCRIPTED_HTML, 'update.html', 'text/html'],
      [SCRIPTED_SVG, 'update.svg', 'image/svg+xml'],
    ] as const) {
      const uploaded = await request(t.url)
        .post('/api/firmwares')
        .set('Cookie', tech.cookie)
        .field('name', `scripted ${filename}`)
        .field('version', '1.0.0')
        .field('models', 'HEPA_COCOON')
        .attach('file', Buffer.from(body), { filename, contentType });
      expect(uploaded.status, filename).toBe(201);
      const url = new URL(uploaded.body.public_url as string);
      const res = await request(t.url).get(url.pathname);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toMatch(/^attachment;/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(cspOf(res)).toMatchObject({ 'default-src': "'none'", sandbox: '' });
    }
  });
});
