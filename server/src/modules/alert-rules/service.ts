import {
  alertRuleInputSchema,
  defaultHysteresis,
  type AlertRule,
  type AlertRuleInput,
  type AlertRulePatch,
  type AlertTrigger,
} from '@aircloud/shared/alert-rules';
import type { HydraCollection } from '@aircloud/shared/jsonld';
import { sql } from 'drizzle-orm';
import { ulid } from '@aircloud/core/lib/ulid';
import type { AppContext } from '../../context.ts';
import type { Database } from '@aircloud/core/db/client';
import { alertTriggers } from '@aircloud/core/db/schema';
import { AppError, fieldError } from '@aircloud/core/errors';
import { hydraCollection } from '@aircloud/core/jsonld';
import {
  accessAllows,
  requireMachine,
  type MachineAction,
  type ReachedMachine,
} from '@aircloud/core/access/machine-access';
import { linkedPurifierIds } from '@aircloud/core/sensors/repository';
import type { UserRow } from '@aircloud/core/users/repository';
import { arbitratePurifiers } from '@aircloud/core/alert-rules/arbitration';
import { actingPurifiers, type Evaluation } from '@aircloud/core/alert-rules/evaluation';
import { announceAlerts } from '@aircloud/core/alert-rules/notify';
import { actorName, notifyUserStops } from '@aircloud/core/alert-rules/user-stop';
import type { AlertStopCause } from '@aircloud/core/notifications/events';
import { handOverNotifications } from '@aircloud/core/notifications/hand-over';
import {
  alertRulePresenter,
  alertTriggerPresenter,
  type RuleReach,
} from '@aircloud/core/alert-rules/presenter';
import {
  deleteRule,
  findRule,
  findTrigger,
  insertRule,
  listRules,
  listTriggers,
  purifierNames,
  resetRuleState,
  updateRule,
  type AlertRuleRow,
} from '@aircloud/core/alert-rules/repository';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type ReachedSensor = ReachedMachine<'sensor'>;

/** Saving or enabling a boost rule needs `confirm_noise: true` (the client asked the user). */
function requireNoiseConfirmation(
  rule: { mode: string; enabled: boolean },
  confirmNoise: boolean | undefined,
) {
  if (rule.mode === 'boost' && rule.enabled && confirmNoise !== true)
    throw fieldError('alert_rule_noise_confirmation', 'confirm_noise');
}

/**
 * Locks the sensor's evaluation cursor, as the worker does, so a change of rule never races an
 * evaluation of the same sensor.
 */
async function lockSensorEvaluation(tx: Tx, sensorId: string) {
  await tx.execute(sql`INSERT INTO alert_rule_progress (sensor_id, evaluated_until)
    VALUES (${sensorId}, NULL) ON CONFLICT DO NOTHING`);
  await tx.execute(sql`SELECT 1 FROM alert_rule_progress WHERE sensor_id = ${sensorId} FOR UPDATE`);
}

/**
 * Ends the hold of a triggered rule that is disabled, changed or deleted: a `stop` entry (now,
 * without a value), the purifiers' modes decided again, and the `alert_stopped` notifications
 * saying who stopped it and why, all in the caller's transaction.
 */
async function releaseRule(
  ctx: AppContext,
  tx: Tx,
  rule: AlertRuleRow,
  cause: AlertStopCause,
  now: Date,
): Promise<Evaluation> {
  const linked = await linkedPurifierIds(tx, rule.sensorId);
  const purifierIds = (await actingPurifiers(tx, rule.sensorId)).get(rule.id) ?? [];
  const triggers = await tx
    .insert(alertTriggers)
    .values({
      id: ulid(),
      ruleId: rule.id,
      sensorId: rule.sensorId,
      kind: 'stop',
      at: now,
      measure: rule.measure,
      value: null,
      threshold: rule.threshold,
      mode: rule.mode,
      purifierIds,
    })
    .returning();
  const changed = await arbitratePurifiers(tx, linked, now);
  const notifications = await notifyUserStops(
    tx,
    rule.sensorId,
    triggers,
    cause,
    now,
    ctx.notificationChannels,
  );
  return { samples: 0, triggers, changed, notifications };
}

/**
 * After the commit of a release: commands to the purifiers, the history entry to the browsers,
 * and the notifications to their channels (best effort: the change is committed).
 */
