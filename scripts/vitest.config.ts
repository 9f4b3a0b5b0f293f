import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'scripts',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', 'fixtures/**'],
    testTimeout: 20000,
    hookTimeout: 60000,
  },
});
