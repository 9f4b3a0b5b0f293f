import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import type { Database } from '@aircloud/core/db/client';
import type { JobData } from '@aircloud/core/queues';
import { pushPurifier } from '@aircloud/core/purifiers/push';
import { applyScheduleSlot, scheduledPurifiers } from '@aircloud/core/purifiers/schedule';
import type { RealtimeServer } from '@aircloud/core/realtime/emitter';
import {
  dueSlot,
  systemClock,
  type Clock,
  type SlotOccurrence,
} from '@aircloud/core/purifiers/schedule-slots';

/** Id of the repeatable job: one scheduler, whatever the number of worker processes. */
export const APPLY_SCHEDULE_SCHEDULER = 'apply-schedule';
/** Every minute, at second 0. */
export const APPLY_SCHEDULE_PATTERN = '* * * * *';

interface ApplyScheduleDeps {
  db: Database;
  logger: Logger;
  /** Emitter through the Redis adapter: the purifier gets its command at once. */
  io?: RealtimeServer;
  clock?: Clock;
  /** How far back a run looks for slots (a late or retried run still applies them). */
  lookbackMs?: number;
  batchSize?: number;
}

/** What a run did, kept as the job's result. */
export interface ApplyScheduleResult {
  /** Slots whose mode was set. */
  applied: number;
  /** Slots skipped because the user changed the desired state after the slot started. */
  held: number;
  /** Purifiers with a schedule looked at. */
  scanned: number;
}

/**
 * The ApplySchedule task: finds, for every owned purifier with a weekly plan, the slot that
 * started in the last minutes (in the purifier's time zone), has core apply it
 * (purifiers/schedule.ts: source `schedule`, version + 1, never twice, never over a later manual
 * change) and pushes what changed. Duplicated or retried runs are harmless.
 */
export function createApplyScheduleTask({
  db,
  logger,
  clock = systemClock,
  io,
  lookbackMs = 5 * 60_000,
  batchSize = 500,
}: ApplyScheduleDeps) {
  return async function applySchedule(
    _job?: Job<JobData['schedule']>,
  ): Promise<ApplyScheduleResult> {
    const now = clock.now();
    const windowStart = new Date(now.getTime() - lookbackMs);
    const result: ApplyScheduleResult = { applied: 0, held: 0, scanned: 0 };
    let cursor = '';
    for (;;) {
      const batch = await scheduledPurifiers(db, cursor, batchSize);
      for (const purifier of batch) {
        result.scanned += 1;
        const schedule = purifier.desired.schedule;
        if (!schedule) continue;
        const last = purifier.lastScheduleSlotAt;
        const from = last && last > windowStart ? last : windowStart;
        let slot: SlotOccurrence | null;
        try {
          slot = dueSlot(schedule, purifier.timezone, from, now);
        } catch (err) {
          logger.warn({ purifierId: purifier.id, err }, 'schedule of purifier cannot be read');
          continue;
        }
        if (!slot) continue;
        const applied = await applyScheduleSlot(db, purifier.id, slot, now);
        if (applied.outcome === 'applied') {
          result.applied += 1;
          if (io) pushPurifier(io, applied.row, { command: true });
          logger.info(
            { purifierId: purifier.id, mode: slot.mode, slotAt: slot.at.toISOString() },
            `schedule slot ${slot.start} applied`,
          );
        } else if (applied.outcome === 'held') {
          result.held += 1;
        }
      }
      if (batch.length < batchSize) break;
      cursor = batch.at(-1)!.id;
    }
    return result;
  };
}
