import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import type { Database } from '@aircloud/core/db/client';
import type { JobData } from '@aircloud/core/queues';
import {
  evaluateSensor,
  sensorsBehind,
  sensorsWithRules,
} from '@aircloud/core/alert-rules/evaluation';
import { announceAlerts } from '@aircloud/core/alert-rules/notify';
import { handOverNotifications } from '@aircloud/core/notifications/hand-over';
import type { ChannelHook } from '@aircloud/core/notifications/record';
import type { Queue } from 'bullmq';
import { rearbitrateHeldPurifiers } from '@aircloud/core/alert-rules/arbitration';
import { pushPurifier } from '@aircloud/core/purifiers/push';
import type { RealtimeServer } from '@aircloud/core/realtime/emitter';

/** Id of the repeatable sweep: one scheduler, whatever the number of worker processes. */
export const ALERT_SWEEP_SCHEDULER = 'alert-rules-sweep';
/** The sweep looks for sensors left behind (lost jobs) this often. */
export const ALERT_SWEEP_EVERY_MS = 30_000;

interface EvaluateDeps {
  db: Database;
  logger: Logger;
  /** Emitter through the Redis adapter: commands to devices, notifications to browsers. */
  io?: RealtimeServer;
  /** The clock of the desired-state changes (tests). */
  now?: () => Date;
  /** Channels besides in-app (e-mail outbox), recorded with the notifications. */
  channels?: ChannelHook;
  /** Producer of the mail queue: notification mails are queued once committed. */
  mailQueue?: Queue<JobData['mail']>;
  /** Producer of the webhooks queue: deliveries are queued once committed. */
  webhookQueue?: Queue<JobData['webhooks']>;
  /** Producer of the push queue: one job per subscription, queued once committed. */
  pushQueue?: Queue<JobData['push']>;
}

/** What a run did, kept as the job's result. */
export interface EvaluateResult {
  sensors: number;
  samples: number;
  triggers: number;
  purifiers: number;
}

/**
 * Evaluates the given sensors one after the other (each under its own lock, so the order of
 * samples holds per sensor) and announces each committed page: commands and notifications are
 * best effort after the commit; a device that misses one gets its desired state in the reply to
 * its next telemetry post.
 */
async function evaluateSensors(
  { db, logger, io, now, channels, mailQueue, webhookQueue, pushQueue }: EvaluateDeps,
  sensorIds: string[],
): Promise<EvaluateResult> {
  const result: EvaluateResult = {
    sensors: sensorIds.length,
    samples: 0,
    triggers: 0,
    purifiers: 0,
  };
  for (const sensorId of sensorIds) {
    const done = await evaluateSensor(
      db,
      sensorId,
      async (page) => {
        // Commands, the bell and the channels' jobs leave together once the page is committed:
        // none of them waits for another's round trips.
        const announced = io
          ? announceAlerts(db, io, sensorId, page.changed, page.triggers).catch((err: unknown) =>
              logger.warn({ err, sensorId }, 'alert announcement failed (evaluation is committed)'),
            )
          : undefined;
        const handed = handOverNotifications(
          { db, io, mailQueue, webhookQueue, pushQueue },
          page.notifications ?? [],
        ).catch((err: unknown) =>
          logger.warn({ err, sensorId }, 'notifications not handed over (evaluation is committed)'),
        );
        await Promise.all([announced, handed]);
      },
      now,
      channels,
    );
    result.samples += done.samples;
    result.triggers += done.triggers.length;
    result.purifiers += done.changed.length;
    for (const t of done.triggers)
      logger.info(
        { sensorId, ruleId: t.ruleId, kind: t.kind, value: t.value, mode: t.mode },
        `alert rule ${t.kind === 'trigger' ? 'triggered' : 'stopped'}`,
      );
  }
  return result;
}

/**
 * The EvaluateRules task, run on every `alert-rules` job (the fast path: flushes with samples of
 * sensors that have rules) and on every `samples` job (one per flush) next to the roll-up:
 * the flush's sensors that have enabled rules judge their new device samples in time order from
 * their cursor, so a job processed late, retried or duplicated judges each sample once, and any
 * job of a sensor catches up on what earlier lost jobs left.
 */
export function createEvaluateAlertRulesTask(
  deps: EvaluateDeps,
  /** False for `alert-rules` jobs: the server already kept only sensors with rules. */
  filter = true,
) {
  return async function evaluateAlertRules(
    job: Pick<Job<JobData['samples']>, 'data'>,
  ): Promise<EvaluateResult> {
    const sensorIds = filter
      ? await sensorsWithRules(deps.db, job.data.sensorIds)
      : job.data.sensorIds;
    return evaluateSensors(deps, sensorIds);
  };
}

/**
 * The periodic sweep: sensors with enabled rules whose cursor is behind their latest device
 * sample (a `samples` job lost while Redis was down, or failed for good) are evaluated, and
 * purifiers still held by rules that no longer act on them are given back.
 */
export function createAlertRulesSweepTask(deps: EvaluateDeps) {
  return async function sweepAlertRules(): Promise<EvaluateResult> {
    const result = await evaluateSensors(deps, await sensorsBehind(deps.db));
    // Holds left without a triggered rule (sensor unlinked or deleted) are released.
    const released = await rearbitrateHeldPurifiers(deps.db, deps.now?.() ?? new Date());
    for (const row of released) if (deps.io) pushPurifier(deps.io, row, { command: true });
    result.purifiers += released.length;
    return result;
  };
}
