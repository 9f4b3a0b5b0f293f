/**
 * npm run build:server: compiles the server, the worker and the migrator to plain JavaScript in
 * `dist/` (esbuild: our workspaces bundled, every npm dependency left to node_modules), with the
 * SQL migrations beside them. What the image and `npm start` run with `node`, no tsx.
 *
 *   dist/server.js  dist/worker.js  dist/migrate.js  dist/migrations/  (+ chunks)
 */
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Our workspaces (`@aircloud/*`) are bundled; a package stays external when the root
 * node_modules holds the version the importer resolves (what `node dist/*.js` will find). A
 * workspace's own version of a package (nested in `<workspace>/node_modules` because another
 * version is hoisted) is bundled, since the runtime resolves from the root only.
 */
const externalDependencies: Plugin = {
  name: 'external-dependencies',
  setup(builder) {
    const rootModules = path.join(root, 'node_modules') + path.sep;
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@aircloud/') || args.pluginData === 'resolving') return undefined;
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const resolved = await builder.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: 'resolving',
      });
      const hoisted =
        resolved.errors.length > 0 ||
        (resolved.path.startsWith(rootModules) &&
          !resolved.path.slice(rootModules.length).includes(`${path.sep}node_modules${path.sep}`));
      return hoisted ? { path: args.path, external: true } : resolved;
    });
  },
};

/** Builds the bundles into `outdir` (default `dist/`); answers the files written. */
export async function buildServer(outdir = path.join(root, 'dist')): Promise<string[]> {
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      server: 'server/src/entry.ts',
      worker: 'worker/src/entry.ts',
      migrate: 'scripts/migrate.ts',
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The entries import the application dynamically, after tracing started (core/src/tracing):
    // split chunks keep those imports real, so pg and ioredis load under the hooks.
    // (Chunks stay beside the entries: core/src/db/migrate.ts finds migrations/ beside its code.)
    splitting: true,
    target: 'node20',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [externalDependencies],
  });
  // core/src/db/migrate.ts reads the migrations beside the code that runs it.
  cpSync(path.join(root, 'core/src/db/migrations'), path.join(outdir, 'migrations'), {
    recursive: true,
  });
  return Object.keys(result.metafile.outputs);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const files = await buildServer();
  const bundles = files.filter((f) => f.endsWith('.js'));
  console.log(`[build] ${bundles.join(', ')} in ${Date.now() - started} ms`);
}
