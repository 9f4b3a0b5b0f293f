import { pino } from 'pino';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from '@aircloud/core/config';
import { createDatabase } from '@aircloud/core/db/client';
import { runMigrations } from '@aircloud/core/db/migrate';
import { ensureMeasurePartitions } from '@aircloud/core/db/partitions';
import { REDACTED_PATHS, errorSerializer } from './http/request-logger.ts';
import { QUEUES, createQueue } from '@aircloud/core/queues';
import { createRedis, queueConnection } from '@aircloud/core/lib/redis';
import { flushTracing } from '@aircloud/core/tracing/bootstrap';
import {
  exitOnFatalErrors,
  flushErrorReporting,
  initErrorReporting,
} from '@aircloud/core/error-reporting/reporter';

/** Starts one server process: migrations, connections, HTTP + Socket.IO, graceful shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
    serializers: { err: errorSerializer },
  });
  // Unexpected errors to SENTRY_DSN when set (nothing is loaded otherwise).
  await initErrorReporting({ ...config.errorReporting, serviceName: 'aircloud-server' });
  const db = createDatabase(config.databaseUrl, config.databasePoolSize, {
    prepare: config.databasePrepare,
  });
  await runMigrations(db);
  await ensureMeasurePartitions(db);
  // One Redis or a Redis Cluster (REDIS_CLUSTER_NODES); queues open their own connection on one.
  const redis = createRedis(config, { maxRetriesPerRequest: 3 });
  redis.on('error', (err) => logger.warn({ err }, 'redis connection error'));
  const mailQueue = createQueue(QUEUES.mail, queueConnection(config, redis), config.redisPrefix);
  mailQueue.on('error', (err) => logger.warn({ err }, 'mail queue error'));

  const { server, drain, close } = createApp({ config, db, redis, logger, mailQueue });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info(
    `AirCloud server listening on http://${config.host}:${port} (public URL ${config.publicUrl})`,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Readiness first: the proxy stops sending new requests during the drain delay, requests
    // under way finish; then the usual sequence. (Hand-written: two steps, no library needed.)
    drain();
    logger.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down: draining');
    const force = setTimeout(() => process.exit(1), config.shutdownDrainMs + 10_000);
    force.unref();
    try {
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      await close();
      await mailQueue.close();
      await redis.quit();
      await db.$client.end();
      await flushErrorReporting();
      await flushTracing();
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  exitOnFatalErrors(logger);
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
