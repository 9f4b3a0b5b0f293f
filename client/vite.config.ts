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
