import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'worker', include: ['src/**/*.test.ts'], testTimeout: 20000, hookTimeout: 60000 },
});
