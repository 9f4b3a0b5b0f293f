import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { controlsPurifierSql } from '../access/grants.ts';
import { controlsPurifier } from '../access/machine-access.ts';
import type { Database } from '../db/client.ts';
import { purifiers } from '../db/schema/index.ts';
import { scheduleSlotDesired, type ScheduleSlot } from './desired-state.ts';
import { findPurifier, type PurifierRow } from './repository.ts';

/** A purifier whose weekly plan may have a slot due. */
export type ScheduledPurifier = Pick<
  PurifierRow,
  'id' | 'timezone' | 'desired' | 'lastScheduleSlotAt'
>;

/**
 * One batch (by id, after `cursor`) of the owned purifiers with a weekly plan whose author
 * controls them now: the ones a schedule run looks at.
 */
export async function scheduledPurifiers(
  db: Pick<Database, 'select'>,
  cursor: string,
  limit: number,
): Promise<ScheduledPurifier[]> {
  return db
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
    .limit(limit);
}

/**
 * What applying a slot did: `applied` (the desired state changed, the row as it is now), `held`
 * (a change made after the slot began holds; the slot is recorded as handled) or `already`
 * (handled before, or the plan's author no longer controls the purifier: nothing changed).
 */
export type SlotOutcome =
  { outcome: 'applied'; row: PurifierRow } | { outcome: 'held' | 'already' };

/**
 * Applies one slot of a purifier's weekly plan, in one transaction under the row lock: never
 * twice (the slot must be later than `last_schedule_slot_at`), never over a change made after
 * the slot began (scheduleSlotDesired decides), and only while whoever set the plan controls the
 * purifier, asked as it acts. A duplicated concurrent run waits on the lock, then finds the slot
 * handled.
 */
export async function applyScheduleSlot(
  db: Database,
  id: string,
  slot: ScheduleSlot,
  now: Date,
): Promise<SlotOutcome> {
  return db.transaction(async (tx) => {
    const row = await findPurifier(tx, id, true);
    if (!row || (row.lastScheduleSlotAt && row.lastScheduleSlotAt >= slot.at))
      return { outcome: 'already' };
    if (!row.scheduleSetBy || !(await controlsPurifier(tx, row.scheduleSetBy, id)))
      return { outcome: 'already' };
    const desired = scheduleSlotDesired(row.desired, slot, now);
    const [updated] = await tx
      .update(purifiers)
      .set({ ...(desired ? { desired } : {}), lastScheduleSlotAt: slot.at, updatedAt: now })
      .where(eq(purifiers.id, id))
      .returning();
    return desired ? { outcome: 'applied', row: updated! } : { outcome: 'held' };
  });
}
