import { Cluster, Redis, type RedisOptions } from 'ioredis';

/** One Redis node or a Redis Cluster: what every connection of the server and worker is. */
export type RedisClient = Redis | Cluster;

/** A seed node of a Redis Cluster (REDIS_CLUSTER_NODES). */
export interface RedisNode {
  host: string;
  port: number;
}

/**
 * Where Redis is (core/src/config.ts): REDIS_URL, or the seed nodes of a cluster, which then
 * take only REDIS_URL's user, password and TLS (`rediss:`).
 */
export interface RedisTarget {
  redisUrl: string;
  redisClusterNodes?: readonly RedisNode[];
}

/** What a caller may set on every node's connection. */
type NodeOptions = Pick<RedisOptions, 'maxRetriesPerRequest'>;

/**
 * Set on every connection. No CLIENT SETINFO at connect: in ioredis 5.8.2 to 5.x it runs before
 * the ready check, so a SUBSCRIBE sent meanwhile (the Socket.IO adapter's duplicates subscribe at
 * once) turns the ready check's INFO into an unhandled "Connection in subscriber mode" rejection
 * (ioredis#2037, fixed in 6.0).
 */
const BASE_OPTIONS = { disableClientInfo: true } satisfies RedisOptions;

/**
 * Opens a client of `target`: an ioredis `Cluster` when cluster nodes are given, else a `Redis`.
 * `options` apply to every node (BullMQ workers need `maxRetriesPerRequest: null`).
 */
export function createRedis(url: string, options?: NodeOptions): Redis;
export function createRedis(target: RedisTarget | string, options?: NodeOptions): RedisClient;
export function createRedis(target: RedisTarget | string, options: NodeOptions = {}): RedisClient {
  const { redisUrl, redisClusterNodes = [] } =
    typeof target === 'string' ? { redisUrl: target } : target;
  if (redisClusterNodes.length === 0) return new Redis(redisUrl, { ...BASE_OPTIONS, ...options });
  // A cluster has one database (0); the nodes it names after CLUSTER SLOTS get the same options.
  const { username, password, tls } = redisOptionsFromUrl(redisUrl);
  return new Cluster(
    redisClusterNodes.map(({ host, port }) => ({ host, port })),
    {
      redisOptions: {
        ...(username ? { username } : {}),
        ...(password ? { password } : {}),
        ...(tls ? { tls } : {}),
        ...BASE_OPTIONS,
        ...options,
      },
    },
  );
}

/**
 * The connection of a BullMQ producer (Queue): on one node, options from which BullMQ opens
 * (and closes) its own; on a cluster, the process's `client` (BullMQ cannot open a Cluster from
 * options), which the caller closes.
 */
export function queueConnection(target: RedisTarget, client: RedisClient): RedisOptions | Cluster {
  return client instanceof Cluster ? client : redisOptionsFromUrl(target.redisUrl);
}

/** ioredis / BullMQ connection options from a redis:// or rediss:// URL. */
export function redisOptionsFromUrl(url: string): RedisOptions {
  const u = new URL(url);
  const db = u.pathname.replace('/', '');
  return {
    ...BASE_OPTIONS,
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
