import type { Job } from 'bullmq';
import { and, asc, gt, isNotNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '@aircloud/core/db/client';
import { purifiers } from '@aircloud/core/db/schema';
import { controlsPurifierSql } from '@aircloud/core/access/grants';
import type { JobData } from '@aircloud/core/queues';
import { pushPurifier } from '@aircloud/core/purifiers/push';
import { findPurifier } from '@aircloud/core/purifiers/repository';
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

type Outcome = 'applied' | 'held' | 'already';

/**
 * Applies one slot to one purifier in a single conditional UPDATE: never twice (the slot must be
 * later than `last_schedule_slot_at`) and never over a manual change made after the slot began
 * (then the slot is only recorded as handled: the manual mode holds until the next slot). While
 * an alert rule holds the mode (`desired.base` set), the slot changes the base only. A plan whose
 * author no longer controls the purifier (share revoked, account disabled) does nothing.
 */
async function applySlot(
  db: Database,
  id: string,
  slot: SlotOccurrence,
  now: Date,
): Promise<Outcome> {
  const result = await db.execute<{ applied: boolean }>(sql`
    UPDATE purifiers SET
      desired = CASE WHEN COALESCE((desired -> 'base' ->> 'updated_at')::timestamptz,
          (desired ->> 'updated_at')::timestamptz, '-infinity') <= ${slot.at}
        THEN CASE WHEN jsonb_typeof(desired -> 'base') = 'object'
          -- An alert rule holds the mode: the slot becomes what is restored when it stops.
          THEN desired || jsonb_build_object(
            'base', jsonb_build_object('mode', ${slot.mode}::text, 'source', 'schedule',
              'updated_at', ${now.toISOString()}::text),
            'version', COALESCE((desired ->> 'version')::int, 0) + 1,
            'updated_at', ${now.toISOString()}::text)
          ELSE desired || jsonb_build_object(
            'mode', ${slot.mode}::text,
            'version', COALESCE((desired ->> 'version')::int, 0) + 1,
            'source', 'schedule',
            'updated_at', ${now.toISOString()}::text) END
        ELSE desired END,
      last_schedule_slot_at = ${slot.at},
      updated_at = ${now}
    WHERE id = ${id}
      AND (last_schedule_slot_at IS NULL OR last_schedule_slot_at < ${slot.at})
      -- A plan runs only while whoever set it controls the purifier, asked as it acts.
      AND ${controlsPurifierSql(sql`schedule_set_by`, sql`${id}`)}
    RETURNING desired ->> 'updated_at' = ${now.toISOString()} AS applied`);
  const row = result.rows[0];
  if (!row) return 'already';
  return row.applied ? 'applied' : 'held';
}

/**
 * The ApplySchedule task: for every owned purifier with a weekly plan, the slot that started in
 * the last minutes (in the purifier's time zone) sets `desired.mode` with source `schedule` and
 * version + 1. Idempotent through `last_schedule_slot_at`: duplicated or retried runs are harmless.
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
      const batch = await db
        .select({
          id: purifiers.id,
          timezone: purifiers.timezone,
          desired: purifiers.desired,
          lastScheduleSlotAt: purifiers.lastScheduleSlotAt,
        })
        .from(purifiers)
        .where(
          and(
            sql`jsonb_typeof(${purifiers.desired} -> 'schedule') = 'object'`,
            isNotNull(purifiers.userId),
            controlsPurifierSql(sql`${purifiers.scheduleSetBy}`, sql`${purifiers.id}`),
            gt(purifiers.id, cursor),
          ),
        )
        .orderBy(asc(purifiers.id))
        .limit(batchSize);
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
        const outcome = await applySlot(db, purifier.id, slot, now);
        if (outcome === 'applied') {
          result.applied += 1;
          if (io) {
            const row = await findPurifier(db, purifier.id);
            if (row) pushPurifier(io, row, { command: true });
          }
          logger.info(
            { purifierId: purifier.id, mode: slot.mode, slotAt: slot.at.toISOString() },
            `schedule slot ${slot.start} applied`,
          );
        } else if (outcome === 'held') {
          result.held += 1;
        }
      }
      if (batch.length < batchSize) break;
      cursor = batch.at(-1)!.id;
    }
    return result;
  };
}
