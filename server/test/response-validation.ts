import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterEach, expect } from 'vitest';
import { buildOpenApiDocument } from '../src/openapi/registry.ts';

/**
 * The response-validation hook of the API tests: every answer the test server sends is checked
 * against the OpenAPI document (documented path and method, status, media type, body schema),
 * and a test whose requests got an answer the document does not describe fails after it runs.
 * So the document cannot drift from what the server does.
 */

interface Operation {
  responses: Record<string, { content?: Record<string, unknown> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

/** Paths served outside the document: Swagger UI, Socket.IO, the built client. */
const UNDOCUMENTED = [/^\/api_documentation(\.json|\/|$)/, /^\/socket\.io\//];
/** Bodies larger than this are not kept for validation (files, exports). */
const MAX_BODY = 2 * 1024 * 1024;

const mismatches: string[] = [];
let compiled: { doc: Document; templates: { path: string; re: RegExp }[]; ajv: Ajv2020 } | null =
  null;
const validators = new Map<string, ValidateFunction>();

/**
 * An answer may not carry fields its schema does not declare (a generated client would not know
 * them): every object schema that says nothing of other properties is closed here. The parts of
 * an `allOf` stay open (their referenced schema copied in) and the whole is closed instead.
 */
function closeObjects(node: unknown, components: Record<string, unknown>, self = true): void {
  if (Array.isArray(node)) return node.forEach((item) => closeObjects(item, components));
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  const open = !('additionalProperties' in schema) && !('unevaluatedProperties' in schema);
  if (Array.isArray(schema.allOf)) {
    schema.allOf = (schema.allOf as Record<string, unknown>[]).map((part) =>
      typeof part.$ref === 'string'
        ? structuredClone(components[part.$ref.replace('#/components/schemas/', '')])
        : part,
    );
    for (const part of schema.allOf as unknown[]) closeObjects(part, components, false);
    if (open) schema.unevaluatedProperties = false;
  } else if (self && open && typeof schema.properties === 'object') {
    schema.unevaluatedProperties = false;
  }
  for (const [key, value] of Object.entries(schema))
    if (key !== 'allOf') closeObjects(value, components);
}

function load() {
  if (compiled) return compiled;
  const doc = JSON.parse(JSON.stringify(buildOpenApiDocument('http://aircloud.test'))) as Document;
  const components = (doc as { components?: { schemas?: Record<string, unknown> } }).components;
  const original = structuredClone(components?.schemas ?? {});
  closeObjects(doc.paths, original);
  closeObjects(components, original);
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats.default(ajv);
  ajv.addSchema(doc, 'openapi.json');
  // Literal segments win over parameters (`/api/purifiers/activate` before `{ulid}`).
  const templates = Object.keys(doc.paths)
    .map((path) => ({
      path,
      params: (path.match(/\{/g) ?? []).length,
      re: new RegExp(
        `^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+')}$`,
      ),
    }))
    .sort((a, b) => a.params - b.params);
  compiled = { doc, templates, ajv };
  return compiled;
}

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** The mismatches of one answer with the document (empty when it matches). */
export function checkResponse(
  method: string,
  url: string,
  status: number,
  contentType: string | undefined,
  body: string,
): string[] {
  // Express routes match with or without a trailing slash.
  const path = decodeURI(url.split('?')[0] ?? '/').replace(/(.)\/$/, '$1');
  if (UNDOCUMENTED.some((re) => re.test(path))) return [];
  const { doc, templates, ajv } = load();
  const template = templates.find((t) => t.re.test(path) && doc.paths[t.path]![method]);
  const where = `${method.toUpperCase()} ${url} -> ${status}`;
  if (!template) {
    // Unknown paths and methods answer 404 / 405 anywhere; anything else must be documented.
    return status === 404 || status === 405 ? [] : [`${where}: no operation in the document`];
  }
  const operation = doc.paths[template.path]![method]!;
  const response = operation.responses[String(status)] ?? operation.responses.default;
  if (!response) return [`${where}: status not documented for ${method} ${template.path}`];
  const media = contentType?.split(';')[0]?.trim().toLowerCase();
  if (!response.content) {
    return body.length > 0 ? [`${where}: a body (${media}) where the document has none`] : [];
  }
  if (!media || !(media in response.content)) {
    return [
      `${where}: ${media ?? 'no content type'} is not one of ${Object.keys(response.content).join(', ')}`,
    ];
  }
  if (!/[/+]json$/.test(media) || body.length === 0 || body.length >= MAX_BODY) return [];
  const ref = `openapi.json#/${pointer('paths', template.path, method, 'responses', String(status), 'content', media, 'schema')}`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  if (validate(JSON.parse(body))) return [];
  return [
    `${where}: body does not match the schema: ${(validate.errors ?? [])
      .map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`)
      .join('; ')}`,
  ];
}

/** Watches every answer `server` sends and records the ones the document does not describe. */
export function validateResponses(server: Server): void {
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    // Express rewrites req.url inside mounted routers: keep the URL as it came.
    const { method = 'GET', url = '/' } = req;
    const chunks: Buffer[] = [];
    let size = 0;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(
            chunk as string,
            typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
          );
      size += buffer.length;
      if (size < MAX_BODY) chunks.push(buffer);
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.write = ((...args: unknown[]) => {
      keep(args[0], args[1]);
      return write(...args);
    }) as typeof res.write;
    res.end = ((...args: unknown[]) => {
      keep(args[0], args[1]);
      if (method !== 'HEAD') {
        const test = expect.getState().currentTestName ?? 'a hook';
        const contentType = res.getHeader('content-type');
        try {
          for (const found of checkResponse(
            method.toLowerCase(),
            url,
            res.statusCode,
            typeof contentType === 'string' ? contentType : undefined,
            size < MAX_BODY ? Buffer.concat(chunks).toString('utf8') : 'x'.repeat(MAX_BODY),
          ))
            mismatches.push(`[${test}] ${found}`);
        } catch (err) {
          mismatches.push(`[${test}] ${method} ${url}: ${String(err)}`);
        }
      }
      return end(...args);
    }) as typeof res.end;
  });
}

/** The mismatches recorded since the last call. */
export function takeMismatches(): string[] {
  return mismatches.splice(0);
}

// Fails the test during which an undocumented answer was sent (or the first one after a hook).
afterEach(() => {
  const found = takeMismatches();
  if (found.length > 0)
    throw new Error(`Answers the OpenAPI document does not describe:\n${found.join('\n')}`);
});
