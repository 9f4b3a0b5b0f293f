/**
 * Schema-driven fuzzer over the OpenAPI document (docs/security.md, "Bad input"): every
 * operation, signed in with a role that may call it and pointed at seeded records, gets malformed
 * JSON, wrong top-level and field types, bad enums, huge strings and numbers, unknown fields,
 * injection strings in every string field and parameter, wrong media types, a body above the
 * limit and, for uploads, broken multipart, a wrong field, a wrong file type and a file above the
 * limit. Each answer must be a 4xx hydra error with a catalogue key (or a 2xx where the input is
 * valid), never a 5xx, and a refused request must leave every table and the upload folder as
 * they were. The order of the sampled values is seeded (FUZZ_SEED) so a failure replays.
 */
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '@aircloud/shared/errors';
import { SENSOR_IMPORT_MAX_BYTES } from '@aircloud/shared/constants';
import { AVATAR_MAX_BYTES } from '@aircloud/shared/users';
import { PUBLIC_URL, startTestApp, type TestApp } from '../app.ts';
import { sample, seededRandom } from './generators.ts';
import { apiOperations, type Operation } from './operations.ts';
import type { Probe, ProbeContext } from './probe.ts';
import { probesFor } from './probes.ts';
import { rawRequest, type RawResponse } from './raw-request.ts';
import { changedTables, snapshotFiles, snapshotTables, type TableSnapshot } from './snapshot.ts';
import { buildWorld, pathValues, sessionFor, smallPng, type World } from './world.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
/** Probes per operation at most (a seeded sample of them when there are more). */
const MAX_PROBES = Number(process.env.FUZZ_MAX_PROBES ?? 400);
/** A small firmware limit, so "above the limit" is a quick upload. */
const FIRMWARE_LIMIT = 64 * 1024;
const CATALOGUE = new Set<string>(ERROR_KEYS);

/**
 * Tables an operation may write even when it refuses the request, and why. The Meraki receiver
 * logs a malformed or incomplete post as a network event on purpose, so the administrator sees
 * what arrived (docs/api-operations.md); nothing else may change.
 */
const LOGGED_ON_REFUSAL: Record<string, string[]> = {
  'POST /webhooks/meraki/{ulid}': ['network_events'],
};

/** Operations that read their body whatever its declared media type, and why. */
const ANY_MEDIA_TYPE: Record<string, string> = {
  'POST /webhooks/meraki/{ulid}':
    'Meraki posts JSON under varying headers; the receiver parses the raw body itself',
};

let t: TestApp;
let world: World;
let uploadDir: string;
const operations: Operation[] = apiOperations(PUBLIC_URL);

beforeAll(async () => {
  uploadDir = mkdtempSync(join(tmpdir(), 'aircloud-fuzz-'));
  t = await startTestApp({
    UPLOAD_DIR: uploadDir,
    FIRMWARE_MAX_BYTES: String(FIRMWARE_LIMIT),
    // Rate limits would answer 429 to most probes of these routes and hide what comes after.
    LOGIN_RATE_LIMIT: '1000000',
    FORGOT_PASSWORD_RATE_LIMIT: '1000000',
    MERAKI_RATE_LIMIT: '1000000',
    REGISTRATION_RATE_LIMIT: '1000000',
    PASSWORD_CHANGE_RATE_LIMIT: '1000000',
  });
  world = await buildWorld(t);
}, 120_000);
afterAll(async () => {
  await t?.stop();
  if (uploadDir) rmSync(uploadDir, { recursive: true, force: true });
});

/** The probe context of an operation: seeded path, session, device credentials, upload files. */
async function contextFor(op: Operation): Promise<ProbeContext> {
  const session = sessionFor(op.key, op.access, world);
  const values = pathValues(op.path, world, session ?? world.sessions.owner);
  const fill = (override: Record<string, string> = {}) =>
    op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      name in override ? override[name]! : encodeURIComponent(values[name] ?? 'missing'),
    );
  const headers: Record<string, string> = { 'Accept-Language': 'en' };
  if (session) headers.Cookie = session.cookie;
  if (op.path.startsWith('/device/')) {
    headers['X-Device-Serial'] = world.device.serial;
    headers['X-Device-Secret'] = world.device.secret;
  }
  const ctx: ProbeContext = {
    base: { path: fill(), headers },
    pathWith: (param, encoded) => fill({ [param]: encoded }),
    random: seededRandom(SEED + hashOf(op.key)),
  };
  ctx.extra = [
    ...(op.path.startsWith('/device/') && op.method === 'post' ? deviceProbes(op, ctx) : []),
    ...(op.access === 'public' ? [] : credentialProbes(op, ctx)),
  ];
  if (op.key === 'POST /webhooks/meraki/{ulid}')
    ctx.bodyExtras = { sharedSecret: world.merakiSecret };
  const png = { name: 'a.png', type: 'image/png', data: await smallPng() };
  if (op.key === 'POST /api/media_objects')
    ctx.upload = {
      good: png,
      wrongType: { name: 'a.png', type: 'image/png', data: Buffer.from('<?php echo 1; ?>') },
      maxBytes: AVATAR_MAX_BYTES,
    };
  if (op.key === 'POST /api/firmwares')
    ctx.upload = {
      good: { name: 'fw.bin', type: 'application/octet-stream', data: Buffer.from('firmware') },
      maxBytes: FIRMWARE_LIMIT,
      fields: { name: 'Fuzz 2.0', version: '2.0', models: 'HEPA_COCOON' },
    };
  if (op.key === 'POST /api/sensors/{ulid}/imports')
    ctx.upload = {
      good: { name: 'm.csv', type: 'text/csv', data: Buffer.from('date,co2 (ppm)\n') },
      wrongType: png,
      maxBytes: SENSOR_IMPORT_MAX_BYTES,
    };
  return ctx;
}

