import { defineConfig } from 'vitest/config';
import { isClosedConnectionRejection } from './core/src/lib/redis.ts';

/** One Vitest run over every workspace: server, worker, shared and scripts in Node, the client in jsdom. */
export default defineConfig({
  test: {
    projects: ['shared', 'core', 'server', 'worker', 'client', 'scripts'],
    // Tests close apps right after starting them: the Socket.IO adapter's SUBSCRIBE may then be
    // dropped with its connection (see isClosedConnectionRejection); nothing else is ignored.
    onUnhandledError: (error) => !isClosedConnectionRejection(error),
  },
});
