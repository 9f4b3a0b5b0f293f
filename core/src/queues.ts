import { Queue, Worker, type ConnectionOptions, type Processor } from 'bullmq';
import type { Redis } from 'ioredis';
import { createRedis, type RedisClient, type RedisTarget } from './lib/redis.ts';
import type { Logger } from 'pino';
import { reportError } from './error-reporting/reporter.ts';
import { queueTelemetryOption } from './tracing/queue-telemetry.ts';

/**
 * The BullMQ queues, in one place: their names, the payload of each, the job options, and the
 * factories of their producers (server, worker) and consumers (worker).
 */

/** Names of the BullMQ queues shared by the server (producer) and the worker (consumer). */
export const QUEUES = {
  mail: 'mail',
  schedule: 'schedule',
  samples: 'samples',
  deviceWatch: 'device-watch',
  alertRules: 'alert-rules',
  alertSweep: 'alert-sweep',
  sensorImport: 'sensor-import',
  retention: 'retention',
  reseal: 'reseal',
  webhooks: 'webhooks',
  push: 'push',
  rollouts: 'firmware-rollouts',
  airChanges: 'air-changes',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Job payloads per queue: jobs carry ids of rows committed in PostgreSQL, never the only copy. */
export interface JobData {
  mail: { mailId: string };
  /** ApplySchedule runs (repeatable, every minute): no payload, the task reads the clock. */
  schedule: { trigger?: 'start' | 'tick' };
  /**
   * One ingest flush (never one job per sample): the rows are committed in `sensor_measures`
   * with this `batch_id`; the worker rolls them up and evaluates the alert rules of its sensors.
   */
  samples: { batchId: number; sensorIds: string[]; from: string; to: string };
  /** Wifi watch (repeatable, every 15 s): no payload, the task reads the clock. */
  'device-watch': { trigger?: 'start' | 'tick' };
  /**
   * The fast path of alert rules: one job per ingest flush that holds samples of sensors with
   * enabled rules (those sensors only), so crossings never wait behind roll-ups.
   */
  'alert-rules': { batchId: number; sensorIds: string[]; from: string; to: string };
  /** Alert-rule sweep (repeatable, every 30 s): sensors whose evaluation lags (lost jobs). */
  'alert-sweep': { trigger?: 'start' | 'tick' };
  /** One CSV import of sensor data: the `sensor_imports` row (committed) and its file. */
  'sensor-import': { importId: string };
  /** Telemetry retention (repeatable, daily, and at start): no payload, the task reads the clock. */
  retention: { trigger?: 'start' | 'tick' };
  /** Re-seal of stored secrets with the current APP_SECRET (repeatable, hourly, and at start). */
  reseal: { trigger?: 'start' | 'tick' };
  /** One delivery of a notification to a user's webhook (`webhook_deliveries` row, committed). */
  webhooks: { deliveryId: string };
  /** One notification to one browser's push subscription (both rows committed). */
  push: { notificationId: string; subscriptionId: string };
  /** Firmware rollouts (repeatable, every 5 s): timeouts, next waves; the task reads the clock. */
  'firmware-rollouts': { trigger?: 'start' | 'tick' };
  /** Measured air changes (repeatable, every 10 min, and at start): the task reads the clock. */
  'air-changes': { trigger?: 'start' | 'tick' };
}

/**
 * The BullMQ key prefix of a REDIS_PREFIX: `{aircloud}:bull`. The hash tag puts every key of
 * every queue in one Redis Cluster slot, as BullMQ's multi-key scripts need; on one node it is
 * only a name.
 */
export function bullPrefix(redisPrefix: string): string {
  return `{${redisPrefix}}:bull`;
}

/** Opens a producer for one queue, with the project's Redis key prefix. */
export function createQueue<N extends QueueName>(
  name: N,
  connection: ConnectionOptions,
  prefix: string,
): Queue<JobData[N]> {
  return new Queue<JobData[N]>(name, {
    connection,
    prefix: bullPrefix(prefix),
    // With tracing on, each add carries the caller's trace context inside the job.
    ...queueTelemetryOption(),
    defaultJobOptions: {
      attempts: 8,
      backoff: { type: 'exponential', delay: 2000 },
      removeOnComplete: 1000,
      removeOnFail: 5000,
    },
  });
}

/** What every worker needs: one Redis connection, the project's key prefix and a logger. */
export interface WorkerDeps {
  connection: RedisClient;
  redisPrefix: string;
  logger: Logger;
  /** Jobs of this queue processed at once by this process. */
  concurrency?: number;
  /** Frequent jobs (ingest flushes, watch ticks): no log line per completed job. */
  quiet?: boolean;
  /**
   * How long a job's lock lasts and how often stalled jobs are looked for (config JOB_LOCK_MS,
   * JOB_STALLED_CHECK_MS; BullMQ's 30 s each when absent): the fault suite shortens them so a
   * killed worker's jobs run again within seconds.
   */
  jobLockMs?: number;
  jobStalledCheckMs?: number;
}

/**
 * Opens a Redis connection (one node or a cluster, lib/redis.ts) usable by BullMQ workers:
 * blocking commands must never time out.
 */
export function createRedisConnection(url: string): Redis;
export function createRedisConnection(target: RedisTarget): RedisClient;
export function createRedisConnection(target: RedisTarget | string): RedisClient {
  return createRedis(target, { maxRetriesPerRequest: null });
}

/**
 * Starts the BullMQ worker of one queue, with the producer's prefix and logging of every
 * completed and failed job. Retries and backoff are the job options set by the queue
 * (createQueue): a processor that throws is retried until its attempts run out.
 */
export function createWorker<N extends QueueName>(
  name: N,
  processor: Processor<JobData[N]>,
  {
    connection,
    redisPrefix,
    logger,
    concurrency = 4,
    quiet = false,
    jobLockMs,
    jobStalledCheckMs,
  }: WorkerDeps,
): Worker<JobData[N]> {
  const log = logger.child({ queue: name });
  const worker = new Worker<JobData[N]>(name, processor, {
    connection,
    prefix: bullPrefix(redisPrefix),
    concurrency,
    // With tracing on, each job runs in a span that continues the trace which queued it.
    ...queueTelemetryOption(),
    // Unset, BullMQ's own defaults apply (an undefined option would override them).
    ...(jobLockMs !== undefined ? { lockDuration: jobLockMs } : {}),
    ...(jobStalledCheckMs !== undefined ? { stalledInterval: jobStalledCheckMs } : {}),
  });

  worker.on('completed', (job, result: unknown) => {
    if (quiet) return;
    log.info(
      { jobId: job.id, attempt: job.attemptsStarted, result },
      `${name} job ${job.id} completed`,
    );
  });
  worker.on('failed', (job, err) => {
    if (!job) {
      log.error({ err }, `${name} job failed`);
      return;
    }
    const attempts = job.opts.attempts ?? 1;
    const final = job.attemptsMade >= attempts || err.name === 'UnrecoverableError';
    const line = final ? 'failed for good' : 'failed, will be retried';
    // A job that failed for good is an unexpected error: to SENTRY_DSN when set.
    if (final) reportError(err, { tags: { queue: name, job: job.name } });
    log[final ? 'error' : 'warn'](
      { jobId: job.id, attempt: job.attemptsMade, attempts, err: err.message },
      `${name} job ${job.id} ${line} (attempt ${job.attemptsMade}/${attempts})`,
    );
  });
  worker.on('stalled', (jobId) =>
    log.warn({ jobId }, `${name} job ${jobId} stalled, it will run again`),
  );
  // Without an 'error' listener a Redis hiccup would be an unhandled 'error' event.
  worker.on('error', (err) => log.error({ err }, `${name} worker error`));
  return worker;
}
