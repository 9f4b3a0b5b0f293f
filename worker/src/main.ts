import { pino } from 'pino';
import { loadConfig } from '@aircloud/core/config';
import { createDatabase } from '@aircloud/core/db/client';
import {
  bullPrefix,
  createQueue,
  createRedisConnection,
  createWorker,
  QUEUES,
  type WorkerDeps,
} from '@aircloud/core/queues';
import { createMailTransport } from './mail/transport.ts';
import { startMailSweep } from './mail/sweep.ts';
import { emailChannel } from '@aircloud/core/notifications/email';
import { channelHooks, webhookChannel } from '@aircloud/core/notifications/webhooks';
import { createDeliverWebhookTask } from './tasks/DeliverWebhookTask.ts';
import { createDeliverPushTask } from './tasks/DeliverPushTask.ts';
import {
  APPLY_SCHEDULE_PATTERN,
  APPLY_SCHEDULE_SCHEDULER,
  createApplyScheduleTask,
} from './tasks/ApplyScheduleTask.ts';
import { createSendMailTask } from './tasks/SendMailTask.ts';
import { createImportSensorDataTask, requeueSensorImports } from './tasks/ImportSensorDataTask.ts';
import { createRollupSamplesTask, createRollupSweepTask } from './tasks/RollupSamplesTask.ts';
import {
  ALERT_SWEEP_EVERY_MS,
  ALERT_SWEEP_SCHEDULER,
  createAlertRulesSweepTask,
  createEvaluateAlertRulesTask,
} from './tasks/EvaluateAlertRulesTask.ts';
import {
  DEVICE_WATCH_EVERY_MS,
  DEVICE_WATCH_SCHEDULER,
  createDeviceWatchTask,
} from './tasks/DeviceWatchTask.ts';
import {
  ADVANCE_ROLLOUTS_EVERY_MS,
  ADVANCE_ROLLOUTS_SCHEDULER,
  createAdvanceRolloutsTask,
} from './tasks/AdvanceRolloutsTask.ts';
import {
  MEASURE_AIR_CHANGES_EVERY_MS,
  MEASURE_AIR_CHANGES_SCHEDULER,
  createMeasureAirChangesTask,
} from './tasks/MeasureAirChangesTask.ts';
import {
  APPLY_RETENTION_PATTERN,
  APPLY_RETENTION_SCHEDULER,
  createApplyRetentionTask,
} from './tasks/ApplyRetentionTask.ts';
import {
  RESEAL_SECRETS_PATTERN,
  RESEAL_SECRETS_SCHEDULER,
  createResealSecretsTask,
} from './tasks/ResealSecretsTask.ts';
import { ensureMeasurePartitions } from '@aircloud/core/db/partitions';
import { serveMetrics } from '@aircloud/core/metrics';
import { createWorkerMetrics } from './metrics.ts';
import { closeRealtimeEmitter, createRealtimeEmitter } from '@aircloud/core/realtime/emitter';
import { DeviceBroker, useDeviceBroker } from '@aircloud/core/mqtt/device-broker';
import { flushTracing } from '@aircloud/core/tracing/bootstrap';
import {
  exitOnFatalErrors,
  flushErrorReporting,
  initErrorReporting,
} from '@aircloud/core/error-reporting/reporter';

