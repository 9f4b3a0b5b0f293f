import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** The client's feature folders: each one may import only itself (`app/` composes them). */
const features = readdirSync(`${root}/client/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Globals of one platform only: shared code runs in Node and in the browser. */
const universal = new Set([
  ...Object.keys(globals.builtin),
  ...Object.keys(globals['shared-node-browser']),
]);
const onlyIn = (platform, other) =>
  Object.keys(platform).filter((name) => !universal.has(name) && !(name in other));
const sharedRestrictedGlobals = [
  ...onlyIn(globals.browser, globals.node).map((name) => ({
    name,
    message: 'shared/ runs on both sides: no DOM-only globals.',
  })),
  ...onlyIn(globals.node, globals.browser).map((name) => ({
    name,
    message: 'shared/ runs on both sides: no Node-only globals.',
  })),
];

/**
 * One direction of dependency (house conventions, "The shape of the house"): shared <- core <-
 * server, worker; shared <- client; inside the client, components and lib <- features <- app.
 * Paths are matched after resolution, so workspace names (`@aircloud/server/app`) and relative
 * paths are both caught.
 */
const zones = [
  {
    target: './shared',
    from: ['./core', './server', './worker', './client', './scripts', './tests'],
    message: 'shared/ imports nothing but itself and zod.',
  },
  {
    target: './core',
    from: ['./server', './worker', './client'],
    message: 'core/ is below server and worker: move what both need into core.',
  },
  {
    target: './worker',
    from: ['./server', './client'],
    message: 'The worker imports core and shared only: move what it needs from server into core.',
  },
  {
    target: './server',
    from: ['./worker', './client'],
    message: 'The server imports core and shared only.',
  },
  {
    target: './client',
    from: ['./core', './server', './worker'],
    message: 'The client imports shared only.',
  },
  {
    target: ['./client/src/components', './client/src/lib'],
    from: ['./client/src/features', './client/src/app'],
    message: 'components/ and lib/ are below features/ and app/.',
  },
  {
    target: './client/src/features',
    from: './client/src/app',
    message: 'A feature never imports app/: app/ composes the features.',
  },
  ...features.map((feature) => ({
    target: `./client/src/features/${feature}`,
    from: './client/src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: app/ composes them.',
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.tsbuild/**',
      'var/**',
      'test-results/**',
      'playwright-report/**',
      'core/src/db/migrations/**',
      // Planted violations, linted on purpose by scripts/lint-boundaries.test.ts.
      'scripts/fixtures/lint/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: { globals: { ...globals.node } },
    settings: {
      // Packages are not parsed: a circle through node_modules is not ours to fix, and skipping
      // them keeps import-x/no-cycle cheap.
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: `${root}/tsconfig.json`,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['core/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['express', 'express/*', 'busboy', 'multer', 'multer/*'],
              message: 'core/ has no HTTP request objects: parse the request in server/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-nodejs-modules': 'error',
      'no-restricted-globals': ['error', ...sharedRestrictedGlobals],
    },
  },
  {
    // The Web Push service worker runs in the service worker scope, not a page.
    files: ['client/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
