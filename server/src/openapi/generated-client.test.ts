/**
 * The OpenAPI document drives a generator: TypeScript types generated from it with
 * openapi-typescript, given to openapi-fetch, compile under the project's strict options
 * (a wrong path, body or field is a type error) and call the running server.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, createUser, startTestApp, type TestApp } from '../../test/app.ts';
import { activate, exportedKey, signIn } from '../../test/support/purifiers.ts';
import { buildOpenApiDocument } from './registry.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// Under var/ (ignored by git, lint and the TypeScript projects), where node_modules resolve.
const DIR = join(ROOT, 'var', `generated-client-${process.pid}`);

/** What a script written against the generated client does: sign in, list purifiers. */
const CLIENT = `import createClient from 'openapi-fetch';
import type { components, paths } from './aircloud-api.ts';

type Purifier = components['schemas']['Purifier'];

/** Signs in with e-mail and password and lists the first page of purifiers. */
export async function listMyPurifiers(
  baseUrl: string,
  email: string,
  password: string,
): Promise<{ total: number; names: string[]; first: Purifier | undefined }> {
  const client = createClient<paths>({ baseUrl });
  const signIn = await client.POST('/security/token/request', { body: { email, password } });
  if (signIn.response.status !== 204) throw new Error(\`sign in: \${signIn.response.status}\`);
  const cookie = signIn.response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { data, error } = await client.GET('/api/purifiers', {
    params: { query: { page: 1 } },
    headers: { cookie },
  });
  if (error || !data) throw new Error(\`list: \${error?.['hydra:description']}\`);
  const one = data['hydra:member'][0];
  if (one) {
    const { data: item } = await client.GET('/api/purifiers/{ulid}', {
      params: { path: { ulid: one.ulid } },
      headers: { cookie },
    });
    if (item?.ulid !== one.ulid) throw new Error('get: another purifier');
  }
  return { total: data['hydra:totalItems'], names: data['hydra:member'].map((p) => p.name), first: one };
}

// Mistakes the generated types catch.
export function mistakes(client: ReturnType<typeof createClient<paths>>) {
  // @ts-expect-error: no such path
  void client.GET('/api/purifierz');
  // @ts-expect-error: the sign-in body needs a password
  void client.POST('/security/token/request', { body: { email: 'a@b.c' } });
  // @ts-expect-error: a purifier has no such field
  return (p: Purifier) => p.no_such_field;
}
`;

let t: TestApp;
const email = 'generated-client@example.com';

beforeAll(async () => {
  t = await startTestApp();
  const owner = await createUser(t.db, { email });
  const tech = await signIn(t, 'ROLE_TECHNICIAN');
  const key = await exportedKey(t, tech);
  // The account the client signs in with owns one purifier.
  await activate(t, { user: owner, cookie: await cookieOf(email) }, key.key);
  mkdirSync(DIR, { recursive: true });
}, 60_000);
afterAll(async () => {
  rmSync(DIR, { recursive: true, force: true });
  await t?.stop();
});

async function cookieOf(address: string): Promise<string> {
  const res = await fetch(`${t.url}/security/token/request`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: address, password: GOOD_PASSWORD }),
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

describe('a client generated from the OpenAPI document', () => {
  it('compiles (openapi-typescript + openapi-fetch) and lists the purifiers of the running server', async () => {
    const document = JSON.parse(JSON.stringify(buildOpenApiDocument(t.url))) as never;
    writeFileSync(join(DIR, 'aircloud-api.ts'), astToString(await openapiTS(document)));
    writeFileSync(join(DIR, 'client.ts'), CLIENT);

    const program = ts.createProgram([join(DIR, 'client.ts')], {
      target: ts.ScriptTarget.ES2023,
      lib: ['lib.es2023.d.ts'],
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      strict: true,
      noUncheckedIndexedAccess: true,
      allowImportingTsExtensions: true,
      noEmit: true,
      skipLibCheck: true,
      types: ['node'],
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
      const line =
        d.file && d.start !== undefined
          ? d.file.getLineAndCharacterOfPosition(d.start).line + 1
          : 0;
      return `${d.file?.fileName ?? ''}:${line} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    expect(diagnostics).toEqual([]);

    const client = (await import(/* @vite-ignore */ join(DIR, 'client.ts'))) as {
      listMyPurifiers(
        baseUrl: string,
        email: string,
        password: string,
      ): Promise<{ total: number; names: string[] }>;
    };
    const listed = await client.listMyPurifiers(t.url, email, GOOD_PASSWORD);
    expect(listed.total).toBe(1);
    expect(listed.names).toHaveLength(1);
  }, 120_000);
});
