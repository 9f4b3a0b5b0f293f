import { Worker, type Processor } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { loadConfig } from './config.ts';
import type { JobData, QueueName } from './queues.ts';

/** What every worker needs: one Redis connection, the project's key prefix and a logger. */
export interface WorkerDeps {
  connection: Redis;
  redisPrefix: string;
  logger: Logger;
  /** Jobs of this queue processed at once by this process. */
  concurrency?: number;
  /** Frequent jobs (ingest flushes, watch ticks): no log line per completed job. */
  quiet?: boolean;
}

/** Opens a Redis connection usable by BullMQ workers (blocking commands must never time out). */
export function createRedisConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null });
}

/**
 * Starts the BullMQ worker of one queue, with the producer's prefix and logging of every
 * completed and failed job. Retries and backoff are the job options set by the queue
 * (server/src/jobs/queues.ts): a processor that throws is retried until its attempts run out.
 */
export function createWorker<N extends QueueName>(
  name: N,
  processor: Processor<JobData[N]>,
  { connection, redisPrefix, logger, concurrency = 4, quiet = false }: WorkerDeps,
): Worker<JobData[N]> {
  const log = logger.child({ queue: name });
  // BullMQ's defaults (30 s each) unless JOB_LOCK_MS / JOB_STALLED_CHECK_MS say otherwise: the
  // fault suite shortens them so a killed worker's jobs run again within seconds.
  const { jobLockMs, jobStalledCheckMs } = loadConfig();
  const worker = new Worker<JobData[N]>(name, processor, {
    connection,
    prefix: `${redisPrefix}:bull`,
    concurrency,
    lockDuration: jobLockMs,
    stalledInterval: jobStalledCheckMs,
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
