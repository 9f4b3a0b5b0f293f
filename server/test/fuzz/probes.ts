import {
  fieldMutations,
  hostileSample,
  objectBranch,
  plausibleObject,
  schemaTypes,
} from './generators.ts';
import type { JsonSchema, Operation } from './operations.ts';
import { expecting, type Probe, type ProbeContext } from './probe.ts';
import type { RawRequest } from './raw-request.ts';
import { multipart, multipartProbes } from './upload-probes.ts';

const BODY_LIMIT = 1024 * 1024;
const UNKNOWN_FIELD = '__fuzz_unknown_field';

/** The JSON media type the operation is called with. */
function jsonType(op: Operation): string {
  return op.method === 'patch' ? 'application/merge-patch+json' : 'application/ld+json';
}

/** Sets `value` at `path` in a deep copy of `body`. */
function withValue(body: Record<string, unknown>, path: string[], value: unknown) {
  const copy = structuredClone(body);
  let target: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof target[key] !== 'object' || target[key] === null) target[key] = {};
    target = target[key] as Record<string, unknown>;
  }
  target[path[path.length - 1]!] = value;
  return copy;
}

/** Every declared field of an object schema (nested objects too, two levels deep). */
function fieldsOf(schema: JsonSchema, prefix: string[] = []): [string[], JsonSchema][] {
  const branch = objectBranch(schema);
  if (!branch?.properties || prefix.length >= 2) return [];
  return Object.entries(branch.properties).flatMap(([name, field]) => {
    const path = [...prefix, name];
    const nested = objectBranch(field) ? fieldsOf(field, path) : [];
    return [[path, field] as [string[], JsonSchema], ...nested];
  });
}

/** Objects of the schema that refuse unknown fields, by path ([] for the body itself). */
function strictObjects(schema: JsonSchema, prefix: string[] = []): string[][] {
  const branch = objectBranch(schema);
  if (!branch) return [];
  const own = branch.additionalProperties === false ? [prefix] : [];
  if (prefix.length >= 2) return own;
  return [
    ...own,
    ...Object.entries(branch.properties ?? {}).flatMap(([name, field]) =>
      strictObjects(field, [...prefix, name]),
    ),
  ];
}

/** A form-urlencoded rendering of a body (what an HTML form would post). */
function formEncoded(body: Record<string, unknown>): string {
  return new URLSearchParams(
    Object.entries(body).map(([k, v]): [string, string] => [
      k,
      typeof v === 'string' ? v : JSON.stringify(v),
    ]),
  ).toString();
}

/** Probes of a JSON body: syntax, top-level type, each field, unknown fields, media type, size. */
function jsonBodyProbes(op: Operation, schema: JsonSchema, ctx: ProbeContext): Probe[] {
  const { base } = ctx;
  const type = jsonType(op);
  const baseline = { ...plausibleObject(schema), ...ctx.bodyExtras };
  const send = (label: string, body: string | Buffer, mustRefuse: boolean, contentType = type) => ({
    label,
    mustRefuse,
    request: {
      method: op.method.toUpperCase(),
      path: base.path,
      headers: { ...base.headers, 'Content-Type': contentType },
      body,
    },
  });
  const json = (label: string, value: unknown, mustRefuse: boolean) =>
    send(label, JSON.stringify(value), mustRefuse);

  const probes: Probe[] = [];
  for (const text of [
    '{"a":',
    '{',
    "{'single': 'quotes'}",
    '{"a":1,}',
    'NaN',
    '{"a":01}',
    '\u0000',
  ])
    probes.push(expecting(send(`malformed JSON ${JSON.stringify(text)}`, text, true), [400]));
  for (const value of [[], [baseline], 'a string', 42, null, true])
    probes.push(json(`top-level ${JSON.stringify(value).slice(0, 20)}`, value, true));

  for (const [path, field] of fieldsOf(schema)) {
    const name = path.join('.');
    for (const m of fieldMutations(field))
      probes.push(json(`${name}: ${m.label}`, withValue(baseline, path, m.value), m.refused));
    if (schemaTypes(field).includes('string') || schemaTypes(field).length === 0)
      for (const s of hostileSample(ctx.random))
        probes.push(
          json(`${name}: hostile ${JSON.stringify(s)}`, withValue(baseline, path, s), false),
        );
  }
  for (const path of strictObjects(schema)) {
    const at = [...path, UNKNOWN_FIELD];
    probes.push(
      expecting(json(`unknown field ${at.join('.')}`, withValue(baseline, at, 1), true), [422]),
    );
  }

  const body = JSON.stringify(baseline);
  const wrongType = (label: string, text: string, contentType: string) =>
    expecting(send(label, text, true, contentType), [415], true);
  probes.push(wrongType('JSON sent as text/plain', body, 'text/plain'));
  probes.push(wrongType('JSON sent as XML', body, 'application/xml'));
  probes.push(
    wrongType(
      'form-urlencoded body',
      formEncoded(baseline) || 'field=value',
      'application/x-www-form-urlencoded',
    ),
  );
  probes.push(wrongType('JSON in Latin-1', body, `${type}; charset=iso-8859-1`));
  for (const encoding of ['gzip', 'deflate', 'compress'])
    probes.push(
      expecting(
        {
          ...send(`body claiming Content-Encoding ${encoding}`, body, true),
          request: {
            ...send('', body, true).request,
            headers: { ...base.headers, 'Content-Type': type, 'Content-Encoding': encoding },
          },
        },
        [400, 415],
      ),
    );
  const big = JSON.stringify({ ...baseline, padding: 'x'.repeat(BODY_LIMIT + 1024) });
  probes.push(expecting(send('body above the 1 MB limit', big, true), [413]));
  return probes;
}

