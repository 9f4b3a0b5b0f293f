import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { arbitratePurifiers } from '../alert-rules/arbitration.ts';
import { nextDesired } from '../purifiers/desired-state.ts';
import { findPurifier, updatePurifier, type PurifierRow } from '../purifiers/repository.ts';
import { controlsPurifierSql, linkActsSql } from './grants.ts';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Where access just changed: machines whose grants changed, users whose rights changed. */
export interface ControlScope {
  purifiers?: readonly string[];
  sensors?: readonly string[];
  users?: readonly string[];
}

/** A sensor link removed because its author lost control of the purifier or the sensor. */
export interface RemovedLink {
  sensorId: string;
  purifierId: string;
  linkedBy: string | null;
}

/** What settling did, to announce once committed. */
export interface Settled {
  /** Purifiers whose desired state changed (rule holds released, schedules removed). */
  changed: PurifierRow[];
  removedLinks: RemovedLink[];
}

const textArray = (ids: readonly string[]) => sql`${sql.param([...ids])}::text[]`;

/** The purifiers a change of access in `scope` can affect. */
export async function affectedPurifiers(tx: Executor, scope: ControlScope): Promise<string[]> {
  const purifiers = scope.purifiers ?? [];
  const sensors = scope.sensors ?? [];
  const users = scope.users ?? [];
  if (sensors.length + users.length === 0) return [...new Set(purifiers)];
  const { rows } = await tx.execute<{ id: string }>(sql`
    SELECT sp.purifier_id AS id FROM sensor_purifiers sp
     WHERE sp.sensor_id = ANY(${textArray(sensors)}) OR sp.linked_by = ANY(${textArray(users)})
    UNION
    SELECT sp.purifier_id FROM alert_rules r JOIN sensor_purifiers sp ON sp.sensor_id = r.sensor_id
     WHERE r.created_by = ANY(${textArray(users)})
    UNION
    SELECT id FROM purifiers
     WHERE user_id = ANY(${textArray(users)}) OR schedule_set_by = ANY(${textArray(users)})`);
  return [...new Set([...purifiers, ...rows.map((r) => r.id)])];
}

/**
 * Ends what derived from access that just ended, inside the transaction of the change (an
 * invitation revoked or left, machines taken out of a share, a purifier removed or unlinked, a
 * user disabled or deleted): sensor links whose author no longer has the grant are removed,
 * schedules whose author no longer has it are taken off, and every affected purifier's mode is
 * decided again, so a rule whose author lost control releases its hold at once. Idempotent: it
 * reads the state as it is now, whatever the change was.
 */
export async function settleControl(
  tx: Executor,
  scope: ControlScope,
  now: Date = new Date(),
): Promise<Settled> {
  const purifierIds = await affectedPurifiers(tx, scope);
  const sensorIds = scope.sensors ?? [];
  if (purifierIds.length + sensorIds.length === 0) return { changed: [], removedLinks: [] };

  const { rows: removed } = await tx.execute<{
    sensor_id: string;
    purifier_id: string;
    linked_by: string | null;
  }>(sql`
    DELETE FROM sensor_purifiers sp
     WHERE (sp.purifier_id = ANY(${textArray(purifierIds)})
            OR sp.sensor_id = ANY(${textArray(sensorIds)}))
       AND (sp.linked_by IS NULL OR NOT ${linkActsSql('sp', 'grant')})
    RETURNING sp.sensor_id, sp.purifier_id, sp.linked_by`);

  const changed = new Map<string, PurifierRow>();
  const { rows: orphanSchedules } = await tx.execute<{ id: string }>(sql`
    SELECT p.id FROM purifiers p
     WHERE p.id = ANY(${textArray(purifierIds)})
       AND jsonb_typeof(p.desired -> 'schedule') = 'object'
       AND (p.schedule_set_by IS NULL
            OR NOT ${controlsPurifierSql(sql`p.schedule_set_by`, sql`p.id`, 'grant')})
     ORDER BY p.id`);
  for (const { id } of orphanSchedules) {
    const row = await findPurifier(tx, id, true);
    if (!row?.desired.schedule) continue;
    const desired = nextDesired(row.desired, { schedule: null }, now, row.desired.source);
    changed.set(
      id,
      await updatePurifier(tx, id, { desired, scheduleSetBy: null, lastScheduleSlotAt: null }),
    );
  }

  const linked = removed.map((r) => r.purifier_id);
  for (const row of await arbitratePurifiers(tx, [...purifierIds, ...linked], now))
    changed.set(row.id, row);
  return {
    changed: [...changed.values()],
    removedLinks: removed.map((r) => ({
      sensorId: r.sensor_id,
      purifierId: r.purifier_id,
      linkedBy: r.linked_by,
    })),
  };
}
