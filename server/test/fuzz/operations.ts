import type { Access } from '../../src/openapi/registry.ts';
import { buildOpenApiDocument, documentedOperations } from '../../src/openapi/registry.ts';

/** The subset of JSON Schema the fuzzer reads from the OpenAPI document. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

/** One operation of the API document, as the fuzzer needs it. */
export interface Operation {
  /** `METHOD /path`, the path in OpenAPI `{param}` form. */
  key: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  access: Access;
  pathParams: string[];
  queryParams: { name: string; schema: JsonSchema }[];
  /** The JSON body schema (refs resolved), when the operation takes JSON. */
  jsonBody?: JsonSchema;
  /** The multipart body schema, when the operation takes an upload. */
  multipartBody?: JsonSchema;
}

type Document = ReturnType<typeof buildOpenApiDocument>;

/** Replaces `$ref`s to components by the components themselves (the document has no cycles). */
function resolve(schema: JsonSchema, doc: Document, depth = 0): JsonSchema {
  if (depth > 20) return schema;
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = doc.components?.schemas?.[name] as JsonSchema | undefined;
    return target ? resolve(target, doc, depth + 1) : {};
  }
  const out: JsonSchema = { ...schema };
  if (schema.properties)
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([k, v]) => [k, resolve(v, doc, depth + 1)]),
    );
  if (schema.items) out.items = resolve(schema.items, doc, depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    if (schema[key]) out[key] = schema[key].map((s) => resolve(s, doc, depth + 1));
  return out;
}

/**
 * Every operation of the API document (the same registry the authorization matrix walks), with
 * its access level, parameters and body schema.
 */
export function apiOperations(publicUrl: string): Operation[] {
  const doc = buildOpenApiDocument(publicUrl);
  return documentedOperations().map(({ route, access }) => {
    const [methodUpper, path] = route.split(' ') as [string, string];
    const method = methodUpper.toLowerCase() as Operation['method'];
    const item = doc.paths?.[path] as Record<string, unknown> | undefined;
    const op = (item?.[method] ?? {}) as {
      parameters?: Parameter[];
      requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
    };
    const parameters = op.parameters ?? [];
    const content = op.requestBody?.content ?? {};
    const json = content['application/json']?.schema;
    const multipart = content['multipart/form-data']?.schema;
    return {
      key: route,
      method,
      path,
      access,
      pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
      queryParams: parameters
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, schema: resolve(p.schema ?? {}, doc) })),
      ...(json ? { jsonBody: resolve(json, doc) } : {}),
      ...(multipart ? { multipartBody: resolve(multipart, doc) } : {}),
    };
  });
}