async function announceRelease(ctx: AppContext, sensorId: string, released: Evaluation) {
  try {
    await announceAlerts(ctx.db, ctx.io, sensorId, released.changed, released.triggers);
    await handOverNotifications(ctx, released.notifications ?? []);
  } catch (err) {
    ctx.logger.warn({ err, sensorId }, 'alert stop announcement failed (the change is committed)');
  }
}

/** A stop `user` caused, as its notifications name it. */
const causedBy = (user: UserRow, reason: AlertStopCause['reason']): AlertStopCause => ({
  reason,
  actor: { id: user.id, name: actorName(user) },
});

/** Whom the rules of a sensor drive now, and whether `user` manages the sensor. */
async function reachOf(db: Database, user: UserRow, sensor: ReachedSensor): Promise<RuleReach> {
  const linked = await linkedPurifierIds(db, sensor.row.id);
  const [names, acting] = await Promise.all([
    purifierNames(db, linked),
    actingPurifiers(db, sensor.row.id),
  ]);
  return {
    linked: new Map(linked.map((id) => [id, names.get(id) ?? id])),
    acting,
    manages: accessAllows(sensor.access, 'manage'),
    viewerId: user.id,
  };
}

/** A rule as answered to `user`, who reaches its sensor as `sensor` says. */
async function presentRule(
  ctx: AppContext,
  user: UserRow,
  sensor: ReachedSensor,
  row: AlertRuleRow,
): Promise<AlertRule> {
  return alertRulePresenter(row, await reachOf(ctx.db, user, sensor));
}

/** GET /api/sensors/{ulid}/alert_rules: every rule of the sensor, oldest first. */
export async function listAlertRules(
  ctx: AppContext,
  user: UserRow,
  sensorId: string,
): Promise<HydraCollection<AlertRule>> {
  const sensor = await requireMachine(ctx.db, user, 'sensor', sensorId, 'view');
  const [rows, reach] = await Promise.all([
    listRules(ctx.db, sensorId),
    reachOf(ctx.db, user, sensor),
  ]);
  return hydraCollection(
    `/api/sensors/${sensorId}/alert_rules`,
    'AlertRule',
    rows.map((row) => alertRulePresenter(row, reach)),
    rows.length,
    null,
  );
}

/** POST /api/sensors/{ulid}/alert_rules */
export async function createAlertRule(
  ctx: AppContext,
  user: UserRow,
  sensorId: string,
  input: AlertRuleInput,
): Promise<AlertRule> {
  const sensor = await requireMachine(ctx.db, user, 'sensor', sensorId, 'control');
  requireNoiseConfirmation(input, input.confirm_noise);
  const row = await ctx.db.transaction(async (tx) => {
    await lockSensorEvaluation(tx, sensorId);
    return insertRule(tx, {
      id: ulid(),
      sensorId,
      measure: input.measure,
      threshold: input.threshold,
      hysteresis: input.hysteresis ?? defaultHysteresis(input.measure, input.threshold),
      mode: input.mode,
      confirmS: input.confirm_s,
      enabled: input.enabled,
      createdBy: user.id,
    });
  });
  return presentRule(ctx, user, sensor, row);
}

/** The rule `id` and its sensor, once the sensor's guard let `user` do `action` (else 404/403). */
async function ruleFor(
  db: Database,
  user: UserRow,
  id: string,
  action: MachineAction,
): Promise<{ rule: AlertRuleRow; sensor: ReachedSensor }> {
  const rule = await findRule(db, id);
  if (!rule) throw new AppError(404, 'not_found');
  return { rule, sensor: await requireMachine(db, user, 'sensor', rule.sensorId, action) };
}

/** GET /api/alert_rules/{id}: one rule, to whoever views its sensor (its @id dereferences). */
export async function getAlertRule(ctx: AppContext, user: UserRow, id: string): Promise<AlertRule> {
  const { rule, sensor } = await ruleFor(ctx.db, user, id, 'view');
  return presentRule(ctx, user, sensor, rule);
}

/**
 * PATCH /api/alert_rules/{id} (merge-patch): the merged rule is checked again as a whole. A
 * change of condition or mode, or enabling it, starts its state afresh (judging new samples
 * only); a triggered rule that is changed or disabled releases its purifiers first.
 */
