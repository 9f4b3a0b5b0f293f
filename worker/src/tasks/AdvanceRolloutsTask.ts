import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import type { Database } from '@aircloud/core/db/client';
import { pushRolloutEffects, sweepRollouts } from '@aircloud/core/firmware/rollouts';
import type { JobData } from '@aircloud/core/queues';
import { systemClock, type Clock } from '@aircloud/core/purifiers/schedule-slots';
import type { RealtimeServer } from '@aircloud/core/realtime/emitter';

/** Id of the repeatable job and its period. */
export const ADVANCE_ROLLOUTS_SCHEDULER = 'advance-rollouts';
export const ADVANCE_ROLLOUTS_EVERY_MS = 5_000;

/** What a run did. */
export interface AdvanceRolloutsResult {
  /** Purifiers that did not succeed before their deadline. */
  timedOut: number;
  /** Purifiers whose desired firmware was written or withdrawn. */
  commands: number;
}

/**
 * The AdvanceRollouts task (every 5 s): purifiers of a rollout past their deadline time out
 * (their desired firmware withdrawn), then every running rollout moves on (the next wave, the
 * rest after the canary, a pause over its failure maximum, completion); core owns the rules
 * (firmware/rollouts.ts), this only runs them and tells the devices. A report that finishes a
 * purifier moves its rollout on at once on the server; this catches up everything else.
 */
export function createAdvanceRolloutsTask({
  db,
  logger,
  io,
  clock = systemClock,
}: {
  db: Database;
  logger: Logger;
  io?: RealtimeServer;
  clock?: Clock;
}) {
  return async function advanceRollouts(
    _job?: Job<JobData['firmware-rollouts']>,
  ): Promise<AdvanceRolloutsResult> {
    const effects = await sweepRollouts(db, clock.now());
    if (io) pushRolloutEffects(io, effects);
    if (effects.timedOut > 0)
      logger.info({ timedOut: effects.timedOut }, 'firmware rollout purifiers timed out');
    return { timedOut: effects.timedOut, commands: effects.purifiers.length };
  };
}
