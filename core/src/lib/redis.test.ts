import { Cluster, Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { bullPrefix } from '../queues.ts';
import { createRedis, queueConnection } from './redis.ts';

const env = { NODE_ENV: 'test' } as const;

describe('REDIS_CLUSTER_NODES', () => {
  it('is empty by default: the one Redis of REDIS_URL', () => {
    expect(loadConfig(env).redisClusterNodes).toEqual([]);
  });

  it('lists the seed nodes', () => {
    const config = loadConfig({ ...env, REDIS_CLUSTER_NODES: 'redis-a:7000, 10.0.0.2:7001' });
    expect(config.redisClusterNodes).toEqual([
      { host: 'redis-a', port: 7000 },
      { host: '10.0.0.2', port: 7001 },
    ]);
  });

  it('refuses a node without a port, and a database other than 0', () => {
    expect(() => loadConfig({ ...env, REDIS_CLUSTER_NODES: 'redis-a' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ ...env, REDIS_CLUSTER_NODES: 'redis-a:7000', REDIS_URL: 'redis://x:6379/2' }),
    ).toThrow(/no database/);
  });
});

describe('createRedis', () => {
  it('opens one Redis from the URL without cluster nodes', async () => {
    const redis = createRedis({ redisUrl: 'redis://127.0.0.1:6379' });
    try {
      expect(redis).toBeInstanceOf(Redis);
      expect(queueConnection({ redisUrl: 'redis://127.0.0.1:6379' }, redis)).toMatchObject({
        host: '127.0.0.1',
        port: 6379,
      });
    } finally {
      redis.disconnect();
    }
  });

  it('opens a Cluster from the seed nodes with the URL credentials and TLS', () => {
    const cluster = createRedis(
      {
        redisUrl: 'rediss://app:s%40cret@ignored:6379',
        redisClusterNodes: [{ host: '127.0.0.1', port: 1 }],
      },
      { maxRetriesPerRequest: null },
    );
    cluster.on('error', () => undefined); // nothing listens on port 1
    try {
      expect(cluster).toBeInstanceOf(Cluster);
      expect((cluster as Cluster).options.redisOptions).toMatchObject({
        username: 'app',
        password: 's@cret',
        tls: {},
        maxRetriesPerRequest: null,
      });
      // BullMQ cannot open a Cluster from options: producers share the process's client.
      expect(queueConnection({ redisUrl: 'redis://x' }, cluster)).toBe(cluster);
    } finally {
      cluster.disconnect();
    }
  });
});

describe('bullPrefix', () => {
  it('puts every queue key of an install in one cluster slot, under its REDIS_PREFIX', () => {
    expect(bullPrefix('aircloud')).toBe('{aircloud}:bull');
    expect(bullPrefix('aircloud-e2e-42')).toBe('{aircloud-e2e-42}:bull');
  });
});
