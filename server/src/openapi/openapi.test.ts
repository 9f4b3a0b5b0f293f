import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, startTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.stop();
});

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  rawPath?: string | string[] | RegExp;
}

/** Paths served outside the API document: the documentation itself and the built client. */
const UNDOCUMENTED = [/^GET \/api_documentation(\.json|\/.*)?$/];

/** `METHOD /path` of every route mounted in the app, path parameters in OpenAPI form. */
function mountedRoutes(app: Express): string[] {
  const found: string[] = [];
  const walk = (stack: Layer[], prefixes: string[]) => {
    for (const layer of stack) {
      const raw = layer.rawPath;
      const here =
        raw === undefined || raw instanceof RegExp
          ? prefixes
          : (Array.isArray(raw) ? raw : [raw]).flatMap((p) =>
              prefixes.map((prefix) => (p === '/' ? prefix : `${prefix}${p}`)),
            );
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const method of Object.keys(layer.route.methods)) {
          if (method === '_all') continue;
          for (const prefix of prefixes)
            for (const p of paths) {
              const full = (p === '/' && prefix !== '' ? prefix : `${prefix}${p}`).replace(
                /:(\w+)/g,
                '{$1}',
              );
              found.push(`${method.toUpperCase()} ${full}`);
            }
        }
      } else if (layer.handle.stack) {
        walk(layer.handle.stack, here);
      }
    }
  };
  const router = (app as unknown as { router: { stack: Layer[] } }).router;
  walk(router.stack, ['']);
  return [...new Set(found)].sort();
}

describe('GET /api_documentation.json', () => {
  it('is an OpenAPI 3.1 document with both security schemes and the curl example', async () => {
    const res = await request(t.url).get('/api_documentation.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.components.securitySchemes).toEqual({
      cookieAuth: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'access_token' }),
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    expect(res.body.info.description).toContain(
      `curl -H 'Authorization: Bearer <token>' ${PUBLIC_URL}/api/me`,
    );
    expect(res.body.paths['/security/token/request'].post.requestBody).toBeDefined();
  });

  it('documents every route mounted in the app', async () => {
    const doc = (await request(t.url).get('/api_documentation.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const mounted = mountedRoutes(t.app).filter((r) => !UNDOCUMENTED.some((re) => re.test(r)));
    expect(mounted.length).toBeGreaterThan(10);
    expect(mounted.filter((r) => !documented.has(r))).toEqual([]);
    // and nothing documented that does not exist
    expect([...documented].filter((r) => !mounted.includes(r))).toEqual([]);
  });
});

describe('GET /api_documentation', () => {
  it('serves Swagger UI from local assets with a CSP relaxed on that route only', async () => {
    const redirect = await request(t.url).get('/api_documentation');
    expect(redirect.status).toBe(301);
    const page = await request(t.url).get('/api_documentation/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger-ui-bundle.js');
    expect(page.text).not.toMatch(/(src|href)=["']https?:/);
    const bundle = await request(t.url).get('/api_documentation/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    const init = await request(t.url).get('/api_documentation/swagger-ui-init.js');
    expect(init.text).toContain('/api_documentation.json');
    expect(page.headers['content-security-policy']).toContain("img-src 'self' data:");
  });
});
