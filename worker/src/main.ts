import { pino } from 'pino';
import { loadConfig } from '@aircloud/server/config';
import { createDatabase } from '@aircloud/server/db/client';
import { createQueue, QUEUES } from '@aircloud/server/jobs/queues';
import { createMailTransport } from './mail/transport.ts';
import { startMailSweep } from './mail/sweep.ts';
import { createRedisConnection, createWorker } from './queues.ts';
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

  await mailWorker.waitUntilReady();
  logger.info(
    {
      queues: [QUEUES.mail],
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
      await mailQueue.close();
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