/** A stable number per operation, so each gets its own sequence from the seed. */
function hashOf(text: string): number {
  let h = 0;
  for (const c of text) h = (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0;
  return h;
}

/** Wrong device credentials: unknown serial, wrong secret, none, a broken Basic header. */
function deviceProbes(op: Operation, ctx: ProbeContext): Probe[] {
  const { 'X-Device-Serial': _serial, 'X-Device-Secret': _secret, ...headers } = ctx.base.headers;
  const body = JSON.stringify({ ts: new Date().toISOString(), measures: { co2: 400 } });
  const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;
  const credentials: [string, Record<string, string>][] = [
    ['no credentials', {}],
    ['wrong secret', { 'X-Device-Serial': world.device.serial, 'X-Device-Secret': 'wrong' }],
    ['unknown serial', { 'X-Device-Serial': 'NO-SUCH-SERIAL', 'X-Device-Secret': 'x' }],
    ['huge serial', { 'X-Device-Serial': 'S'.repeat(5000), 'X-Device-Secret': 'x' }],
    ['hostile serial', { 'X-Device-Serial': "' OR '1'='1", 'X-Device-Secret': "' OR '1'='1" }],
    ['Basic header that is not base64', { Authorization: 'Basic %%%***' }],
    ['Basic header without a colon', { Authorization: basic('serial-only') }],
    ['Basic header with an empty serial', { Authorization: basic(':secret') }],
    ['Bearer instead of Basic', { Authorization: 'Bearer abc' }],
  ];
  return credentials.map(([label, extra]) => ({
    label: `device: ${label}`,
    mustRefuse: true,
    request: {
      method: op.method.toUpperCase(),
      path: ctx.base.path,
      headers: { ...headers, ...extra, 'Content-Type': 'application/json' },
      body,
    },
  }));
}

/** Forged credentials instead of the session: each must answer 401 and change nothing. */
function credentialProbes(op: Operation, ctx: ProbeContext): Probe[] {
  const { Cookie: _cookie, ...headers } = ctx.base.headers;
  const forged: [string, Record<string, string>][] = [
    ['Bearer token that was never issued', { Authorization: 'Bearer aq_0000000000000000' }],
    ['hostile Bearer token', { Authorization: "Bearer ' OR '1'='1" }],
    ['Authorization without a scheme', { Authorization: 'x'.repeat(3000) }],
    ['forged access_token cookie', { Cookie: 'access_token=eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' }],
    ['hostile access_token cookie', { Cookie: "access_token=' OR '1'='1" }],
  ];
  return forged.map(
    ([label, extra]) =>
      ({
        label: `credentials: ${label}`,
        mustRefuse: true,
        expected: [401],
        request: {
          method: op.method.toUpperCase(),
          path: ctx.base.path,
          headers: { ...headers, ...extra },
        },
      }) satisfies Probe,
  );
}

/** Waits until the tables stop changing: work a 2xx answer started may still be writing. */
async function settledSnapshot(): Promise<TableSnapshot> {
  let last = await snapshotTables(t.db);
  for (let i = 0; i < 20; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    const next = await snapshotTables(t.db);
    if (changedTables(last, next).length === 0) return next;
    last = next;
  }
  return last;
}

/** What is wrong with one answer (empty when it keeps the contract). */
function answerProblems(op: Operation, probe: Probe, res: RawResponse): string[] {
  const problems: string[] = [];
  // Such an operation reads a valid body under any declared media type: nothing to refuse.
  const anyMediaType = Boolean(probe.mediaType) && op.key in ANY_MEDIA_TYPE;
  const expected = anyMediaType ? undefined : probe.expected;
  if (expected && !expected.includes(res.status))
    problems.push(`expected ${expected.join(' or ')}`);
  if (res.status >= 500 || res.status < 200) problems.push(`answered ${res.status}`);
  if (probe.mustRefuse && !anyMediaType && (res.status < 400 || res.status >= 500))
    problems.push(`accepted with ${res.status} input outside the schema`);
  if (res.status >= 400 && res.status < 500) {
    const body = res.json as Record<string, unknown> | undefined;
    const key = body?.['hydra:description'];
    if (typeof key !== 'string' || !CATALOGUE.has(key))
      problems.push(`hydra:description ${JSON.stringify(key)} is not a catalogue key`);
    const type = body?.['@type'];
    if (type !== 'hydra:Error' && type !== 'ConstraintViolationList')
      problems.push(`@type ${JSON.stringify(type)} is not a hydra error`);
    if (type === 'ConstraintViolationList' && !Array.isArray(body?.violations))
      problems.push('a ConstraintViolationList without violations');
  }
  return problems;
}

/** Table changes outside what the operation may log on a refusal. */
function unexpectedChanges(op: Operation, before: TableSnapshot, after: TableSnapshot): string[] {
  const allowed = LOGGED_ON_REFUSAL[op.key] ?? [];
  return changedTables(before, after).filter((line) => !allowed.includes(line.split(':')[0]!));
}

/**
 * Runs every probe of an operation; answers the failures as readable lines. A write is checked
 * after each refused probe; a read (which never stores, whatever it answers) once at the end.
 */
async function fuzz(op: Operation): Promise<{ failures: string[]; sent: number }> {
  const all = probesFor(op, await contextFor(op));
  const probes =
    all.length > MAX_PROBES ? sample(all, MAX_PROBES, seededRandom(SEED + hashOf(op.key))) : all;
  const isRead = op.method === 'get';
  const failures: string[] = [];
  const start = await snapshotTables(t.db);
  let tables = start;
  let files = snapshotFiles(uploadDir, ['cache']);
  for (const probe of probes) {
    let res: RawResponse;
    try {
      res = await rawRequest(t.url, probe.request);
    } catch (err) {
      failures.push(`${probe.label}: no answer (${(err as Error).message})`);
      continue;
    }
    const problems = answerProblems(op, probe, res);
    const key = (res.json as Record<string, unknown> | undefined)?.['hydra:description'];
    // FUZZ_TRACE=<file>: one line per probe (operation, status, key, probe), to see coverage.
    if (process.env.FUZZ_TRACE)
      appendFileSync(
        process.env.FUZZ_TRACE,
        `${op.key}\t${res.status}\t${String(key ?? '')}\t${probe.label}\n`,
      );
    const afterFiles = snapshotFiles(uploadDir, ['cache']);
    if (res.status >= 400 && afterFiles.join('\n') !== files.join('\n'))
      problems.push('refused but left files');
    files = afterFiles;
    if (!isRead) {
      const after = await snapshotTables(t.db);
      const changed = res.status >= 400 ? unexpectedChanges(op, tables, after) : [];
      if (changed.length > 0) problems.push(`refused but stored: ${changed.join(', ')}`);
      // After an accepted write, start the next comparison once its follow-up work is done.
      tables = res.status < 400 ? await settledSnapshot() : after;
    }
    if (problems.length > 0) {
      failures.push(`${probe.label} -> ${res.status} ${String(key ?? '')}: ${problems.join('; ')}`);
    }
  }
  if (isRead) {
    const changed = changedTables(start, await snapshotTables(t.db));
    if (changed.length > 0) failures.push(`reads stored: ${changed.join(', ')}`);
  }
  return { failures, sent: probes.length };
}

describe('OpenAPI fuzzer: bad input never answers 5xx and stores nothing', () => {
  it('walks every operation of the API document, each wired to seeded records', async () => {
    expect(operations.length).toBeGreaterThan(50);
    // A new route must say which seeded record its path points at, and give upload files.
    const unwired: string[] = [];
    for (const op of operations) {
      const values = pathValues(op.path, world, world.sessions.owner);
      for (const param of op.pathParams)
        if (!values[param]) unwired.push(`${op.key}: no seeded {${param}}`);
      if (op.multipartBody && !(await contextFor(op)).upload)
        unwired.push(`${op.key}: no upload files`);
    }
    expect(unwired).toEqual([]);
    const uploads = operations.filter((op) => op.multipartBody).map((op) => op.key);
    expect(uploads).toEqual(
      expect.arrayContaining([
        'POST /api/media_objects',
        'POST /api/firmwares',
        'POST /api/sensors/{ulid}/imports',
      ]),
    );
  });

  for (const op of operations) {
    it(
      op.key,
      async () => {
        const { failures, sent } = await fuzz(op);
        expect(sent).toBeGreaterThan(0);
        // One line per failed probe: the input and the answer.
        expect(failures).toEqual([]);
      },
      120_000,
    );
  }
});
