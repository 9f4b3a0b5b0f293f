import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { serveMetrics } from '@aircloud/core/metrics';
import { createQueue, createRedisConnection, createWorker, QUEUES } from '@aircloud/core/queues';
import { deleteRedisPrefix, memoryLogger, testRedisPrefix, waitFor } from '../test/harness.ts';
import { createWorkerMetrics } from './metrics.ts';

const redis = createRedisConnection(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const prefix = testRedisPrefix();
const queue = createQueue(QUEUES.alertRules, redis, prefix);
const { logger } = memoryLogger();
const TOKEN = 'worker-metrics-test-token';

afterAll(async () => {
  await queue.close();
  await deleteRedisPrefix(redis, prefix);
  await redis.quit();
});

describe('worker metrics', () => {
  it('counts jobs and alert evaluations, reads queue depths, serves them with the token only', async () => {
    const metrics = createWorkerMetrics([queue]);
    const worker = createWorker(
      QUEUES.alertRules,
      async () => ({ sensors: 1, samples: 3, triggers: 1, purifiers: 1 }),
      { connection: redis, redisPrefix: prefix, logger, quiet: true },
    );
    metrics.observe(worker);
    await queue.add('evaluate', { batchId: 1, sensorIds: ['s'], from: '', to: '' });
    const value = async (series: string) => {
      const text = await metrics.registry.metrics();
      const line = text.split('\n').find((l) => l.startsWith(series));
      return line ? Number(line.split(' ').at(-1)) : 0;
    };
    await waitFor(async () => (await value('aircloud_jobs_total{')) === 1);
    await worker.close();
    expect(await value('aircloud_alert_samples_evaluated_total')).toBe(3);
    expect(await value('aircloud_alert_transitions_total')).toBe(1);
    const text = await metrics.registry.metrics();
    expect(text).toContain('queue="alert-rules",outcome="completed"');
    expect(text).toMatch(/aircloud_queue_jobs\{[^}]*queue="alert-rules"[^}]*state="waiting"/);

    const server = serveMetrics(metrics.registry, TOKEN).listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      const scraped = await fetch(`${base}/metrics`, {
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('process_cpu_seconds_total{service="worker"}');
    } finally {
      server.close();
    }
  });
});
