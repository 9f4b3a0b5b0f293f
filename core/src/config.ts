import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { z } from 'zod';
import { generateVapidKeys, type VapidKeys } from './notifications/vapid.ts';

/** A configuration the process cannot start with; its message is one line, for the console. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * The secret of a test run without APP_SECRET: random, drawn once per process, so the server
 * and the worker code of one test process (and every app a test file starts) agree on it.
 */
let testSecret: string | undefined;
function testRunSecret(): string {
  testSecret ??= randomBytes(48).toString('base64url');
  return testSecret;
}

/** The VAPID keys of a test run without them: drawn once per process, like its secret. */
let testVapid: VapidKeys | undefined;

function vapidOf(
  c: {
    NODE_ENV: string;
    VAPID_PUBLIC_KEY?: string;
    VAPID_PRIVATE_KEY?: string;
    VAPID_SUBJECT?: string;
  },
  publicUrl: string,
): (VapidKeys & { subject: string }) | null {
  const subject =
    c.VAPID_SUBJECT ?? (publicUrl.startsWith('https://') ? publicUrl : 'mailto:admin@localhost');
  if (c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY)
    return { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY, subject };
  if (c.NODE_ENV !== 'test') return null;
  testVapid ??= generateVapidKeys();
  return { ...testVapid, subject };
}

