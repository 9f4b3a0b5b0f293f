import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { AlertTriggerRow } from '../alert-rules/repository.ts';
import type { NotificationEventInput } from './record.ts';

type Executor = Pick<Database, 'execute'>;

/**
 * The notification events of alert-rule history rows (triggers and stops): measure, value,
 * threshold, mode applied and purifiers, about the sensor; one per history row (its id is the
 * dedupe key), throttled per rule.
 */
export async function alertNotificationEvents(
  tx: Executor,
  sensorId: string,
  triggers: AlertTriggerRow[],
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
    ...(t.ruleId ? { throttleKey: `rule:${t.ruleId}` } : {}),
    payload: {
      machine_name: sensor[0]?.name ?? '',
      rule_ulid: t.ruleId,
      measure: t.measure,
      value: t.value,
      threshold: t.threshold,
      mode: t.mode,
      purifiers: t.purifierIds.map((id) => ({ ulid: id, name: names.get(id) ?? '' })),
    },
  }));
}
