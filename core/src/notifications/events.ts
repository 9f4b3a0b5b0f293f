import { sql } from 'drizzle-orm';
import type { AlertStopReason } from '@aircloud/shared/notifications';
import type { Database } from '../db/client.ts';
import type { AlertTriggerRow } from '../alert-rules/repository.ts';
import type { NotificationEventInput } from './record.ts';

type Executor = Pick<Database, 'execute'>;

/** A stop a user's change caused: why, and who (their name as it is now). */
export interface AlertStopCause {
  reason: AlertStopReason;
  actor: { id: string; name: string };
}

/**
 * The notification events of alert-rule history rows (triggers and stops): measure, value,
 * threshold, mode applied and purifiers, about the sensor; one per history row (its id is the
 * dedupe key), throttled per rule. A stop a user caused (`cause`) says why and by whom, and is
 * never held back by flapping control: it answers the user's own action.
 */
export async function alertNotificationEvents(
  tx: Executor,
  sensorId: string,
  triggers: AlertTriggerRow[],
  cause?: AlertStopCause,
): Promise<NotificationEventInput[]> {
  if (triggers.length === 0) return [];
  const ids = [...new Set(triggers.flatMap((t) => t.purifierIds))];
  const { rows: sensor } = await tx.execute<{ name: string }>(
    sql`SELECT name FROM sensors WHERE id = ${sensorId}`,
  );
  const names = new Map<string, string>();
  if (ids.length > 0) {
    const { rows } = await tx.execute<{ id: string; name: string }>(
      sql`SELECT id, name FROM purifiers WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    for (const row of rows) names.set(row.id, row.name);
  }
  return triggers.map((t) => ({
    type: t.kind === 'trigger' ? 'alert_triggered' : 'alert_stopped',
    machine: { kind: 'sensor', id: sensorId },
    dedupeKey: `alert:${t.id}`,
    at: t.at,
    ...(t.ruleId && !cause ? { throttleKey: `rule:${t.ruleId}` } : {}),
    payload: {
      machine_name: sensor[0]?.name ?? '',
      rule_ulid: t.ruleId,
      measure: t.measure,
      value: t.value,
      threshold: t.threshold,
      mode: t.mode,
      purifiers: t.purifierIds.map((id) => ({ ulid: id, name: names.get(id) ?? '' })),
      ...(cause
        ? { reason: cause.reason, stopped_by: { ulid: cause.actor.id, name: cause.actor.name } }
        : {}),
    },
  }));
}