/** A setting that may be left out or empty (as a copied .env.example leaves it). */
function optionalSetting(schema: z.ZodString) {
  return z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(schema.optional())
    .optional();
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/aircloud'),
  /**
   * Connections of each process's pool. More than PostgreSQL has cores to run them only queues
   * inside PostgreSQL instead of the pool (docs/performance.md, "API under load").
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Prepare each parameterised statement once per connection (core/src/db/client.ts); 0 behind a
   * pooler that cannot keep prepared statements (PgBouncer in transaction mode before 1.21).
   */
  DATABASE_PREPARE: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:-]+$/)
    .default('aircloud'),
  /**
   * Seed nodes of a Redis Cluster (`host:port,host:port,…`); REDIS_URL then gives only the user,
   * password and TLS. Unset: the one Redis of REDIS_URL.
   */
  REDIS_CLUSTER_NODES: z
    .string()
    .regex(/^\s*$|^\s*[\w.-]+:\d{1,5}\s*(,\s*[\w.-]+:\d{1,5}\s*)*$/, 'host:port,host:port,…')
    .default(''),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('AirCloud <no-reply@aircloud.local>'),
  MAIL_DIR: z.string().default('var/mail'),
  UPLOAD_DIR: z.string().default('var/uploads'),
  CLIENT_DIST: z.string().default('client/dist'),
  APP_SECRET: z.string().min(32).optional(),
  /**
   * Earlier APP_SECRETs (comma-separated), still opening the values they sealed until the
   * worker's re-seal job has sealed them again with APP_SECRET (docs/operations.md).
   */
  APP_SECRET_PREVIOUS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(32, 'each previous secret needs 32+ characters'))),
  CORS_ORIGINS: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  FORGOT_PASSWORD_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Accepted registrations and activation-mail resends per address, and per e-mail, per hour. */
  REGISTRATION_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Wrong current passwords a user may send to POST /api/me/edit-password per 15 minutes. */
  PASSWORD_CHANGE_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Time a client has to send the request headers (ms). */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Time a client has to send a whole request, body included (ms); uploads get more. */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** Largest firmware upload in bytes (default 200 MB, spec section 9). */
  FIRMWARE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(200 * 1024 * 1024),
  /** Invitation requests (up to 20 addresses each) accepted per user per hour. */
  INVITATION_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Meraki webhook posts accepted per purifier per minute. */
  MERAKI_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  /**
   * `1`: users' webhooks may point at private, loopback and link-local addresses (the demo, a
   * local receiver). Unset: refused when saved and when delivered (SSRF).
   */
  WEBHOOK_ALLOW_PRIVATE: z
    .string()
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  /**
   * Web Push (VAPID, RFC 8292): the P-256 key pair of this server, base64url (public 65 bytes,
   * private 32). `npm start` generates one into var/vapid-keys.json when they are unset; without
   * them push is off. The subject is the contact a push service may write to.
   */
  VAPID_PUBLIC_KEY: optionalSetting(
    z.string().regex(/^B[A-P][\w-]{85}$/, 'the base64url P-256 public key (87 characters)'),
  ),
  VAPID_PRIVATE_KEY: optionalSetting(
    z.string().regex(/^[\w-]{43}$/, 'the base64url P-256 private key (43 characters)'),
  ),
  VAPID_SUBJECT: optionalSetting(
    z.string().regex(/^(mailto:|https:\/\/)\S+$/, 'mailto:… or https://…'),
  ),
  /**
   * Proxies whose X-Forwarded-For is believed (Express `trust proxy`: true, a hop count, or
   * addresses / subnets such as `uniquelocal`); none by default, so X-Forwarded-For is ignored.
   */
  TRUST_PROXY: z.string().default(''),
  /**
   * Bearer token of GET /metrics (server) and of the worker's metrics port; metrics are off
   * without one (`npm run demo` makes one in var/metrics-token).
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * Sentry-compatible DSN receiving unhandled server and worker errors (scrubbed of tokens and
   * cookies); none by default. Empty counts as unset.
   */
  SENTRY_DSN: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.url().optional())
    .optional(),
  /** The `environment` of reported errors (default: NODE_ENV). */
  SENTRY_ENVIRONMENT: z.string().trim().optional(),
  /** Port of the worker's GET /metrics (0: none). */
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9465),
  /**
   * At shutdown, how long /readyz answers 503 `draining` before the server closes (ms): long
   * enough for a proxy's readiness check to see it (compose and nginx check every few seconds).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(5_000),
  /** Worker job lock (ms): a job of a worker that died runs again once its lock has expired. */
  JOB_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
  /** How often (ms) a worker looks for stalled jobs (locks that expired) to run them again. */
  JOB_STALLED_CHECK_MS: z.coerce.number().int().min(500).default(30_000),
  /** Months of raw telemetry kept (whole monthly partitions are dropped past it). */
  RETENTION_RAW_MONTHS: z.coerce.number().int().min(1).default(13),
  /** Months of hourly roll-ups kept; at least RETENTION_RAW_MONTHS. */
  RETENTION_HOURLY_MONTHS: z.coerce.number().int().min(1).default(60),
  /**
   * The device broker, as its administrator (`mqtt://user:password@host:port`): servers take
   * devices' telemetry from it and keep their accounts; unset: devices speak HTTP only.
   */
  MQTT_URL: optionalSetting(z.string().regex(/^mqtts?:\/\/\S+$/, 'mqtt://user:password@host:port')),
  /** The broker address devices are told (provisioning answers); default: MQTT_URL's host. */
  MQTT_PUBLIC_URL: optionalSetting(z.string().regex(/^mqtts?:\/\/[^\s@]+$/, 'mqtt://host:port')),
  /** `mosquitto` (dynamic-security plugin, shared subscriptions) or `aedes` (the embedded one). */
  MQTT_BROKER: z.enum(['mosquitto', 'aedes']).default('mosquitto'),
  /**
   * The MQTT session of this server (persistent: messages it has not acknowledged are delivered
   * again when it comes back); default: host name and port.
   */
  MQTT_CLIENT_ID: optionalSetting(z.string().regex(/^[\w.-]{1,40}$/)),
  /**
   * Connections of one server taking telemetry. mqtt.js takes a connection's next message only
   * once the previous one is acknowledged (after its commit), so this is how many messages one
   * server has in flight: 8 held it near 700 messages/s, 192 takes 5,000/s (bench:mqtt).
   */
  MQTT_INGEST_CONNECTIONS: z.coerce.number().int().min(1).max(256).default(192),
  DEMO: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
});

export type Config = ReturnType<typeof loadConfig>;

/** The device broker settings of a configuration that names one. */
function mqttSettings(
  c: {
    PORT: number;
    MQTT_PUBLIC_URL?: string;
    MQTT_BROKER: 'mosquitto' | 'aedes';
    MQTT_CLIENT_ID?: string;
    MQTT_INGEST_CONNECTIONS: number;
  },
  url: string,
) {
  const parsed = new URL(url);
  const publicUrl = c.MQTT_PUBLIC_URL ?? `${parsed.protocol}//${parsed.host}`;
  return {
    url,
    publicUrl,
    kind: c.MQTT_BROKER,
    // A port of 0 (tests) names no stable session: a random one.
    clientId:
      c.MQTT_CLIENT_ID ??
      (c.PORT === 0
        ? `aircloud-${randomBytes(6).toString('hex')}`
        : `aircloud-${hostname().slice(0, 24)}-${c.PORT}`),
    connections: c.MQTT_INGEST_CONNECTIONS,
  };
}

