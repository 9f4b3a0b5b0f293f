import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import { pino } from 'pino';
import { ulid } from '@aircloud/core/lib/ulid';
import { createApp, type AirCloudApp } from '../src/app.ts';
import { loadConfig, type Config } from '@aircloud/core/config';
import type { Database } from '@aircloud/core/db/client';
import { QUEUES, createQueue } from '@aircloud/core/queues';
import { createRedis, redisOptionsFromUrl } from '@aircloud/core/lib/redis';
import { hashPassword } from '../src/modules/auth/password-hash.ts';
import { insertUser, type UserRow } from '@aircloud/core/users/repository';
import { createTestDatabase, testRedisPrefix } from '@aircloud/core/test/database';
import { takeMismatches, validateResponses } from './response-validation.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const PUBLIC_URL = 'http://aircloud.test';

export interface TestApp extends AirCloudApp {
  /** Base URL of the listening server, for supertest and socket.io-client. */
  url: string;
  db: Database;
  config: Config;
  redis: Redis;
  stop(): Promise<void>;
}

/** Boots the real app on a fresh database and a private Redis prefix, listening on a free port. */
export async function startTestApp(
  /** Settings over the test defaults; `undefined` gives a setting the product's own default. */
  env: Record<string, string | undefined> = {},
  /** A second node: reuse this app's database (and, through env REDIS_PREFIX, its Redis keys). */
  shared: { database?: Pick<TestApp, 'db'> } = {},
): Promise<TestApp> {
  const database = shared.database
    ? { db: shared.database.db, drop: async () => undefined }
    : await createTestDatabase();
  const prefix = env.REDIS_PREFIX ?? testRedisPrefix();
  const config = loadConfig({
    NODE_ENV: 'test',
    REDIS_URL,
    REDIS_PREFIX: prefix,
    PUBLIC_URL,
    CLIENT_DIST: '/nonexistent/client/dist',
    LOG_LEVEL: 'silent',
    // Tests pose as clients behind a proxy on loopback: X-Forwarded-For names each one's address.
    // The product trusts no proxy unless told (TRUST_PROXY: undefined tests that default).
    TRUST_PROXY: 'loopback',
    ...env,
  });
  const redis = createRedis(REDIS_URL);
  const mailQueue = createQueue(QUEUES.mail, redisOptionsFromUrl(REDIS_URL), prefix);
  const built = createApp({
    config,
    db: database.db,
    redis,
    logger: pino({ level: 'silent' }),
    mailQueue,
  });
  // Every answer is checked against the OpenAPI document (server/test/response-validation.ts).
  validateResponses(built.server);
  await new Promise<void>((resolve) => built.server.listen(0, '127.0.0.1', resolve));
  const { port } = built.server.address() as AddressInfo;
  return {
    ...built,
    url: `http://127.0.0.1:${port}`,
    db: database.db,
    config,
    redis,
    async stop() {
      await built.close();
      await mailQueue.close();
      if (!shared.database) {
        // The queues' keys start with the prefix in a hash tag (`{prefix}:bull`, queues.ts).
        const keys = [...(await redis.keys(`${prefix}*`)), ...(await redis.keys(`{${prefix}}*`))];
        if (keys.length > 0) await redis.del(...keys);
      }
      await redis.quit();
      await database.drop();
      const late = takeMismatches();
      if (late.length > 0)
        throw new Error(`Answers the OpenAPI document does not describe:\n${late.join('\n')}`);
    },
  };
}

export const GOOD_PASSWORD = 'Secret123';

/** Inserts an account directly (enabled unless told otherwise). */
export async function createUser(
  db: Database,
  values: {
    email?: string;
    password?: string;
    enabled?: boolean;
    role?: string;
    lang?: string;
  } = {},
): Promise<UserRow> {
  return insertUser(db, {
    id: ulid(),
    email: values.email ?? `user-${ulid().toLowerCase()}@example.com`,
    passwordHash: await hashPassword(values.password ?? GOOD_PASSWORD),
    firstname: 'Ada',
    lastname: 'Lovelace',
    company: 'Analytical',
    lang: values.lang ?? 'fr',
    role: values.role ?? 'ROLE_USER',
    enabled: values.enabled ?? true,
  });
}

/** The cookies a response sets, by name (value and raw attributes). */
export function setCookies(res: {
  headers: Record<string, unknown>;
}): Record<string, { value: string; raw: string }> {
  const header = res.headers['set-cookie'];
  const list = Array.isArray(header)
    ? (header as string[])
    : typeof header === 'string'
      ? [header]
      : [];
  return Object.fromEntries(
    list.map((raw) => {
      const [pair = ''] = raw.split(';');
      const index = pair.indexOf('=');
      return [pair.slice(0, index), { value: decodeURIComponent(pair.slice(index + 1)), raw }];
    }),
  );
}
