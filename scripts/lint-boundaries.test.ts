import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The dependency boundaries of the house (house conventions, "One direction of dependency") are
 * enforced by `npm run lint`: each planted crossing below must fail with its rule, and the
 * allowed directions must pass.
 */

const root = path.resolve(import.meta.dirname, '..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

// The first lint loads the config and walks the server's import graph (import-x/no-cycle).
const FIRST_LINT_MS = 60_000;

interface Problem {
  ruleId: string | null;
  message: string;
}

/** Lints `code` as if it were the file `file` (relative to the repository root). */
async function lint(file: string, code: string): Promise<Problem[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  expect(result, `${file} is linted, not ignored`).toBeDefined();
  expect(result!.messages.some((m) => m.message.includes('ignored'))).toBe(false);
  return result!.messages.map(({ ruleId, message }) => ({ ruleId, message }));
}

/** The rules that flagged `code` in `file`. */
async function rulesOf(file: string, code: string): Promise<(string | null)[]> {
  return (await lint(file, code)).map((p) => p.ruleId);
}

const RESTRICTED_PATH = 'import-x/no-restricted-paths';

describe('worker -> server', () => {
  it(
    'refuses the server package and a relative path into server/',
    { timeout: FIRST_LINT_MS },
    async () => {
      expect(
        await lint('worker/src/tasks/PlantedTask.ts', "import '@aircloud/server/app';\n"),
      ).toEqual([
        {
          ruleId: RESTRICTED_PATH,
          message: expect.stringContaining('The worker imports core and shared only'),
        },
      ]);
      expect(
        await rulesOf('worker/test/planted.ts', "import '../../server/src/app.ts';\n"),
      ).toEqual([RESTRICTED_PATH]);
    },
  );

  it('lets the worker import core and shared', async () => {
    const code =
      "export { mails } from '@aircloud/core/db/schema';\nexport { LANGUAGES } from '@aircloud/shared/constants';\n";
    expect(await lint('worker/src/tasks/PlantedTask.ts', code)).toEqual([]);
  });
});

describe('core -> server, core -> HTTP frameworks', () => {
  it('refuses the server', async () => {
    expect(await rulesOf('core/src/planted.ts', "import '@aircloud/server/app';\n")).toEqual([
      RESTRICTED_PATH,
    ]);
    expect(
      await rulesOf('core/src/access/planted.ts', "import '../../../server/src/app.ts';\n"),
    ).toEqual([RESTRICTED_PATH]);
  });

  it('refuses express, busboy and multer, types included', async () => {
    for (const code of [
      "export type { Request } from 'express';\n",
      "import type { Request } from 'express';\nexport type Planted = Request;\n",
      "import 'busboy';\n",
      "import 'multer';\n",
    ]) {
      expect(await lint('core/src/planted.ts', code), code).toEqual([
        {
          ruleId: 'no-restricted-imports',
          message: expect.stringContaining('core/ has no HTTP request objects'),
        },
      ]);
    }
  });

  it('lets core import shared', async () => {
    expect(
      await lint(
        'core/src/planted.ts',
        "export { LANGUAGES } from '@aircloud/shared/constants';\n",
      ),
    ).toEqual([]);
  });
});

describe('shared: no Node, no DOM, nothing above it', () => {
  it('refuses Node built-ins, with or without the node: prefix', async () => {
    for (const code of ["import 'node:fs';\n", "import 'fs';\n", "import 'path';\n"]) {
      expect(await rulesOf('shared/src/planted.ts', code), code).toEqual([
        'import-x/no-nodejs-modules',
      ]);
    }
  });

  it('refuses DOM-only and Node-only globals', async () => {
    expect(
      await lint('shared/src/planted.ts', 'export const lang = () => window.navigator.language;\n'),
    ).toEqual([
      { ruleId: 'no-restricted-globals', message: expect.stringContaining('no DOM-only globals') },
    ]);
    expect(
      await lint('shared/src/planted.ts', 'export const size = () => Buffer.byteLength("a");\n'),
    ).toEqual([
      { ruleId: 'no-restricted-globals', message: expect.stringContaining('no Node-only globals') },
    ]);
  });

  it('refuses core, server, worker and client', async () => {
    for (const code of [
      "import '@aircloud/core/config';\n",
      "import '@aircloud/server/app';\n",
      "import '../../worker/src/main.ts';\n",
      "import '../../client/src/app/store.ts';\n",
    ]) {
      expect(await rulesOf('shared/src/planted.ts', code), code).toEqual([RESTRICTED_PATH]);
    }
  });

  it('lets shared import itself and zod', async () => {
    const code = "export { z } from 'zod';\nexport { LANGUAGES } from './constants.ts';\n";
    expect(await lint('shared/src/planted.ts', code)).toEqual([]);
  });
});

describe('client layers', () => {
  it('refuses a feature importing another feature, or app/', async () => {
    expect(
      await lint(
        'client/src/features/invitations/components/Planted.tsx',
        "import '../../purifiers/api/purifiersApi.ts';\n",
      ),
    ).toEqual([
      {
        ruleId: RESTRICTED_PATH,
        message: expect.stringContaining('A feature never imports another feature'),
      },
    ]);
    expect(
      await rulesOf(
        'client/src/features/invitations/components/Planted.tsx',
        "import '../../../app/store.ts';\n",
      ),
    ).toEqual([RESTRICTED_PATH]);
  });

  it('refuses components/ and lib/ importing features/ or app/', async () => {
    for (const [file, code] of [
      [
        'client/src/components/Planted.tsx',
        "import '../features/auth/components/LoginPage.tsx';\n",
      ],
      ['client/src/components/Planted.tsx', "import '../app/store.ts';\n"],
      ['client/src/lib/api/planted.ts', "import '../../features/purifiers/api/purifiersApi.ts';\n"],
      ['client/src/lib/planted.ts', "import '../app/store.ts';\n"],
    ] as const) {
      expect(await rulesOf(file, code), `${file}: ${code}`).toEqual([RESTRICTED_PATH]);
    }
  });

  it('refuses core and server in the client', async () => {
    expect(await rulesOf('client/src/lib/planted.ts', "import '@aircloud/core/config';\n")).toEqual(
      [RESTRICTED_PATH],
    );
  });

  it('lets app/ compose features and a feature use itself, lib/ and components/', async () => {
    expect(
      await lint(
        'client/src/app/planted.ts',
        "export { purifiersApi } from '../features/purifiers/api/purifiersApi.ts';\n",
      ),
    ).toEqual([]);
    const code = [
      "export { merakiApi } from '../api/merakiApi.ts';",
      "export { apiSlice } from '../../../lib/api/apiSlice.ts';",
      "export { Button } from '../../../components/Button.tsx';",
      '',
    ].join('\n');
    expect(await lint('client/src/features/purifiers/components/planted.ts', code)).toEqual([]);
  });
});

describe('import circles', () => {
  it('flags both files of a circle', async () => {
    const files = ['a.ts', 'b.ts'].map((f) => path.join(root, 'scripts/fixtures/lint/cycle', f));
    // The fixtures are ignored by the normal run (they are planted violations).
    const planted = new ESLint({ cwd: root, ignore: false });
    const results = await planted.lintFiles(files);
    expect(results.map((r) => r.messages.map((m) => m.ruleId))).toEqual([
      ['import-x/no-cycle'],
      ['import-x/no-cycle'],
    ]);
  });
});

describe('package manifests', () => {
  const manifest = (workspace: string) =>
    JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >;
  const dependencies = (workspace: string) => {
    const pkg = manifest(workspace);
    return Object.keys({
      ...pkg.dependencies,
      ...pkg.devDependencies,
      ...pkg.peerDependencies,
      ...pkg.optionalDependencies,
    });
  };

  it('the worker does not depend on the server', () => {
    expect(dependencies('worker')).toContain('@aircloud/core');
    expect(dependencies('worker')).not.toContain('@aircloud/server');
  });

  it('core depends on neither server nor worker, nor on an HTTP framework', () => {
    expect(dependencies('core')).toContain('@aircloud/shared');
    for (const name of ['@aircloud/server', '@aircloud/worker', 'express', 'busboy', 'multer']) {
      expect(dependencies('core')).not.toContain(name);
    }
  });

  it('shared depends on zod only', () => {
    expect(dependencies('shared')).toEqual(['zod']);
  });
});
