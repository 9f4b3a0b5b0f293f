import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';
import { sensors } from './fleet.ts';

/** Alert rules, their runtime state, evaluation progress and history. */

/**
 * Alert rules: `measure > threshold → mode` on a sensor, acting on its linked purifiers. A rule
 * triggers once the measure stayed above `threshold` for `confirm_s` seconds and stops once it
 * stayed at or below `threshold - hysteresis` for as long (ISO class thresholds lie in 5..9).
 */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: text('id').primaryKey(),
    sensorId: text('sensor_id')
      .notNull()
      .references(() => sensors.id, { onDelete: 'cascade' }),
    measure: text('measure').notNull(),
    threshold: doublePrecision('threshold').notNull(),
    hysteresis: doublePrecision('hysteresis').notNull().default(0),
    mode: text('mode').notNull(),
    confirmS: integer('confirm_s').notNull().default(60),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('alert_rules_sensor_idx').on(t.sensorId),
    index('alert_rules_created_by_idx').on(t.createdBy),
    check('alert_rules_mode_check', sql`${t.mode} IN ('off', 'silence', 'auto', 'boost')`),
    check('alert_rules_confirm_check', sql`${t.confirmS} >= 0`),
    check('alert_rules_hysteresis_check', sql`${t.hysteresis} >= 0`),
    check(
      'alert_rules_iso_check',
      sql`${t.measure} <> 'iso' OR (${t.threshold} >= 5 AND ${t.threshold} <= 9)`,
    ),
  ],
);

/**
 * Runtime state of each rule, written by the worker only: triggered or not since `changed_at`,
 * and since which sample time the measure has been above (not triggered) or below the stop band
 * (triggered). `active_from`: samples at or before it (older than the rule's last enabling) are
 * not judged by this rule.
 */
export const alertRuleStates = pgTable('alert_rule_states', {
  ruleId: text('rule_id')
    .primaryKey()
    .references(() => alertRules.id, { onDelete: 'cascade' }),
  triggered: boolean('triggered').notNull().default(false),
  changedAt: timestamp('changed_at', { withTimezone: true }),
  aboveSince: timestamp('above_since', { withTimezone: true }),
  belowSince: timestamp('below_since', { withTimezone: true }),
  activeFrom: timestamp('active_from', { withTimezone: true }),
});

/**
 * Evaluation progress per sensor: every device sample of the sensor with `ts <= evaluated_until`
 * has been judged by its rules (exactly once: the cursor moves in the same transaction as the
 * states and the history). Locked FOR UPDATE while a worker evaluates the sensor.
 */
export const alertRuleProgress = pgTable('alert_rule_progress', {
  sensorId: text('sensor_id')
    .primaryKey()
    .references(() => sensors.id, { onDelete: 'cascade' }),
  evaluatedUntil: timestamp('evaluated_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * History of alert rules: every trigger and stop, at the time of the sample that caused it, with
 * the value, the rule's threshold and mode then, and the purifiers it acted on. Kept when the
 * rule is deleted (`rule_id` set null).
 */
export const alertTriggers = pgTable(
  'alert_triggers',
  {
    id: text('id').primaryKey(),
    ruleId: text('rule_id').references(() => alertRules.id, { onDelete: 'set null' }),
    sensorId: text('sensor_id')
      .notNull()
      .references(() => sensors.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'trigger' | 'stop'>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    measure: text('measure').notNull(),
    value: doublePrecision('value'),
    threshold: doublePrecision('threshold').notNull(),
    mode: text('mode').notNull(),
    purifierIds: text('purifier_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index('alert_triggers_sensor_idx').on(t.sensorId, t.at, t.id),
    check('alert_triggers_kind_check', sql`${t.kind} IN ('trigger', 'stop')`),
  ],
);
