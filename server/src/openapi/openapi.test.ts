import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, startTestApp, type TestApp } from '../../test/app.ts';
import { checkResponse } from '../../test/response-validation.ts';

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
  it('is an OpenAPI 3.1 document with the security schemes and the curl example', async () => {
    const res = await request(t.url).get('/api_documentation.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.components.securitySchemes).toEqual({
      cookieAuth: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'access_token' }),
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      deviceBasic: expect.objectContaining({ type: 'http', scheme: 'basic' }),
      deviceSerial: expect.objectContaining({ in: 'header', name: 'X-Device-Serial' }),
      deviceSecret: expect.objectContaining({ in: 'header', name: 'X-Device-Secret' }),
      metricsToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    const paths = res.body.paths;
    expect(paths['/device/v1/telemetry'].post.security).toEqual([
      { deviceBasic: [] },
      { deviceSerial: [], deviceSecret: [] },
    ]);
    expect(paths['/api/purifiers'].get.security).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
    // Meraki sends its secret in the body: the webhook's schema requires it.
    const meraki = paths['/webhooks/meraki/{ulid}'].post.requestBody.content['application/json'];
    expect(res.body.components.schemas.MerakiWebhook.required).toContain('sharedSecret');
    expect(meraki.schema.$ref).toBe('#/components/schemas/MerakiWebhook');
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

describe('operations', () => {
  it('each has a unique camelCase operationId', async () => {
    const doc = (await request(t.url).get('/api_documentation.json')).body as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({
        key: `${method} ${path}`,
        id: op.operationId,
      })),
    );
    expect(operations.length).toBeGreaterThan(70);
    expect(operations.filter((op) => !op.id || !/^[a-z][a-zA-Z0-9]+$/.test(op.id))).toEqual([]);
    const ids = operations.map((op) => op.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(doc.paths['/api/purifiers']!.get!.operationId).toBe('listPurifiers');
  });

  it('spells out case-insensitive patterns (zod writes them with a trailing /i)', async () => {
    const res = await request(t.url).get('/api_documentation.json');
    const user = (
      res.body.paths['/api/purifiers'].get.parameters as {
        name: string;
        schema: { pattern: string };
      }[]
    ).find((p) => p.name === 'user')!;
    const pattern = new RegExp(user.schema.pattern);
    expect(pattern.test('01j9z3q6zp7v8w2m4k5n6r7s8t')).toBe(true);
    expect(pattern.test('01J9Z3Q6ZP7V8W2M4K5N6R7S8T')).toBe(true);
    expect(pattern.test('01J9Z3Q6ZP7V8W2M4K5N6R7S8U')).toBe(false);
    expect(res.text).not.toMatch(/\/i"/);
  });

  it('answers JSON-LD as application/ld+json, or plain JSON to a client that asks for it', async () => {
    const ld = await request(t.url).get('/api/me').set('Accept', 'application/ld+json');
    expect(ld.status).toBe(401);
    expect(ld.headers['content-type']).toBe('application/ld+json; charset=utf-8');
    const none = await request(t.url).get('/api/me');
    expect(none.headers['content-type']).toBe('application/ld+json; charset=utf-8');
    const json = await request(t.url).get('/api/me').set('Accept', 'application/json');
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json.body['@type']).toBe('hydra:Error');
    // Bodies that are not JSON-LD documents stay application/json.
    const health = await request(t.url).get('/healthz').set('Accept', 'application/ld+json');
    expect(health.headers['content-type']).toBe('application/json; charset=utf-8');
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

describe('the response-validation hook of the API tests', () => {
  it('reports an answer whose status, media type or body the document does not describe', () => {
    const me = JSON.stringify({ '@id': '/api/users/x', '@type': 'User' });
    expect(checkResponse('get', '/api/me', 200, 'application/ld+json', me)[0]).toMatch(
      /does not match the schema/,
    );
    expect(checkResponse('get', '/api/me', 418, 'application/ld+json', '{}')[0]).toMatch(
      /status not documented/,
    );
    expect(checkResponse('get', '/api/me', 401, 'text/html', 'x')[0]).toMatch(/text\/html/);
    expect(checkResponse('get', '/api/nothing/here', 404, 'application/ld+json', '{}')).toEqual([]);
    expect(checkResponse('get', '/api/me', 200, 'application/ld+json', me)).toHaveLength(1);
  });
});
