import { and, eq, inArray, sql } from 'drizzle-orm';
import { GRAPH_MEASURES } from '@aircloud/shared/sensors';
import { ulid } from '../lib/ulid.ts';
import type { Database } from '../db/client.ts';
import { alertRules, alertTriggers } from '../db/schema/index.ts';
import type { PurifierRow } from '../purifiers/repository.ts';
import { linkedPurifierIds } from '../sensors/repository.ts';
import { ruleActsSql } from '../access/grants.ts';
import { alertNotificationEvents } from '../notifications/events.ts';
import {
  recordNotifications,
  type ChannelHook,
  type NotificationRow,
} from '../notifications/record.ts';
import { arbitratePurifiers } from './arbitration.ts';
import type { AlertTriggerRow } from './repository.ts';
import { judgeSample, type RuleState } from './rule-state.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What one evaluation did, to announce once committed. */
export interface Evaluation {
  /** Device samples judged. */
  samples: number;
  /** Triggers and stops recorded (history rows). */
  triggers: AlertTriggerRow[];
  /** Purifiers whose desired mode changed. */
  changed: PurifierRow[];
  /** Notifications recorded with the history rows (same transaction), to announce. */
  notifications?: NotificationRow[];
}

type RuleRow = {
  id: string;
  measure: string;
  threshold: number;
  hysteresis: number;
  mode: string;
  confirm_s: number;
  triggered: boolean;
  above_ms: number | null;
  below_ms: number | null;
  active_from_ms: number;
};

/**
 * The purifiers each enabled rule of the sensor drives now (linked, and its author and the
 * link's author control them: ruleActsSql), in link order: what a history entry names.
 */
export async function actingPurifiers(
  tx: Pick<Database, 'execute'>,
  sensorId: string,
): Promise<Map<string, string[]>> {
  const { rows } = await tx.execute<{ rule_id: string; purifier_id: string }>(sql`
    SELECT r.id AS rule_id, sp.purifier_id FROM alert_rules r
      JOIN sensor_purifiers sp ON sp.sensor_id = r.sensor_id
     WHERE r.sensor_id = ${sensorId} AND ${ruleActsSql('r', 'sp')}
     ORDER BY sp.created_at, sp.purifier_id`);
  const acting = new Map<string, string[]>();
  for (const row of rows)
    acting.set(row.rule_id, [...(acting.get(row.rule_id) ?? []), row.purifier_id]);
  return acting;
}

/** Samples judged per transaction: a long catch-up commits its progress page by page. */
const PAGE = 2000;

/**
 * Locks the sensor's evaluation cursor (FOR UPDATE: one evaluation of a sensor at a time,
 * whatever the number of workers) and takes a sensor with no cursor or no enabled rule as done.
 */
async function lockedRules(tx: Tx, sensorId: string) {
  const { rows: progress } = await tx.execute<{ until_ms: number | null }>(sql`
    SELECT (extract(epoch FROM evaluated_until) * 1000)::float8 AS until_ms
      FROM alert_rule_progress WHERE sensor_id = ${sensorId} FOR UPDATE`);
  if (progress.length === 0) return null;
  const { rows: rules } = await tx.execute<RuleRow>(sql`
    SELECT r.id, r.measure, r.threshold, r.hysteresis, r.mode, r.confirm_s,
           s.triggered,
           (extract(epoch FROM s.above_since) * 1000)::float8 AS above_ms,
           (extract(epoch FROM s.below_since) * 1000)::float8 AS below_ms,
           coalesce((extract(epoch FROM s.active_from) * 1000)::float8, '-Infinity') AS active_from_ms
      FROM alert_rules r JOIN alert_rule_states s ON s.rule_id = r.id
     WHERE r.sensor_id = ${sensorId} AND r.enabled
     ORDER BY r.created_at, r.id`);
  return rules.length === 0 ? null : { untilMs: progress[0]!.until_ms, rules };
}

/**
 * Judges the next page of the sensor's device samples (never imported rows: `batch_id` NULL),
 * in time order from the cursor, in ONE transaction: rule states, history rows, the purifiers'
 * desired modes and the cursor move together, so each sample is judged exactly once even when
 * the worker dies midway. A sample older than the cursor when it arrives (posted late, after
 * newer ones were judged) is stored but never judged: the rules already decided past it.
 */
