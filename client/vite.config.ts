import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const api = 'http://localhost:3000';
const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Writes `.br` and `.gz` copies of the built text assets, so the server sends them compressed
 * without spending CPU on every request.
 */
function precompress(): Plugin {
  return {
    name: 'aircloud-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json)$/.test(file)) continue;
        const path = join(options.dir ?? 'dist', file);
        const data = readFileSync(path);
        if (data.length < 1024) continue;
        const brotli = { [constants.BROTLI_PARAM_QUALITY]: 11 };
        writeFileSync(`${path}.br`, brotliCompressSync(data, { params: brotli }));
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/** Client modules kept out of the shared `common` chunk (see build.rolldownOptions). */
const LOGIN_AND_APART =
  /[\\/](FormError|FormField|fieldError|PasswordInput|NewPasswordFields|PasswordRules|NameFields|Icon|Button|AuthCard|Logo|lazyResolver|DateInput|dates|sentry|Popin|ConfirmDialog|Listbox|SidePanel|dialogFocus)\.(tsx?|css)$/;

/**
 * Shared modules of plain values (no zod), in a small chunk of their own: the purifier list loads
 * them without downloading and evaluating zod and every schema before it can show.
 */
const SHARED_WITHOUT_ZOD =
  /shared[\\/]src[\\/](purifier-states|sensor-measures|air-quality|avatars)\.ts$/;

/** Components built on Radix: they load with it. */
const ON_RADIX =
  /client[\\/]src[\\/]components[\\/](Popin|ConfirmDialog|Listbox|SidePanel|dialogFocus)\.tsx?$/;

/** Vite dev server (proxying the API on :3000), production build and the client's Vitest project. */
export default defineConfig({
  root,
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/security': api,
      '/socket.io': { target: api, ws: true },
      '/healthz': api,
      '/readyz': api,
      '/api_documentation': api,
      '/public': api,
      '/webhooks': api,
      // Only firmware files: the /firmware page itself is a client route.
      '^/firmware/.+': api,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks: a page is a handful of requests rather than fifty (over HTTP/1.1
        // six at a time, each wave a round trip). What the first page needs is one chunk beside
        // the entry; libraries used together load together.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 40 },
            { name: 'rxjs', test: /node_modules[\\/](rxjs|tslib)[\\/]/, priority: 30 },
            {
              name: 'radix',
              test: (id) =>
                /node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce)[\\/]/.test(
                  id,
                ) || ON_RADIX.test(id),
              priority: 20,
            },
            {
              // Above `shared`, which would otherwise take them in as dependencies of its schemas.
              name: 'values',
              test: SHARED_WITHOUT_ZOD,
              priority: 15,
            },
            {
              name: 'shared',
              test: (id) =>
                /(node_modules[\\/]zod[\\/]|shared[\\/]src[\\/](?!i18n[\\/]))/.test(id) &&
                !SHARED_WITHOUT_ZOD.test(id),
              priority: 10,
            },
            {
              // The form pieces of the login page and the other public screens, in one chunk.
              name: 'auth',
              test: /client[\\/]src[\\/](features[\\/]auth[\\/](api[\\/]|components[\\/]ResendActivation)|components[\\/](AuthCard|FormError|FormField|fieldError|PasswordInput)\.)/,
              priority: 6,
            },
            {
              // Components, hooks and API slices that signed-in pages share. What the login page
              // uses stays out (its JavaScript has a budget), and so do the heavy date picker and
              // the error reporter, which load on their own.
              name: 'common',
              test: (id) =>
                /client[\\/]src[\\/](components|lib|features[\\/](?!auth[\\/])[^\\/]+[\\/](api|hooks))[\\/]/.test(
                  id,
                ) && !LOGIN_AND_APART.test(id),
              priority: 5,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'client',
    root,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // Above the 10 s testing-library waits (src/test/setup.ts), so a timeout names the awaited element.
    testTimeout: 30_000,
  },
});
