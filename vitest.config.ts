import { defineConfig } from 'vitest/config';

/** One Vitest run over every workspace: server, worker, shared and scripts in Node, the client in jsdom. */
export default defineConfig({
  test: {
    projects: ['shared', 'server', 'worker', 'client', 'scripts'],
  },
});