/** Hostile and wrongly typed values in each path parameter and each query parameter. */
function parameterProbes(
  op: Operation,
  ctx: ProbeContext,
  body?: RawRequest['body'],
  bodyType?: string,
): Probe[] {
  const { base } = ctx;
  const headers = bodyType ? { ...base.headers, 'Content-Type': bodyType } : base.headers;
  const request = (path: string): RawRequest => ({
    method: op.method.toUpperCase(),
    path,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const probes: Probe[] = [];
  const values = () => [
    ...hostileSample(ctx.random),
    'A'.repeat(5000),
    '01J00000000000000000000000',
    '-1',
  ];
  for (const param of op.pathParams)
    for (const value of values())
      probes.push({
        label: `path {${param}} = ${JSON.stringify(value).slice(0, 40)}`,
        request: request(ctx.pathWith(param, encodeURIComponent(value))),
        mustRefuse: false,
      });
  const join = (query: string) => `${base.path}${base.path.includes('?') ? '&' : '?'}${query}`;
  for (const { name } of op.queryParams) {
    const queryValues = [...values(), '0', '1e309', 'abc', '[]', '2026-02-30T25:61:00Z'];
    for (const value of queryValues)
      probes.push({
        label: `query ${name} = ${JSON.stringify(value).slice(0, 40)}`,
        request: request(join(`${name}=${encodeURIComponent(value)}`)),
        mustRefuse: false,
      });
    for (const raw of [`${name}=1&${name}=2`, `${name}[a]=1`, `${name}[]=x`, name, `${name}=%ZZ`])
      probes.push({ label: `query ${raw}`, request: request(join(raw)), mustRefuse: false });
  }
  return probes;
}

/** Every probe of one operation. */
export function probesFor(op: Operation, ctx: ProbeContext): Probe[] {
  return [...generatedProbes(op, ctx), ...(ctx.extra ?? [])];
}

function generatedProbes(op: Operation, ctx: ProbeContext): Probe[] {
  if (op.jsonBody) {
    const baseline = JSON.stringify({ ...plausibleObject(op.jsonBody), ...ctx.bodyExtras });
    return [
      ...jsonBodyProbes(op, op.jsonBody, ctx),
      ...parameterProbes(op, ctx, baseline, jsonType(op)),
    ];
  }
  if (op.multipartBody) {
    const boundary = 'fuzzParamBoundary';
    const body = ctx.upload
      ? multipart(boundary, ctx.upload.fields ?? {}, ctx.upload.good)
      : undefined;
    const hostileFields = Object.keys(ctx.upload?.fields ?? {}).flatMap((field) =>
      hostileSample(ctx.random).map((s) => ({
        label: `form field ${field}: hostile ${JSON.stringify(s)}`,
        mustRefuse: false,
        request: {
          method: op.method.toUpperCase(),
          path: ctx.base.path,
          headers: {
            ...ctx.base.headers,
            'Content-Type': `multipart/form-data; boundary=${boundary}`,
          },
          body: multipart(boundary, { ...ctx.upload!.fields, [field]: s }, ctx.upload!.good),
        },
      })),
    );
    return [
      ...multipartProbes(op, ctx),
      ...hostileFields,
      ...parameterProbes(op, ctx, body, `multipart/form-data; boundary=${boundary}`),
    ];
  }
  // No body declared: a malformed JSON body must not get further than the JSON parser would let
  // it (400), or is ignored; then the parameters.
  return [
    {
      label: 'malformed JSON body on an operation without a body',
      mustRefuse: false,
      request: {
        method: op.method.toUpperCase(),
        path: ctx.base.path,
        headers: { ...ctx.base.headers, 'Content-Type': 'application/json' },
        body: '{"a":',
      },
    },
    ...parameterProbes(op, ctx),
  ];
}