export async function patchAlertRule(
  ctx: AppContext,
  user: UserRow,
  id: string,
  patch: AlertRulePatch,
): Promise<AlertRule> {
  const { rule: current, sensor } = await ruleFor(ctx.db, user, id, 'control');
  const merged = alertRuleInputSchema.parse({
    measure: patch.measure ?? current.measure,
    threshold: patch.threshold ?? current.threshold,
    hysteresis:
      patch.hysteresis ??
      (patch.measure !== undefined || patch.threshold !== undefined
        ? undefined
        : current.hysteresis),
    mode: patch.mode ?? current.mode,
    confirm_s: patch.confirm_s ?? current.confirmS,
    enabled: patch.enabled ?? current.enabled,
  });
  requireNoiseConfirmation(merged, patch.confirm_noise);
  const hysteresis = merged.hysteresis ?? defaultHysteresis(merged.measure, merged.threshold);
  const now = new Date();
  const { row, released } = await ctx.db.transaction(async (tx) => {
    await lockSensorEvaluation(tx, current.sensorId);
    const rule = (await findRule(tx, id, true)) ?? current;
    const changed =
      rule.measure !== merged.measure ||
      rule.threshold !== merged.threshold ||
      rule.hysteresis !== hysteresis ||
      rule.mode !== merged.mode ||
      rule.confirmS !== merged.confirm_s ||
      rule.enabled !== merged.enabled;
    await updateRule(tx, id, {
      measure: merged.measure,
      threshold: merged.threshold,
      hysteresis,
      mode: merged.mode,
      confirmS: merged.confirm_s,
      enabled: merged.enabled,
    });
    let released: Evaluation | null = null;
    if (changed) {
      await resetRuleState(tx, rule);
      if (rule.enabled && rule.triggered)
        released = await releaseRule(
          ctx,
          tx,
          rule,
          causedBy(user, merged.enabled ? 'edited' : 'disabled'),
          now,
        );
    }
    return { row: (await findRule(tx, id))!, released };
  });
  if (released) await announceRelease(ctx, row.sensorId, released);
  return presentRule(ctx, user, sensor, row);
}

/**
 * DELETE /api/alert_rules/{id}: a triggered rule releases its purifiers; its history stays. A
 * share deletes only the rules its user created; the others are the owner's (403).
 */
export async function deleteAlertRule(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const { rule: current, sensor } = await ruleFor(ctx.db, user, id, 'control');
  // A share deletes the rules it created; the others are the owner's.
  if (current.createdBy !== user.id && !accessAllows(sensor.access, 'manage'))
    throw new AppError(403, 'forbidden');
  const released = await ctx.db.transaction(async (tx) => {
    await lockSensorEvaluation(tx, current.sensorId);
    const rule = await findRule(tx, id, true);
    if (!rule) return null;
    let release: Evaluation | null = null;
    if (rule.enabled && rule.triggered) {
      await resetRuleState(tx, rule);
      release = await releaseRule(ctx, tx, rule, causedBy(user, 'deleted'), new Date());
    }
    await deleteRule(tx, id);
    return release;
  });
  if (released) await announceRelease(ctx, current.sensorId, released);
}

/** GET /api/sensors/{ulid}/alert_triggers: the history, newest first, 20 per page. */
/** GET /api/alert_triggers/{id}: one history entry, to whoever views its sensor (its @id). */
export async function getAlertTrigger(
  ctx: AppContext,
  user: UserRow,
  id: string,
): Promise<AlertTrigger> {
  const row = await findTrigger(ctx.db, id);
  if (!row) throw new AppError(404, 'not_found');
  await requireMachine(ctx.db, user, 'sensor', row.sensorId, 'view');
  return alertTriggerPresenter(row, await purifierNames(ctx.db, row.purifierIds));
}

export async function listAlertTriggers(
  ctx: AppContext,
  user: UserRow,
  sensorId: string,
  page: number,
): Promise<HydraCollection<AlertTrigger>> {
  await requireMachine(ctx.db, user, 'sensor', sensorId, 'view');
  const { rows, total } = await listTriggers(ctx.db, sensorId, page);
  const names = await purifierNames(ctx.db, [...new Set(rows.flatMap((r) => r.purifierIds))]);
  return hydraCollection(
    `/api/sensors/${sensorId}/alert_triggers`,
    'AlertTrigger',
    rows.map((r) => alertTriggerPresenter(r, names)),
    total,
    { page },
  );
}
