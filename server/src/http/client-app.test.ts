import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { clientAppRoutes, inlineScriptHashes } from './client-app.ts';

function builtClient() {
  const parent = mkdtempSync(join(tmpdir(), 'aircloud-dist-'));
  const dist = join(parent, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  const html = '<!doctype html><title>AirCloud</title>';
  writeFileSync(join(dist, 'index.html'), html);
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(html));
  const js = 'console.log("AirCloud");'.repeat(100);
  writeFileSync(join(dist, 'assets', 'app-abc.js'), js);
  writeFileSync(join(dist, 'assets', 'app-abc.js.br'), brotliCompressSync(js));
  writeFileSync(join(dist, 'assets', 'app-abc.js.gz'), gzipSync(js));
  writeFileSync(join(parent, 'secret.txt'), 'not an asset');
  const app = express();
  const routes = clientAppRoutes(dist);
  if (!routes) throw new Error('client routes expected');
  app.use(routes);
  return { app, js, dist };
}

describe('the built client', () => {
  it('sends the brotli copy of an asset to a browser that accepts it', async () => {
    const { app, js } = builtClient();
    const res = await request(app)
      .get('/assets/app-abc.js')
      .set('Accept-Encoding', 'gzip, deflate, br')
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers.vary).toContain('Accept-Encoding');
    const body = res.body as Buffer;
    // superagent decodes brotli itself on recent Node versions; accept either form.
    const text = body.toString() === js ? js : brotliDecompressSync(body).toString();
    expect(text).toBe(js);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const { app, js } = builtClient();
    const gz = await request(app).get('/assets/app-abc.js').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(js); // supertest inflates gzip
    const plain = await request(app).get('/assets/app-abc.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(js);
  });

  it('never serves a file outside the built client', async () => {
    const { app } = builtClient();
    const res = await request(app)
      .get('/assets/..%2F..%2Fsecret.txt')
      .set('Accept-Encoding', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text).not.toContain('not an asset');
  });

  it('answers index.html for client routes, never cached', async () => {
    const { app } = builtClient();
    const res = await request(app).get('/purifiers/01ABC');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>AirCloud</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends the HTML compressed to a browser that accepts it, never cached', async () => {
    const { app } = builtClient();
    const res = await request(app)
      .get('/purifiers')
      .set('Accept-Encoding', 'br')
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('Accept-Encoding');
    const body = res.body as Buffer;
    const text = body.toString().includes('<title>')
      ? body.toString()
      : brotliDecompressSync(body).toString();
    expect(text).toContain('<title>AirCloud</title>');
    const plain = await request(app).get('/purifiers').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toContain('<title>AirCloud</title>');
  });
});

describe('inlineScriptHashes', () => {
  it("gives the CSP hash of each inline script of the built page, none for a script file's", () => {
    const { dist } = builtClient();
    const first = '(function(){document.documentElement.dataset.theme="dark"})();';
    const second = 'window.__early = fetch("/api/me");';
    writeFileSync(
      join(dist, 'index.html'),
      `<head><script>${first}</script><script>${second}</script><script type="module" src="/assets/app-abc.js"></script></head>`,
    );
    const hash = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    expect(inlineScriptHashes(dist)).toEqual([hash(first), hash(second)]);
  });

  it('gives none without a built client', () => {
    expect(inlineScriptHashes(join(tmpdir(), 'no-such-client-build'))).toEqual([]);
  });
});