/** Starts the worker process: mail queue consumer and outbox sweep, until SIGTERM or SIGINT. */
async function main() {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel, base: { service: 'worker', pid: process.pid } });
  // Unexpected errors to SENTRY_DSN when set (nothing is loaded otherwise).
  await initErrorReporting({ ...config.errorReporting, serviceName: 'aircloud-worker' });
  const db = createDatabase(config.databaseUrl, config.databasePoolSize, {
    prepare: config.databasePrepare,
  });
  // One Redis or a Redis Cluster (REDIS_CLUSTER_NODES), shared by every queue of this process.
  const redis = createRedisConnection(config);
  redis.on('error', (err) => logger.warn({ err: err.message }, 'redis connection error'));

  // What every consumer shares: the connection, the key prefix, and the job lock settings.
  const workers: WorkerDeps = {
    connection: redis,
    redisPrefix: config.redisPrefix,
    logger,
    jobLockMs: config.jobLockMs,
    jobStalledCheckMs: config.jobStalledCheckMs,
  };

  const transport = createMailTransport({ ...config, logger });
  const mailQueue = createQueue(QUEUES.mail, redis, config.redisPrefix);
  mailQueue.on('error', (err) => logger.warn({ err: err.message }, 'mail queue error'));
  const mailWorker = createWorker(
    QUEUES.mail,
    createSendMailTask({ db, transport, logger }),
    workers,
  );
  const sweep = startMailSweep({ db, queue: mailQueue, logger });

  // Schedules: one repeatable job every minute (upserted by every worker: still one scheduler),
  // plus a run at start so slots missed while no worker ran are caught up (upsertSchedulers).
  const scheduleQueue = createQueue(QUEUES.schedule, redis, config.redisPrefix);
  scheduleQueue.on('error', (err) => logger.warn({ err: err.message }, 'schedule queue error'));
  // Emits through the Redis streams adapter: browsers and devices on any server node get them.
  await redis.ping(); // ready before the adapter duplicates it
  const io = createRealtimeEmitter(redis, config.redisPrefix);
  // Desired states and new secrets changed here reach MQTT devices through this process's own
  // broker connection (retained on each purifier's topic: no server needs to relay them).
  const broker = config.mqtt
    ? DeviceBroker.open({ url: config.mqtt.url, kind: config.mqtt.kind }, logger)
    : null;
  useDeviceBroker(broker);
  await ensureMeasurePartitions(db);
  const partitionTimer = setInterval(
    () =>
      void ensureMeasurePartitions(db).catch((err: unknown) => logger.warn({ err }, 'partitions')),
    6 * 3600_000,
  );
  partitionTimer.unref();

  const scheduleWorker = createWorker(
    QUEUES.schedule,
    createApplyScheduleTask({ db, logger, io }),
    {
      ...workers,
      concurrency: 1,
    },
  );

  // Roll-up of each ingest flush (one job per flush), several at once: they touch distinct rows.
  const samplesQueue = createQueue(QUEUES.samples, redis, config.redisPrefix);
  samplesQueue.on('error', (err) => logger.warn({ err: err.message }, 'samples queue error'));
  // Each flush is rolled up and judged by the alert rules of its sensors in the same job.
  const rollupSamples = createRollupSamplesTask({ db, logger });
  // Notifications handed to e-mail (outbox rows) and webhooks (delivery rows) commit with
  // them and are queued once committed.
  const webhookQueue = createQueue(QUEUES.webhooks, redis, config.redisPrefix);
  webhookQueue.on('error', (err) => logger.warn({ err: err.message }, 'webhooks queue error'));
  const pushQueue = createQueue(QUEUES.push, redis, config.redisPrefix);
  pushQueue.on('error', (err) => logger.warn({ err: err.message }, 'push queue error'));
  const notify = {
    channels: channelHooks(emailChannel(config.publicUrl), webhookChannel),
    mailQueue,
    webhookQueue,
    pushQueue,
  };
  // Web Push: one job per notification and browser subscription (a dead endpoint holds up none).
  const pushWorker = createWorker(
    QUEUES.push,
    createDeliverPushTask({
      db,
      logger,
      vapid: config.vapid,
      publicUrl: config.publicUrl,
      allowPrivate: config.webhookAllowPrivate,
    }),
    { ...workers, concurrency: 8 },
  );
  // Each delivery is its own job with a timeout: a failing endpoint holds up no other.
  const webhookWorker = createWorker(
    QUEUES.webhooks,
    createDeliverWebhookTask({
      db,
      logger,
      io,
      secrets: config,
      allowPrivate: config.webhookAllowPrivate,
    }),
    { ...workers, concurrency: 8 },
  );
  const evaluateAlertRules = createEvaluateAlertRulesTask({ db, logger, io, ...notify });
  const processSamples = async (job: Parameters<typeof rollupSamples>[0]) => {
    const [rollup, alerts] = await Promise.all([rollupSamples(job), evaluateAlertRules(job)]);
    return { ...rollup, alerts };
  };
  const samplesWorker = createWorker(QUEUES.samples, processSamples, {
    ...workers,
    concurrency: 4,
    quiet: true,
  });

  // Wifi watch: every 15 s, one scheduler whatever the number of workers.
  const watchQueue = createQueue(QUEUES.deviceWatch, redis, config.redisPrefix);
  watchQueue.on('error', (err) => logger.warn({ err: err.message }, 'device-watch queue error'));
  const watchWorker = createWorker(
    QUEUES.deviceWatch,
    createDeviceWatchTask({ db, logger, io, ...notify }),
    {
      ...workers,
      concurrency: 1,
      quiet: true,
    },
  );

  // Firmware rollouts: every 5 s, one scheduler whatever the number of workers.
  const rolloutsQueue = createQueue(QUEUES.rollouts, redis, config.redisPrefix);
  rolloutsQueue.on('error', (err) => logger.warn({ err: err.message }, 'rollouts queue error'));
  const rolloutsWorker = createWorker(
    QUEUES.rollouts,
    createAdvanceRolloutsTask({ db, logger, io }),
    { ...workers, concurrency: 1, quiet: true },
  );

  // Measured air changes: every 10 min and at start, one run at a time (docs/effectiveness.md).
  const airChangesQueue = createQueue(QUEUES.airChanges, redis, config.redisPrefix);
  airChangesQueue.on('error', (err) =>
    logger.warn({ err: err.message }, 'air-changes queue error'),
  );
  const airChangesWorker = createWorker(
    QUEUES.airChanges,
    createMeasureAirChangesTask({ db, logger }),
    { ...workers, concurrency: 1, quiet: true },
  );

  // Alert rules, fast path: flushes of sensors with rules, never behind the roll-ups.
  const alertRulesQueue = createQueue(QUEUES.alertRules, redis, config.redisPrefix);
  alertRulesQueue.on('error', (err) =>
    logger.warn({ err: err.message }, 'alert-rules queue error'),
  );
  const alertRulesWorker = createWorker(
    QUEUES.alertRules,
    createEvaluateAlertRulesTask({ db, logger, io, ...notify }, false),
    {
      ...workers,
      concurrency: 4,
      quiet: true,
    },
  );
  // A sweep every 30 s catches what lost `samples` jobs left: sensors whose alert rules lag
  // behind, flushes not rolled up.
  const alertSweepQueue = createQueue(QUEUES.alertSweep, redis, config.redisPrefix);
  alertSweepQueue.on('error', (err) =>
    logger.warn({ err: err.message }, 'alert-sweep queue error'),
  );
  const sweepAlertRules = createAlertRulesSweepTask({ db, logger, io, ...notify });
  const sweepRollups = createRollupSweepTask({ db, logger });
  const alertSweepWorker = createWorker(
    QUEUES.alertSweep,
    async () => ({ ...(await sweepAlertRules()), rollups: await sweepRollups() }),
    { ...workers, concurrency: 1, quiet: true },
  );

  // Telemetry retention: a repeatable job every day and one run at start; one at a time here.
  const retentionQueue = createQueue(QUEUES.retention, redis, config.redisPrefix);
  retentionQueue.on('error', (err) => logger.warn({ err: err.message }, 'retention queue error'));
  const retentionWorker = createWorker(
    QUEUES.retention,
    createApplyRetentionTask({ db, logger, policy: config.retention }),
    { ...workers, concurrency: 1 },
  );

  // Stored secrets sealed by an earlier APP_SECRET sealed again with the current one: hourly,
  // and once at start (a rotation converts as soon as the worker runs with the new secret).
  const resealQueue = createQueue(QUEUES.reseal, redis, config.redisPrefix);
  resealQueue.on('error', (err) => logger.warn({ err: err.message }, 'reseal queue error'));
  const resealWorker = createWorker(
    QUEUES.reseal,
    createResealSecretsTask({ db, logger, secrets: config }),
    { ...workers, concurrency: 1 },
  );

  // The repeatable jobs, and a schedule run that catches up missed slots (the task is
  // idempotent). Put back whenever the connection is ready again: a Redis restarted without its
  // data (no persistence, failover) would otherwise run no schedule, watch or sweep any more.
  const upsertSchedulers = async () => {
    await scheduleQueue.upsertJobScheduler(
      APPLY_SCHEDULE_SCHEDULER,
      { pattern: APPLY_SCHEDULE_PATTERN },
      { name: APPLY_SCHEDULE_SCHEDULER, data: { trigger: 'tick' }, opts: { attempts: 3 } },
    );
    await scheduleQueue.add(APPLY_SCHEDULE_SCHEDULER, { trigger: 'start' }, { attempts: 3 });
    await watchQueue.upsertJobScheduler(
      DEVICE_WATCH_SCHEDULER,
      { every: DEVICE_WATCH_EVERY_MS },
      { name: DEVICE_WATCH_SCHEDULER, data: { trigger: 'tick' }, opts: { attempts: 1 } },
    );
    await rolloutsQueue.upsertJobScheduler(
      ADVANCE_ROLLOUTS_SCHEDULER,
      { every: ADVANCE_ROLLOUTS_EVERY_MS },
      { name: ADVANCE_ROLLOUTS_SCHEDULER, data: { trigger: 'tick' }, opts: { attempts: 1 } },
    );
    await airChangesQueue.upsertJobScheduler(
      MEASURE_AIR_CHANGES_SCHEDULER,
      { every: MEASURE_AIR_CHANGES_EVERY_MS },
      { name: MEASURE_AIR_CHANGES_SCHEDULER, data: { trigger: 'tick' }, opts: { attempts: 1 } },
    );
    await alertSweepQueue.upsertJobScheduler(
      ALERT_SWEEP_SCHEDULER,
      { every: ALERT_SWEEP_EVERY_MS },
      { name: ALERT_SWEEP_SCHEDULER, data: { trigger: 'tick' }, opts: { attempts: 1 } },
    );
    await retentionQueue.upsertJobScheduler(
      APPLY_RETENTION_SCHEDULER,
      { pattern: APPLY_RETENTION_PATTERN },
      { name: APPLY_RETENTION_SCHEDULER, data: { trigger: 'tick' }, opts: { attempts: 3 } },
    );
    await resealQueue.upsertJobScheduler(
      RESEAL_SECRETS_SCHEDULER,
      { pattern: RESEAL_SECRETS_PATTERN },
      { name: RESEAL_SECRETS_SCHEDULER, data: { trigger: 'tick' }, opts: { attempts: 3 } },
    );
  };
  await upsertSchedulers();
  // The retention run at start (not on every reconnection): a worker down at 03:17 catches up.
  await retentionQueue.add(APPLY_RETENTION_SCHEDULER, { trigger: 'start' }, { attempts: 3 });
  await resealQueue.add(RESEAL_SECRETS_SCHEDULER, { trigger: 'start' }, { attempts: 3 });
  await airChangesQueue.add(MEASURE_AIR_CHANGES_SCHEDULER, { trigger: 'start' }, { attempts: 1 });
  redis.on('ready', () => {
    upsertSchedulers().catch((err: unknown) =>
      logger.warn({ err }, 'job schedulers could not be put back'),
    );
  });

  // Sensor data CSV imports: one at a time per worker (long, I/O bound jobs that resume after a
  // crash); imports left pending or running are queued again at start.
  const sensorImportQueue = createQueue(QUEUES.sensorImport, redis, config.redisPrefix);
  sensorImportQueue.on('error', (err) =>
    logger.warn({ err: err.message }, 'sensor-import queue error'),
  );
  const sensorImportWorker = createWorker(
    QUEUES.sensorImport,
    createImportSensorDataTask({
      db,
      logger,
      io,
      mailQueue,
      uploadDir: config.uploadDir,
      publicUrl: config.publicUrl,
    }),
    { ...workers, concurrency: 1 },
  );
  await requeueSensorImports(db, sensorImportQueue);

  // GET /metrics (and /healthz, for the container's health check) on the worker's own port.
  const metrics = createWorkerMetrics([
    mailQueue,
    scheduleQueue,
    samplesQueue,
    watchQueue,
    alertRulesQueue,
    alertSweepQueue,
    sensorImportQueue,
    retentionQueue,
    resealQueue,
    webhookQueue,
    pushQueue,
    rolloutsQueue,
    airChangesQueue,
  ]);
  for (const worker of [
    mailWorker,
    scheduleWorker,
    samplesWorker,
    watchWorker,
    alertRulesWorker,
    alertSweepWorker,
    sensorImportWorker,
    retentionWorker,
    resealWorker,
    webhookWorker,
    pushWorker,
    rolloutsWorker,
    airChangesWorker,
  ])
    metrics.observe(worker);
  const metricsServer =
    config.workerMetricsPort > 0 ? serveMetrics(metrics.registry, config.metricsToken) : null;
  metricsServer?.on('error', (err) =>
    logger.warn({ err: err.message }, 'worker metrics port unavailable (jobs go on)'),
  );
  metricsServer?.listen(config.workerMetricsPort);

  await mailWorker.waitUntilReady();
  await sensorImportWorker.waitUntilReady();
  await scheduleWorker.waitUntilReady();
  await samplesWorker.waitUntilReady();
  await watchWorker.waitUntilReady();
  await alertSweepWorker.waitUntilReady();
  await alertRulesWorker.waitUntilReady();
  await retentionWorker.waitUntilReady();
  await resealWorker.waitUntilReady();
  await webhookWorker.waitUntilReady();
  await pushWorker.waitUntilReady();
  await rolloutsWorker.waitUntilReady();
  await airChangesWorker.waitUntilReady();
  logger.info(
    {
      queues: [
        QUEUES.mail,
        QUEUES.schedule,
        QUEUES.samples,
        QUEUES.deviceWatch,
        QUEUES.alertRules,
        QUEUES.alertSweep,
        QUEUES.sensorImport,
        QUEUES.retention,
        QUEUES.reseal,
        QUEUES.webhooks,
        QUEUES.push,
        QUEUES.rollouts,
        QUEUES.airChanges,
      ],
      prefix: bullPrefix(config.redisPrefix),
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
      metricsServer?.close();
      await sweep.stop();
      await mailWorker.close();
      await webhookWorker.close();
      await pushWorker.close();
      await sensorImportWorker.close();
      await sensorImportQueue.close();
      await scheduleWorker.close();
      await samplesWorker.close();
      await watchWorker.close();
      await rolloutsWorker.close();
      await airChangesWorker.close();
      await alertSweepWorker.close();
      await alertRulesWorker.close();
      await retentionWorker.close();
      await retentionQueue.close();
      await resealWorker.close();
      await resealQueue.close();
      await mailQueue.close();
      await webhookQueue.close();
      await pushQueue.close();
      await scheduleQueue.close();
      await samplesQueue.close();
      await watchQueue.close();
      await rolloutsQueue.close();
      await airChangesQueue.close();
      await alertSweepQueue.close();
      await alertRulesQueue.close();
      clearInterval(partitionTimer);
      await closeRealtimeEmitter(io);
      await broker?.close();
      transport.close();
      await db.$client.end();
      await redis.quit();
      logger.info('worker stopped');
      await flushErrorReporting();
      await flushTracing();
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGTERM', (s) => void shutdown(s));
  process.on('SIGINT', (s) => void shutdown(s));
  exitOnFatalErrors(logger);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
