/**
 * The Hydra side of the API, derived from the OpenAPI document so the two never disagree: the
 * classes (every schema with a single `@type`), the entrypoint's collections (every
 * `GET /api/<name>` answering a hydra:Collection), their fields and operations, and the
 * `@context` documents the answers name. The vocabulary is `<origin>/api/docs.jsonld#`.
 */

export const HYDRA = 'http://www.w3.org/ns/hydra/core#';

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  description?: string;
}
interface OpenApiOperation {
  summary?: string;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface Field {
  name: string;
  range: string | null;
  required: boolean;
  writable: boolean;
  description?: string;
}
interface Operation {
  method: string;
  title: string;
  returns: string;
  expects?: string;
}
/** One resource class of the documentation. */
export interface HydraClass {
  name: string;
  fields: Field[];
  operations: Operation[];
}
/** A collection of the entrypoint: `/api/purifiers` of Purifier, named `purifier`. */
export interface HydraCollectionLink {
  name: string;
  path: string;
  className: string;
  operations: Operation[];
}
export interface HydraModel {
  classes: Map<string, HydraClass>;
  collections: HydraCollectionLink[];
}

/** `@context` documents answered besides the classes' (errors, the entrypoint). */
const EXTRA_CONTEXTS = ['Entrypoint', 'Error', 'ConstraintViolationList'];

const ACTIONS: Record<string, string> = {
  GET: 'schema:FindAction',
  POST: 'schema:CreateAction',
  PUT: 'schema:ReplaceAction',
  PATCH: 'schema:UpdateAction',
  DELETE: 'schema:DeleteAction',
};

const lcFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

/** Builds the classes and collections from the OpenAPI document. */
export function hydraModel(doc: OpenApiDocument): HydraModel {
  const schemas = doc.components?.schemas ?? {};
  const deref = (schema: JsonSchema | undefined): JsonSchema | undefined =>
    schema?.$ref ? schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;
  const typeOf = (schema: JsonSchema | undefined): string | undefined => {
    const type = deref(schema)?.properties?.['@type']?.enum;
    return type?.length === 1 && typeof type[0] === 'string' ? type[0] : undefined;
  };
  const isClassName = (type: string | undefined): type is string =>
    type !== undefined && !type.includes(':');

  const range = (schema: JsonSchema | undefined): string | null => {
    if (!schema) return null;
    if (schema.anyOf) return range(schema.anyOf.find((s) => s.type !== 'null'));
    if (schema.$ref) {
      const type = typeOf(schema);
      return isClassName(type) ? `#${type}` : null;
    }
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
    if (type === 'string') return schema.format === 'date-time' ? 'xmls:dateTime' : 'xmls:string';
    if (type === 'integer') return 'xmls:integer';
    if (type === 'number') return 'xmls:decimal';
    if (type === 'boolean') return 'xmls:boolean';
    return null;
  };

  const classes = new Map<string, HydraClass>();
  // A class takes the fields of the schema of its own name when there is one (Me is a User too).
  const entries = Object.entries(schemas).sort(([a], [b]) => {
    const own = (name: string) => (typeOf(schemas[name]) === name ? 0 : 1);
    return own(a) - own(b);
  });
  for (const [, schema] of entries) {
    const name = typeOf(schema);
    if (!isClassName(name) || name === 'Entrypoint' || classes.has(name)) continue;
    const fields = Object.entries(schema.properties ?? {})
      .filter(([field]) => !field.startsWith('@'))
      .map(([field, value]) => ({
        name: field,
        range: range(value),
        required: schema.required?.includes(field) ?? false,
        writable: false,
        ...(value.description ? { description: value.description } : {}),
      }));
    classes.set(name, { name, fields, operations: [] });
  }

  const jsonSchema = (content: Record<string, { schema?: JsonSchema }> | undefined) =>
    content?.['application/ld+json']?.schema ?? content?.['application/json']?.schema;
  const returnsOf = (op: OpenApiOperation): string => {
    for (const status of ['200', '201', '202']) {
      const schema = deref(jsonSchema(op.responses?.[status]?.content));
      if (!schema) continue;
      const type = typeOf(schema);
      if (type === 'hydra:Collection') return 'hydra:Collection';
      if (isClassName(type)) return `#${type}`;
    }
    return 'owl:Nothing';
  };
  const markWritable = (cls: HydraClass, op: OpenApiOperation) => {
    const body = deref(jsonSchema(op.requestBody?.content));
    for (const field of cls.fields) if (body?.properties?.[field.name]) field.writable = true;
  };
  const operation = (method: string, op: OpenApiOperation, cls: string): Operation => ({
    method: method.toUpperCase(),
    title: op.summary ?? `${method.toUpperCase()} ${cls}`,
    returns: returnsOf(op),
    ...(op.requestBody ? { expects: `#${cls}` } : {}),
  });

  const collections: HydraCollectionLink[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!/^\/api\/[a-z_]+$/.test(path) || !item.get) continue;
    const list = deref(jsonSchema(item.get.responses?.['200']?.content));
    if (typeOf(list) !== 'hydra:Collection') continue;
    const member = typeOf(list?.properties?.['hydra:member']?.items);
    const cls = isClassName(member) ? classes.get(member) : undefined;
    if (!cls) continue;
    const ops = Object.entries(item).map(([method, op]) => {
      if (method !== 'get') markWritable(cls, op);
      return operation(method, op, cls.name);
    });
    collections.push({ name: lcFirst(cls.name), path, className: cls.name, operations: ops });
    // The item operations: `<collection>/{ulid}` or `<collection>/{id}`.
    const itemPath = Object.keys(doc.paths).find((p) =>
      new RegExp(`^${path}/\\{(ulid|id)\\}$`).test(p),
    );
    for (const [method, op] of Object.entries(itemPath ? doc.paths[itemPath]! : {})) {
      if (method !== 'get' && method !== 'delete') markWritable(cls, op);
      cls.operations.push(operation(method, op, cls.name));
    }
  }
  return { classes, collections };
}

