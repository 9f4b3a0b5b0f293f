import { pino } from 'pino';
import { loadConfig } from '@aircloud/server/config';
import { createDatabase } from '@aircloud/server/db/client';
import { createQueue, QUEUES } from '@aircloud/server/jobs/queues';
import { createMailTransport } from './mail/transport.ts';
import { startMailSweep } from './mail/sweep.ts';
import { createRedisConnection, createWorker } from './queues.ts';
import {
  APPLY_SCHEDULE_PATTERN,
  APPLY_SCHEDULE_SCHEDULER,
  createApplyScheduleTask,
} from './tasks/ApplyScheduleTask.ts';
import { createSendMailTask } from './tasks/SendMailTask.ts';

/** Starts the worker process: mail queue consumer and outbox sweep, until SIGTERM or SIGINT. */
async function main() {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel, base: { service: 'worker', pid: process.pid } });
  const db = createDatabase(config.databaseUrl);
  const redis = createRedisConnection(config.redisUrl);
  redis.on('error', (err) => logger.warn({ err: err.message }, 'redis connection error'));

  const transport = createMailTransport({ ...config, logger });
  const mailQueue = createQueue(QUEUES.mail, redis, config.redisPrefix);
  mailQueue.on('error', (err) => logger.warn({ err: err.message }, 'mail queue error'));
  const mailWorker = createWorker(QUEUES.mail, createSendMailTask({ db, transport, logger }), {
    connection: redis,
    redisPrefix: config.redisPrefix,
    logger,
  });
  const sweep = startMailSweep({ db, queue: mailQueue, logger });

  // Schedules: one repeatable job every minute (upserted by every worker: still one scheduler),
  // plus a run at start so slots missed while no worker ran are caught up (the task is idempotent).
  const scheduleQueue = createQueue(QUEUES.schedule, redis, config.redisPrefix);
  scheduleQueue.on('error', (err) => logger.warn({ err: err.message }, 'schedule queue error'));
  const scheduleWorker = createWorker(QUEUES.schedule, createApplyScheduleTask({ db, logger }), {
    connection: redis,
    redisPrefix: config.redisPrefix,
    logger,
    concurrency: 1,
  });
  await scheduleQueue.upsertJobScheduler(
    APPLY_SCHEDULE_SCHEDULER,
    { pattern: APPLY_SCHEDULE_PATTERN },
    { name: APPLY_SCHEDULE_SCHEDULER, data: { trigger: 'tick' }, opts: { attempts: 3 } },
  );
  await scheduleQueue.add(APPLY_SCHEDULE_SCHEDULER, { trigger: 'start' }, { attempts: 3 });

  await mailWorker.waitUntilReady();
  await scheduleWorker.waitUntilReady();
  logger.info(
    {
      queues: [QUEUES.mail, QUEUES.schedule],
      prefix: `${config.redisPrefix}:bull`,
      mail: transport.kind === 'smtp' ? 'smtp' : `files in ${config.mailDir}`,
    },
    `worker ready (mail via ${transport.kind === 'smtp' ? 'SMTP' : `.eml files in ${config.mailDir}`})`,
  );

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn(`${signal} again, exiting now`);
      process.exit(1);
    }
    stopping = true;
    logger.info(`${signal} received, finishing running jobs`);
    try {
      await sweep.stop();
      await mailWorker.close();
      await scheduleWorker.close();
      await mailQueue.close();
      await scheduleQueue.close();
      transport.close();
      await db.$client.end();
      await redis.quit();
      logger.info('worker stopped');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGTERM', (s) => void shutdown(s));
  process.on('SIGINT', (s) => void shutdown(s));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
