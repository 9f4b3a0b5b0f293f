import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const api = 'http://localhost:3000';
const root = fileURLToPath(new URL('.', import.meta.url));

/** Vite dev server (proxying the API on :3000), production build and the client's Vitest project. */
export default defineConfig({
  root,
  plugins: [react()],
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
  },
});