/** The names `/api/contexts/{name}` answers. */
export function contextNames(model: HydraModel): string[] {
  return [...model.classes.keys(), ...EXTRA_CONTEXTS];
}

const vocabulary = (origin: string) => `${origin}/api/docs.jsonld#`;

/** The `@context` document of a class (its fields as terms of the vocabulary), or null. */
export function contextDocument(model: HydraModel, name: string, origin: string) {
  const base = { '@vocab': vocabulary(origin), hydra: HYDRA };
  if (name === 'Entrypoint') {
    return {
      '@context': {
        ...base,
        ...Object.fromEntries(
          model.collections.map((c) => [c.name, { '@id': `Entrypoint/${c.name}`, '@type': '@id' }]),
        ),
      },
    };
  }
  if (!contextNames(model).includes(name)) return null;
  const cls = model.classes.get(name);
  return {
    '@context': {
      ...base,
      ...Object.fromEntries((cls?.fields ?? []).map((f) => [f.name, `${name}/${f.name}`])),
    },
  };
}

/** The entrypoint `/api`: a link to each collection. */
export function entrypointDocument(model: HydraModel) {
  return {
    '@context': '/api/contexts/Entrypoint',
    '@id': '/api',
    '@type': 'Entrypoint',
    ...Object.fromEntries(model.collections.map((c) => [c.name, c.path])),
  };
}

function supportedOperation(op: Operation) {
  return {
    '@type': ['hydra:Operation', ACTIONS[op.method] ?? 'hydra:Operation'],
    'hydra:method': op.method,
    'hydra:title': op.title,
    'rdfs:label': op.title,
    returns: op.returns,
    ...(op.expects ? { expects: op.expects } : {}),
  };
}

/** `/api/docs.jsonld`: the hydra:ApiDocumentation of every class and of the entrypoint. */
export function apiDocumentation(model: HydraModel, origin: string) {
  const classes = [...model.classes.values()].map((cls) => ({
    '@id': `#${cls.name}`,
    '@type': 'hydra:Class',
    'rdfs:label': cls.name,
    'hydra:title': cls.name,
    'hydra:supportedProperty': cls.fields.map((field) => ({
      '@type': 'hydra:SupportedProperty',
      'hydra:property': {
        '@id': `#${cls.name}/${field.name}`,
        '@type': field.range?.startsWith('#') ? 'hydra:Link' : 'rdf:Property',
        'rdfs:label': field.name,
        domain: `#${cls.name}`,
        ...(field.range ? { range: field.range } : {}),
      },
      'hydra:title': field.name,
      'hydra:required': field.required,
      'hydra:readable': true,
      'hydra:writeable': field.writable,
      ...(field.description ? { 'hydra:description': field.description } : {}),
    })),
    'hydra:supportedOperation': cls.operations.map(supportedOperation),
  }));
  const entrypoint = {
    '@id': '#Entrypoint',
    '@type': 'hydra:Class',
    'hydra:title': 'The API entrypoint',
    'hydra:supportedProperty': model.collections.map((c) => ({
      '@type': 'hydra:SupportedProperty',
      'hydra:property': {
        '@id': `#Entrypoint/${c.name}`,
        '@type': 'hydra:Link',
        domain: '#Entrypoint',
        'rdfs:label': `The collection of ${c.className} resources`,
        'rdfs:range': [
          { '@id': 'hydra:Collection' },
          {
            'owl:equivalentClass': {
              'owl:onProperty': { '@id': 'hydra:member' },
              'owl:allValuesFrom': { '@id': `#${c.className}` },
            },
          },
        ],
        'hydra:supportedOperation': c.operations.map(supportedOperation),
      },
      'hydra:title': `The collection of ${c.className} resources`,
      'hydra:readable': true,
      'hydra:writeable': false,
    })),
    'hydra:supportedOperation': [
      supportedOperation({ method: 'GET', title: 'The API entrypoint', returns: '#Entrypoint' }),
    ],
  };
  return {
    '@context': {
      '@vocab': vocabulary(origin),
      hydra: HYDRA,
      rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
      rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
      xmls: 'http://www.w3.org/2001/XMLSchema#',
      owl: 'http://www.w3.org/2002/07/owl#',
      schema: 'https://schema.org/',
      domain: { '@id': 'rdfs:domain', '@type': '@id' },
      range: { '@id': 'rdfs:range', '@type': '@id' },
      expects: { '@id': 'hydra:expects', '@type': '@id' },
      returns: { '@id': 'hydra:returns', '@type': '@id' },
    },
    '@id': '/api/docs.jsonld',
    '@type': 'hydra:ApiDocumentation',
    'hydra:title': 'AirCloud API',
    'hydra:description': 'The AirCloud HTTP API (OpenAPI: /api_documentation.json).',
    'hydra:entrypoint': '/api',
    'hydra:supportedClass': [...classes, entrypoint],
  };
}