async function evaluatePage(
  db: Database,
  sensorId: string,
  now: () => Date,
  onNotification?: ChannelHook,
): Promise<Evaluation & { more: boolean }> {
  return db.transaction(async (tx) => {
    const none = { samples: 0, triggers: [], changed: [], notifications: [], more: false };
    const locked = await lockedRules(tx, sensorId);
    if (!locked) return none;
    const { rules } = locked;
    const fromMs = Math.max(
      locked.untilMs ?? -Infinity,
      Math.min(...rules.map((r) => r.active_from_ms)),
    );
    const measures = [...new Set(rules.map((r) => r.measure))].filter((m) =>
      (GRAPH_MEASURES as readonly string[]).includes(m),
    );
    const from = Number.isFinite(fromMs) ? new Date(fromMs) : null;
    const { rows: samples } = await tx.execute<Record<string, number | null> & { ms: number }>(sql`
      SELECT (extract(epoch FROM ts) * 1000)::float8 AS ms, ${sql.raw(measures.join(', '))}
        FROM sensor_measures
       WHERE sensor_id = ${sensorId} AND batch_id IS NOT NULL
         ${from ? sql`AND ts > ${from}` : sql``}
       ORDER BY ts LIMIT ${PAGE}`);
    if (samples.length === 0) {
      // Nothing after the cursor but rules enabled later: start from them (the sweep then
      // does not look at this sensor again for samples no rule judges).
      if (from && (locked.untilMs === null || fromMs > locked.untilMs))
        await tx.execute(sql`UPDATE alert_rule_progress SET evaluated_until = ${from}
          WHERE sensor_id = ${sensorId}`);
      return none;
    }

    const states = new Map<string, RuleState>(
      rules.map((r) => [
        r.id,
        {
          triggered: r.triggered,
          aboveSince: r.above_ms === null ? null : new Date(r.above_ms),
          belowSince: r.below_ms === null ? null : new Date(r.below_ms),
        },
      ]),
    );
    const transitions: Omit<AlertTriggerRow, 'purifierIds' | 'createdAt'>[] = [];
    for (const sample of samples) {
      const at = new Date(sample.ms);
      for (const rule of rules) {
        if (sample.ms <= rule.active_from_ms) continue;
        const value = sample[rule.measure];
        const kind = judgeSample(
          states.get(rule.id)!,
          { threshold: rule.threshold, hysteresis: rule.hysteresis, confirmS: rule.confirm_s },
          at,
          value,
        );
        if (kind)
          transitions.push({
            id: ulid(),
            ruleId: rule.id,
            sensorId,
            kind,
            at,
            measure: rule.measure,
            value: value ?? null,
            threshold: rule.threshold,
            mode: rule.mode,
          });
      }
    }

    for (const rule of rules) {
      const s = states.get(rule.id)!;
      if (
        s.triggered === rule.triggered &&
        (s.aboveSince?.getTime() ?? null) === rule.above_ms &&
        (s.belowSince?.getTime() ?? null) === rule.below_ms
      )
        continue;
      const last = transitions.findLast((t) => t.ruleId === rule.id);
      await tx.execute(sql`
        UPDATE alert_rule_states SET triggered = ${s.triggered}, above_since = ${s.aboveSince},
               below_since = ${s.belowSince}, changed_at = coalesce(${last?.at ?? null}, changed_at)
         WHERE rule_id = ${rule.id}`);
    }

    let triggers: AlertTriggerRow[] = [];
    let changed: PurifierRow[] = [];
    let notified: NotificationRow[] = [];
    if (transitions.length > 0) {
      const acting = await actingPurifiers(tx, sensorId);
      triggers = await tx
        .insert(alertTriggers)
        .values(transitions.map((t) => ({ ...t, purifierIds: acting.get(t.ruleId!) ?? [] })))
        .returning();
      changed = await arbitratePurifiers(tx, await linkedPurifierIds(tx, sensorId), now());
      // The notifications of these triggers and stops commit with them (outbox).
      notified = await recordNotifications(
        tx,
        await alertNotificationEvents(tx, sensorId, triggers),
        now(),
        onNotification,
      );
    }
    const lastMs = samples.at(-1)!.ms;
    await tx.execute(sql`
      UPDATE alert_rule_progress SET evaluated_until = ${new Date(lastMs)}, updated_at = now()
       WHERE sensor_id = ${sensorId}`);
    return {
      samples: samples.length,
      triggers,
      changed,
      notifications: notified,
      more: samples.length === PAGE,
    };
  });
}

/**
 * Evaluates every device sample of a sensor not judged yet against its enabled rules, in time
 * order, page by page; `onPage` announces each committed page (commands, notifications);
 * `onNotification` hands each recorded notification to its other channels (in the transaction).
 */
export async function evaluateSensor(
  db: Database,
  sensorId: string,
  onPage: (page: Evaluation) => Promise<void> | void = () => undefined,
  now: () => Date = () => new Date(),
  onNotification?: ChannelHook,
): Promise<Evaluation> {
  const total: Required<Evaluation> = { samples: 0, triggers: [], changed: [], notifications: [] };
  for (;;) {
    const page = await evaluatePage(db, sensorId, now, onNotification);
    total.samples += page.samples;
    total.triggers.push(...page.triggers);
    total.changed.push(...page.changed);
    total.notifications.push(...(page.notifications ?? []));
    if (page.triggers.length > 0 || page.changed.length > 0) await onPage(page);
    if (!page.more) return total;
  }
}

/** The sensors among `sensorIds` that have at least one enabled rule. */
export async function sensorsWithRules(db: Database, sensorIds: string[]): Promise<string[]> {
  if (sensorIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ sensorId: alertRules.sensorId })
    .from(alertRules)
    .where(and(eq(alertRules.enabled, true), inArray(alertRules.sensorId, sensorIds)));
  return rows.map((r) => r.sensorId);
}

/**
 * The sensors with enabled rules and device samples after their cursor: what a lost `samples`
 * job (Redis down, job failed for good) left behind, for the periodic sweep.
 */
export async function sensorsBehind(db: Database, limit = 500): Promise<string[]> {
  const { rows } = await db.execute<{ sensor_id: string }>(sql`
    SELECT p.sensor_id FROM alert_rule_progress p
     WHERE EXISTS (SELECT 1 FROM alert_rules r WHERE r.sensor_id = p.sensor_id AND r.enabled)
       AND EXISTS (SELECT 1 FROM sensor_measures m
                    WHERE m.sensor_id = p.sensor_id AND m.batch_id IS NOT NULL
                      AND (p.evaluated_until IS NULL OR m.ts > p.evaluated_until))
     LIMIT ${limit}`);
  return rows.map((r) => r.sensor_id);
}
