import { sql } from 'drizzle-orm';
import { ulid } from '../lib/ulid.ts';
import type { Database } from '../db/client.ts';
import { alertNotificationEvents, type AlertStopCause } from '../notifications/events.ts';
import {
  recordNotifications,
  type ChannelHook,
  type NotificationRow,
} from '../notifications/record.ts';
import type { PurifierRow } from '../purifiers/repository.ts';
import { actingPurifiers } from './evaluation.ts';
import type { AlertTriggerRow } from './repository.ts';

type Executor = Pick<Database, 'execute' | 'insert'>;

/** The name a notification gives the user who made a change ("Ada Lovelace"). */
export function actorName(user: { firstname: string; lastname: string }): string {
  return `${user.firstname} ${user.lastname}`.trim();
}

/**
 * Records the `alert_stopped` notifications of stops a user's change caused (rule disabled,
 * edited or deleted while triggered, a held purifier unlinked), in the transaction of that
 * change: the same audience as a stop of the measure (the users who see the sensor), with why
 * and by whom in the payload. Answers the rows, to hand over once committed.
 */
export async function notifyUserStops(
  tx: Executor,
  sensorId: string,
  stops: AlertTriggerRow[],
  cause: AlertStopCause,
  now: Date,
  onRow?: ChannelHook,
): Promise<NotificationRow[]> {
  if (stops.length === 0) return [];
  return recordNotifications(
    tx,
    await alertNotificationEvents(tx, sensorId, stops, cause),
    now,
    onRow,
  );
}

/** A triggered, enabled rule of a sensor and the purifiers it drives at this moment. */
export interface TriggeredHold {
  rule: { id: string; measure: string; threshold: number; mode: string };
  purifierIds: string[];
}

/** The triggered, enabled rules of the sensor and whom each one drives now (before a change). */
export async function triggeredHolds(
  tx: Pick<Database, 'execute'>,
  sensorId: string,
): Promise<TriggeredHold[]> {
  const { rows } = await tx.execute<TriggeredHold['rule']>(sql`
    SELECT r.id, r.measure, r.threshold, r.mode FROM alert_rules r
      JOIN alert_rule_states s ON s.rule_id = r.id AND s.triggered
     WHERE r.sensor_id = ${sensorId} AND r.enabled
     ORDER BY r.created_at, r.id`);
  if (rows.length === 0) return [];
  const acting = await actingPurifiers(tx, sensorId);
  return rows.map((rule) => ({ rule, purifierIds: acting.get(rule.id) ?? [] }));
}

/**
 * The stops that unlinking purifiers from a sensor caused: for each rule that was triggered and
 * drove some of them, the ones whose mode the unlink gave back (`changed`; a purifier another
 * rule still holds is not released, so nothing stopped for it). Not history rows (the rule
 * itself stays triggered for the purifiers still linked): what the notifications tell.
 */
export function unlinkStops(
  sensorId: string,
  holds: TriggeredHold[],
  unlinked: string[],
  changed: PurifierRow[],
  now: Date,
): AlertTriggerRow[] {
  const released = new Set(changed.map((p) => p.id).filter((id) => unlinked.includes(id)));
  return holds.flatMap(({ rule, purifierIds }) => {
    const ids = purifierIds.filter((id) => released.has(id));
    if (ids.length === 0) return [];
    return [
      {
        id: ulid(),
        ruleId: rule.id,
        sensorId,
        kind: 'stop' as const,
        at: now,
        measure: rule.measure,
        value: null,
        threshold: rule.threshold,
        mode: rule.mode,
        purifierIds: ids,
        createdAt: now,
      },
    ];
  });
}
