import type { RedisOptions } from 'ioredis';

/** ioredis / BullMQ connection options from a redis:// or rediss:// URL. */
export function redisOptionsFromUrl(url: string): RedisOptions {
  const u = new URL(url);
  const db = u.pathname.replace('/', '');
  return {
    host: u.hostname || '127.0.0.1',
    port: u.port ? Number(u.port) : 6379,
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(db ? { db: Number(db) } : {}),
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}

/**
 * True for the rejection ioredis gives a command still queued when its connection closes.
 * @socket.io/redis-streams-adapter sends SUBSCRIBE (when a namespace is created) and PUBLISH (for
 * ephemeral messages) without handling their failure: a Redis outage, or a server closed right
 * after it started, must not turn those into a crash.
 */
export function isClosedConnectionRejection(reason: unknown): boolean {
  // An object, not only an Error: test runners hand over the error serialized.
  return (
    typeof reason === 'object' &&
    reason !== null &&
    (reason as { message?: unknown }).message === 'Connection is closed.'
  );
}
