import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { generateVapidKeys } from './notifications/vapid.ts';

const SECRET = 'a-secret-of-this-deployment-0123456789abcdef';

describe('loadConfig: APP_SECRET', () => {
  it('refuses to start without APP_SECRET outside tests, in one line', () => {
    for (const NODE_ENV of ['development', 'production', undefined]) {
      const env = NODE_ENV ? { NODE_ENV } : {};
      expect(() => loadConfig(env), String(NODE_ENV)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/^APP_SECRET is not set[^\n]*$/);
    }
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'too-short' })).toThrow(
      ConfigError,
    );
  });

  it('uses the given secret', () => {
    expect(loadConfig({ APP_SECRET: SECRET }).appSecret).toBe(SECRET);
  });

  it('in tests without one, draws a random secret once per process (server and worker agree)', () => {
    const first = loadConfig({ NODE_ENV: 'test' }).appSecret;
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(loadConfig({ NODE_ENV: 'test' }).appSecret).toBe(first);
    expect(first).not.toMatch(/development|secret/i);
  });
});

describe('loadConfig: TRUST_PROXY', () => {
  it('trusts no proxy unless told', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toBe('');
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'uniquelocal' }).trustProxy).toBe(
      'uniquelocal',
    );
  });
});

describe('loadConfig: HTTP timeouts', () => {
  it('gives 10 s for the headers and 30 s for a request by default', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect([config.headersTimeoutMs, config.requestTimeoutMs]).toEqual([10_000, 30_000]);
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        HTTP_HEADERS_TIMEOUT_MS: '5000',
        HTTP_REQUEST_TIMEOUT_MS: '1000',
      }),
    ).toThrow(ConfigError);
  });
});

describe('loadConfig: retention', () => {
  it('keeps raw samples 13 months and roll-ups 60 by default, roll-ups never shorter', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).retention).toEqual({ rawMonths: 13, hourlyMonths: 60 });
    expect(
      loadConfig({ NODE_ENV: 'test', RETENTION_RAW_MONTHS: '2', RETENTION_HOURLY_MONTHS: '2' })
        .retention,
    ).toEqual({ rawMonths: 2, hourlyMonths: 2 });
    expect(() =>
      loadConfig({ NODE_ENV: 'test', RETENTION_RAW_MONTHS: '24', RETENTION_HOURLY_MONTHS: '12' }),
    ).toThrow('RETENTION_HOURLY_MONTHS must be at least RETENTION_RAW_MONTHS');
    expect(() => loadConfig({ NODE_ENV: 'test', RETENTION_RAW_MONTHS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', RETENTION_RAW_MONTHS: '1.5' })).toThrow(
      ConfigError,
    );
  });
});

describe('loadConfig: Web Push (VAPID)', () => {
  const pair = generateVapidKeys();
  const prod = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40) } as const;

  it('takes the keys and subject from the environment', () => {
    expect(
      loadConfig({
        ...prod,
        VAPID_PUBLIC_KEY: pair.publicKey,
        VAPID_PRIVATE_KEY: pair.privateKey,
        VAPID_SUBJECT: 'mailto:ops@example.com',
      }).vapid,
    ).toEqual({ ...pair, subject: 'mailto:ops@example.com' });
  });

  it('has push off without keys (empty counts as unset), a pair per process in tests', () => {
    expect(loadConfig({ ...prod, VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' }).vapid).toBeNull();
    const test = loadConfig({ NODE_ENV: 'test' }).vapid!;
    expect(Buffer.from(test.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(test.privateKey, 'base64url')).toHaveLength(32);
    expect(loadConfig({ NODE_ENV: 'test' }).vapid!.publicKey).toBe(test.publicKey);
  });

  it('refuses a malformed key or half a pair, in one line each', () => {
    expect(() =>
      loadConfig({ ...prod, VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: pair.privateKey }),
    ).toThrow(/VAPID_PUBLIC_KEY: the base64url P-256 public key/);
    expect(() => loadConfig({ ...prod, VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (or neither)',
    );
  });
});

describe('loadConfig: database connections', () => {
  it('pools 10 connections and prepares statements unless told otherwise', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect([config.databasePoolSize, config.databasePrepare]).toEqual([10, true]);
    const told = loadConfig({ NODE_ENV: 'test', DATABASE_POOL_SIZE: '20', DATABASE_PREPARE: '0' });
    expect([told.databasePoolSize, told.databasePrepare]).toEqual([20, false]);
    expect(() => loadConfig({ NODE_ENV: 'test', DATABASE_POOL_SIZE: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', DATABASE_PREPARE: 'maybe' })).toThrow(ConfigError);
  });
});
