import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { pageOffset } from '../db/sql.ts';
import {
  alertRuleProgress,
  alertRules,
  alertRuleStates,
  alertTriggers,
  purifiers,
} from '../db/schema/index.ts';

/** A rule as stored, with its runtime state. */
export type AlertRuleRow = typeof alertRules.$inferSelect & {
  triggered: boolean;
  changedAt: Date | null;
};
export type AlertRuleValues = Partial<typeof alertRules.$inferInsert>;
export type AlertTriggerRow = typeof alertTriggers.$inferSelect;
type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

const withState = {
  id: alertRules.id,
  sensorId: alertRules.sensorId,
  measure: alertRules.measure,
  threshold: alertRules.threshold,
  hysteresis: alertRules.hysteresis,
  mode: alertRules.mode,
  confirmS: alertRules.confirmS,
  enabled: alertRules.enabled,
  createdBy: alertRules.createdBy,
  createdAt: alertRules.createdAt,
  updatedAt: alertRules.updatedAt,
  triggered: sql<boolean>`coalesce(${alertRuleStates.triggered}, false)`,
  changedAt: alertRuleStates.changedAt,
};

/** The rules of a sensor, oldest first, with their state. */
export async function listRules(db: Executor, sensorId: string): Promise<AlertRuleRow[]> {
  return db
    .select(withState)
    .from(alertRules)
    .leftJoin(alertRuleStates, eq(alertRuleStates.ruleId, alertRules.id))
    .where(eq(alertRules.sensorId, sensorId))
    .orderBy(asc(alertRules.createdAt), asc(alertRules.id));
}

/** One rule with its state, locked until the transaction ends when `lock` is set. */
export async function findRule(
  db: Executor,
  id: string,
  lock = false,
): Promise<AlertRuleRow | undefined> {
  const query = db
    .select(withState)
    .from(alertRules)
    .leftJoin(alertRuleStates, eq(alertRuleStates.ruleId, alertRules.id))
    .where(eq(alertRules.id, id))
    .limit(1);
  const [row] = await (lock ? query.for('update', { of: alertRules }) : query);
  return row;
}

/**
 * The time of the sensor's latest device sample (imported rows do not count), or -infinity: a
 * rule enabled now judges only the samples after it.
 */
const latestDeviceSample = (sensorId: string) =>
  sql`coalesce((SELECT max(ts) FROM sensor_measures
    WHERE sensor_id = ${sensorId} AND batch_id IS NOT NULL), '-infinity'::timestamptz)`;

/**
 * Creates a rule with a fresh state (judging samples after the latest one stored) and makes sure
 * the sensor has its evaluation cursor.
 */
export async function insertRule(
  db: Executor,
  values: typeof alertRules.$inferInsert,
): Promise<AlertRuleRow> {
  const [rule] = await db.insert(alertRules).values(values).returning();
  await db
    .insert(alertRuleStates)
    .values({ ruleId: rule!.id, activeFrom: latestDeviceSample(rule!.sensorId) });
  await db
    .insert(alertRuleProgress)
    .values({ sensorId: rule!.sensorId, evaluatedUntil: latestDeviceSample(rule!.sensorId) })
    .onConflictDoNothing();
  return { ...rule!, triggered: false, changedAt: null };
}

/** Updates a rule's settings. */
export async function updateRule(db: Executor, id: string, values: AlertRuleValues) {
  await db
    .update(alertRules)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(alertRules.id, id));
}

/**
 * Starts the rule's state afresh (not triggered, no pending run), judging only samples after the
 * sensor's latest one: after it was enabled again or its condition changed.
 */
export async function resetRuleState(db: Executor, rule: { id: string; sensorId: string }) {
  await db
    .update(alertRuleStates)
    .set({
      triggered: false,
      aboveSince: null,
      belowSince: null,
      activeFrom: latestDeviceSample(rule.sensorId),
    })
    .where(eq(alertRuleStates.ruleId, rule.id));
}

/** Deletes a rule (its history stays, without the link). */
export async function deleteRule(db: Executor, id: string): Promise<void> {
  await db.delete(alertRules).where(eq(alertRules.id, id));
}

/** One entry of a history, by id. */
export async function findTrigger(db: Executor, id: string): Promise<AlertTriggerRow | undefined> {
  const [row] = await db.select().from(alertTriggers).where(eq(alertTriggers.id, id));
  return row;
}

/** One page of a sensor's history, newest first, and the total. */
export async function listTriggers(
  db: Executor,
  sensorId: string,
  page: number,
): Promise<{ rows: AlertTriggerRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(alertTriggers)
      .where(eq(alertTriggers.sensorId, sensorId))
      .orderBy(desc(alertTriggers.at), desc(alertTriggers.id))
      .limit(20)
      .offset(pageOffset(page)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(alertTriggers)
      .where(eq(alertTriggers.sensorId, sensorId)),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Names of purifiers by id (for the history, which keeps ids). */
export async function purifierNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: purifiers.id, name: purifiers.name })
    .from(purifiers)
    .where(inArray(purifiers.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Whether the sensor has at least one enabled rule. */
export async function hasEnabledRules(db: Executor, sensorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: alertRules.id })
    .from(alertRules)
    .where(and(eq(alertRules.sensorId, sensorId), eq(alertRules.enabled, true)))
    .limit(1);
  return row !== undefined;
}