/** Reads and validates the configuration from the environment; throws a readable error if bad. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  // Never a constant: a secret known from the repository would sign anybody's tokens.
  if (!c.APP_SECRET && c.NODE_ENV !== 'test') {
    throw new ConfigError(
      'APP_SECRET is not set: give it 32+ random characters (npm start keeps one beside its database)',
    );
  }
  if (!c.VAPID_PUBLIC_KEY !== !c.VAPID_PRIVATE_KEY) {
    throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (or neither)');
  }
  if (c.HTTP_HEADERS_TIMEOUT_MS > c.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError('HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS');
  }
  // Graphs of long ranges read the roll-ups: they must outlive the raw samples they summarise.
  if (c.RETENTION_HOURLY_MONTHS < c.RETENTION_RAW_MONTHS) {
    throw new ConfigError('RETENTION_HOURLY_MONTHS must be at least RETENTION_RAW_MONTHS');
  }
  const redisClusterNodes = c.REDIS_CLUSTER_NODES.split(',')
    .map((node) => node.trim())
    .filter(Boolean)
    .map((node) => {
      const [host = '', port = ''] = node.split(':');
      return { host, port: Number(port) };
    });
  // A Redis Cluster has one database: a REDIS_URL naming another would be silently ignored.
  if (redisClusterNodes.length > 0 && !/^\/?0?$/.test(new URL(c.REDIS_URL).pathname)) {
    throw new ConfigError('REDIS_URL must name no database (or 0) with REDIS_CLUSTER_NODES');
  }
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    publicUrl,
    databaseUrl: c.DATABASE_URL,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    databasePrepare: c.DATABASE_PREPARE,
    redisUrl: c.REDIS_URL,
    redisPrefix: c.REDIS_PREFIX,
    /** Seed nodes of a Redis Cluster; empty for the one Redis of redisUrl (lib/redis.ts). */
    redisClusterNodes,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    mailDir: c.MAIL_DIR,
    uploadDir: c.UPLOAD_DIR,
    clientDist: c.CLIENT_DIST,
    appSecret: c.APP_SECRET ?? testRunSecret(),
    /** Earlier app secrets: they open sealed values and verify sessions (lib/keyring.ts). */
    appSecretPrevious: c.APP_SECRET_PREVIOUS,
    /** Origins allowed for CORS and for state-changing cookie requests. */
    allowedOrigins: [
      new URL(publicUrl).origin,
      ...c.CORS_ORIGINS.split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ],
    logLevel: c.LOG_LEVEL,
    loginRateLimit: c.LOGIN_RATE_LIMIT,
    forgotPasswordRateLimit: c.FORGOT_PASSWORD_RATE_LIMIT,
    registrationRateLimit: c.REGISTRATION_RATE_LIMIT,
    passwordChangeRateLimit: c.PASSWORD_CHANGE_RATE_LIMIT,
    headersTimeoutMs: c.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: c.HTTP_REQUEST_TIMEOUT_MS,
    trustProxy: c.TRUST_PROXY,
    firmwareMaxBytes: c.FIRMWARE_MAX_BYTES,
    invitationRateLimit: c.INVITATION_RATE_LIMIT,
    merakiRateLimit: c.MERAKI_RATE_LIMIT,
    webhookAllowPrivate: c.WEBHOOK_ALLOW_PRIVATE,
    /** Web Push keys (VAPID); a test run without them draws a pair per process; null: no push. */
    vapid: vapidOf(c, publicUrl),
    shutdownDrainMs: c.SHUTDOWN_DRAIN_MS,
    metricsToken: c.METRICS_TOKEN,
    /** Where errors are reported (core/src/error-reporting/reporter.ts); none when unset. */
    errorReporting: { dsn: c.SENTRY_DSN, environment: c.SENTRY_ENVIRONMENT || c.NODE_ENV },
    workerMetricsPort: c.WORKER_METRICS_PORT,
    jobLockMs: c.JOB_LOCK_MS,
    jobStalledCheckMs: c.JOB_STALLED_CHECK_MS,
    /** How long telemetry is kept (core/src/telemetry/retention.ts). */
    retention: { rawMonths: c.RETENTION_RAW_MONTHS, hourlyMonths: c.RETENTION_HOURLY_MONTHS },
    /** The device broker (core/src/mqtt/); null: devices speak HTTP only. */
    mqtt: c.MQTT_URL ? mqttSettings(c, c.MQTT_URL) : null,
    demo: c.DEMO,
    secureCookies: publicUrl.startsWith('https://'),
  };
}
