import { sql } from 'drizzle-orm';
import type { PurifierMode } from '@aircloud/shared/purifiers';
import { strongestMode } from '@aircloud/shared/alert-rules';
import type { Database } from '../db/client.ts';
import { ruleActsSql } from '../access/grants.ts';
import { ruleDesired } from '../purifiers/desired-state.ts';
import { findPurifier, updatePurifier, type PurifierRow } from '../purifiers/repository.ts';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

/**
 * The modes of the triggered, enabled rules of every sensor linked to the purifier that may
 * drive it now: the link's author and the rule's author still control it (ruleActsSql), asked
 * at the moment the mode is decided, not when the rule or the link was made.
 */
async function triggeredModes(db: Executor, purifierId: string): Promise<PurifierMode[]> {
  const { rows } = await db.execute<{ mode: PurifierMode }>(sql`
    SELECT DISTINCT r.mode FROM alert_rules r
      JOIN alert_rule_states s ON s.rule_id = r.id AND s.triggered
      JOIN sensor_purifiers sp ON sp.sensor_id = r.sensor_id
     WHERE sp.purifier_id = ${purifierId} AND r.enabled AND ${ruleActsSql('r', 'sp')}`);
  return rows.map((r) => r.mode);
}

/**
 * Sets the desired mode of each purifier from the rules acting on it, inside the caller's
 * transaction: the strongest triggered mode (boost > auto > silence > off), or, when none holds,
 * what the schedule or the user had set. Each purifier is locked first (in id order, so two
 * evaluations never deadlock) and only then are the states read, so the last of two concurrent
 * evaluations sees the other's committed triggers. Answers the purifiers that changed.
 */
export async function arbitratePurifiers(
  tx: Executor,
  purifierIds: Iterable<string>,
  now: Date,
): Promise<PurifierRow[]> {
  const changed: PurifierRow[] = [];
  for (const id of [...new Set(purifierIds)].sort()) {
    const row = await findPurifier(tx, id, true);
    if (!row) continue;
    const desired = ruleDesired(row.desired, strongestMode(await triggeredModes(tx, id)), now);
    if (desired) changed.push(await updatePurifier(tx, id, { desired }));
  }
  return changed;
}

/**
 * Decides again every purifier a rule holds (`desired.base` set), one transaction each: a hold
 * whose rules are gone without a stop (sensor unlinked or deleted, rules deleted with it) is
 * released. Run by the periodic sweep; answers the purifiers that changed.
 */
export async function rearbitrateHeldPurifiers(db: Database, now: Date): Promise<PurifierRow[]> {
  const { rows } = await db.execute<{ id: string }>(
    sql`SELECT id FROM purifiers WHERE jsonb_typeof(desired -> 'base') = 'object'`,
  );
  const changed: PurifierRow[] = [];
  for (const { id } of rows)
    changed.push(...(await db.transaction((tx) => arbitratePurifiers(tx, [id], now))));
  return changed;
}
