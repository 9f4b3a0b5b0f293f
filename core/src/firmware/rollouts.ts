import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { ulid } from '../lib/ulid.ts';
import { compareFirmwareVersions } from '@aircloud/shared/firmware';
import type {
  DesiredFirmware,
  FirmwareReport,
  RolloutCreate,
  RolloutDeviceStatus,
  RolloutPauseReason,
  RolloutProgress,
  RolloutStage,
} from '@aircloud/shared/firmware-rollouts';
import { ROLLOUT_DEVICE_STATUSES } from '@aircloud/shared/firmware-rollouts';
import type { ProductKeyModel } from '@aircloud/shared/product-keys';
import type { Violation } from '@aircloud/shared/errors';
import type { Database } from '../db/client.ts';
import { firmwareRolloutDevices, firmwareRollouts, purifiers } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { recordAudit, type AuditActor } from '../audit/record.ts';
import { nextDesired } from '../purifiers/desired-state.ts';
import type { PurifierRow } from '../purifiers/repository.ts';
import { pushPurifier } from '../purifiers/push.ts';
import type { RealtimeServer } from '../realtime/emitter.ts';

/**
 * Firmware rollouts (issue 21), the one owner of their rules. A rollout writes
 * `desired.firmware` into its purifiers in stages: the canary first (a share of them, at least
 * one), then the rest, `wave_size` at most in progress at once. A purifier succeeds when it
 * reports the firmware's version as its `soft_version`; it fails when it reports `firmware
 * {status: failed, reason}` or stays silent past its deadline (timed out); either way its
 * desired firmware is withdrawn so it stops retrying. When the canary has finished, its success
 * rate must reach the threshold for the rest to start (else the rollout pauses); whenever a
 * purifier fails and the failed share of those sent passes the maximum, the rollout pauses.
 * A person may pause, resume (a paused canary under its threshold then goes on to the rest) or
 * abort (what is in progress is withdrawn; what succeeded stays).
 *
 * Every function here runs in the caller's transaction and answers the purifier rows whose
 * desired state changed: the caller tells the devices once the transaction has committed.
 */

type Tx = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;
export type RolloutRow = typeof firmwareRollouts.$inferSelect;
export type RolloutDeviceRow = typeof firmwareRolloutDevices.$inferSelect;

/** The statuses of a purifier still to be decided (one active rollout per purifier). */
const OPEN: RolloutDeviceStatus[] = ['pending', 'in_progress'];

/** The firmware a rollout sends, as the rollout copied it. */
export interface RolloutFirmware {
  id: string;
  name: string;
  version: string;
  models: ProductKeyModel[];
  sha256: string;
  size: number;
  /** Absolute public download URL. */
  url: string;
}

/** What a write of this module changed: the purifiers whose desired state the devices need. */
export interface RolloutEffects {
  purifiers: PurifierRow[];
}

const violation = (propertyPath: string, code: string): Violation => ({
  propertyPath,
  code,
  message: '',
});

/** An empty count of every status. */
export function emptyProgress(): RolloutProgress {
  return {
    total: 0,
    ...(Object.fromEntries(ROLLOUT_DEVICE_STATUSES.map((s) => [s, 0])) as Record<
      RolloutDeviceStatus,
      number
    >),
  };
}

/** How many purifiers of the canary, at least one, never more than there are. */
export function canarySize(total: number, percent: number): number {
  if (total === 0) return 0;
  return Math.min(total, Math.max(1, Math.ceil((total * percent) / 100)));
}

/** Failed and timed out, in percent of the purifiers sent (0 when none was sent). */
export function failureRate(progress: RolloutProgress): number {
  const sent = progress.total - progress.pending - progress.cancelled;
  if (sent <= 0) return 0;
  return ((progress.failed + progress.timed_out) / sent) * 100;
}

/** Succeeded in percent of the canary (0 for an empty canary). */
function successRate(canary: RolloutProgress): number {
  return canary.total === 0 ? 0 : (canary.succeeded / canary.total) * 100;
}

/** Counts of a rollout's purifiers by stage and status (index-only on the progress index). */
export async function rolloutProgress(
  tx: Pick<Database, 'select'>,
  rolloutIds: string[],
): Promise<Map<string, { all: RolloutProgress; canary: RolloutProgress }>> {
  const result = new Map<string, { all: RolloutProgress; canary: RolloutProgress }>();
  for (const id of rolloutIds) result.set(id, { all: emptyProgress(), canary: emptyProgress() });
  if (rolloutIds.length === 0) return result;
  const rows = await tx
    .select({
      rolloutId: firmwareRolloutDevices.rolloutId,
      stage: firmwareRolloutDevices.stage,
      status: firmwareRolloutDevices.status,
      n: sql<number>`count(*)::int`,
    })
    .from(firmwareRolloutDevices)
    .where(inArray(firmwareRolloutDevices.rolloutId, rolloutIds))
    .groupBy(
      firmwareRolloutDevices.rolloutId,
      firmwareRolloutDevices.stage,
      firmwareRolloutDevices.status,
    );
  for (const row of rows) {
    const entry = result.get(row.rolloutId)!;
    entry.all[row.status] += row.n;
    entry.all.total += row.n;
    if (row.stage === 'canary') {
      entry.canary[row.status] += row.n;
      entry.canary.total += row.n;
    }
  }
  return result;
}

/** The purifiers a new rollout updates, checked; violations name the `purifiers` field. */
async function targetsOf(
  tx: Tx,
  firmware: RolloutFirmware,
  model: ProductKeyModel,
  chosen: string[] | undefined,
): Promise<{ id: string; version: string | null }[]> {
  const version = sql<string | null>`${purifiers.reported} ->> 'soft_version'`;
  const busy = sql<boolean>`EXISTS (SELECT 1 FROM ${firmwareRolloutDevices} d
    WHERE d.purifier_id = ${purifiers.id} AND d.status IN ('pending', 'in_progress'))`;
  if (chosen && chosen.length > 0) {
    const ids = [...new Set(chosen.map((id) => id.toUpperCase()))];
    const rows = await tx
      .select({ id: purifiers.id, model: purifiers.model, version, busy })
      .from(purifiers)
      .where(inArray(purifiers.id, ids));
    if (rows.length !== ids.length)
      throw new AppError(422, 'validation_failed', [
        violation('purifiers', 'rollout_purifier_unknown'),
      ]);
    if (rows.some((row) => row.model !== model))
      throw new AppError(422, 'validation_failed', [
        violation('purifiers', 'rollout_purifier_model'),
      ]);
    if (rows.some((row) => row.busy))
      throw new AppError(422, 'validation_failed', [
        violation('purifiers', 'rollout_purifier_busy'),
      ]);
    return rows.map(({ id, version }) => ({ id, version }));
  }
  // Every purifier of the model that reported an older version and no rollout is updating.
  const rows = await tx
    .select({ id: purifiers.id, version })
    .from(purifiers)
    .where(and(eq(purifiers.model, model), sql`NOT ${busy}`, sql`${version} IS NOT NULL`));
  const targets = rows.filter(
    (row) => row.version !== null && compareFirmwareVersions(row.version, firmware.version) < 0,
  );
  if (targets.length === 0)
    throw new AppError(422, 'validation_failed', [violation('purifiers', 'rollout_empty')]);
  return targets;
}

/** Shuffles in place (Fisher–Yates): the canary is a random sample of the targets. */
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * Starts a rollout: checks the firmware fits the model, picks the purifiers (the chosen ones,
 * or all of the model on an older version), puts a random canary first, records the audit entry
 * and sends the first wave.
 */
export async function startRollout(
  tx: Tx,
  input: Omit<RolloutCreate, 'firmware' | 'purifiers' | 'model'> & {
    firmware: RolloutFirmware;
    model: ProductKeyModel;
    purifiers?: string[];
    actor: AuditActor;
  },
  now: Date = new Date(),
): Promise<RolloutEffects & { rollout: RolloutRow }> {
  const { firmware, model } = input;
  if (!firmware.models.includes(model))
    throw new AppError(422, 'validation_failed', [violation('model', 'firmware_model')]);
  const targets = shuffle(await targetsOf(tx, firmware, model, input.purifiers));
  const canary = canarySize(targets.length, input.canary_percent);
  const [rollout] = await tx
    .insert(firmwareRollouts)
    .values({
      id: ulid(),
      firmwareId: firmware.id,
      firmwareName: firmware.name,
      firmwareVersion: firmware.version,
      firmwareUrl: firmware.url,
      firmwareSha256: firmware.sha256,
      firmwareSize: firmware.size,
      model,
      target: input.purifiers && input.purifiers.length > 0 ? 'chosen' : 'outdated',
      status: 'canary',
      stage: 'canary',
      canaryPercent: input.canary_percent,
      successThreshold: input.success_threshold,
      maxFailureRate: input.max_failure_rate,
      timeoutMinutes: input.timeout_minutes,
      waveSize: input.wave_size,
      createdBy: input.actor.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  for (let from = 0; from < targets.length; from += 5_000) {
    const chunk = targets.slice(from, from + 5_000);
    await tx.insert(firmwareRolloutDevices).values(
      chunk.map((target, i) => ({
        rolloutId: rollout!.id,
        purifierId: target.id,
        position: from + i,
        stage: (from + i < canary ? 'canary' : 'rest') as RolloutStage,
        fromVersion: target.version,
      })),
    );
  }
  await recordAudit(tx, {
    actor: input.actor,
    action: 'firmware_rollout_started',
    target: {
      type: 'firmware_rollout',
      id: rollout!.id,
      label: `${firmware.name} ${firmware.version} → ${model}`,
    },
    change: {
      firmware: { from: null, to: `${firmware.name} ${firmware.version}` },
      model: { from: null, to: model },
      purifiers: { from: null, to: targets.length },
      canary: { from: null, to: canary },
      success_threshold: { from: null, to: input.success_threshold },
      max_failure_rate: { from: null, to: input.max_failure_rate },
      timeout_minutes: { from: null, to: input.timeout_minutes },
      wave_size: { from: null, to: input.wave_size },
    },
  });
  const effects = await advanceRollout(tx, rollout!.id, now);
  const [current] = await tx
    .select()
    .from(firmwareRollouts)
    .where(eq(firmwareRollouts.id, rollout!.id));
  return { rollout: current!, purifiers: effects.purifiers };
}

/** The desired firmware of a rollout. */
export function desiredFirmwareOf(rollout: RolloutRow): DesiredFirmware {
  return {
    version: rollout.firmwareVersion,
    url: rollout.firmwareUrl,
    sha256: rollout.firmwareSha256,
    size: rollout.firmwareSize,
    rollout: rollout.id,
  };
}

/** Writes (or withdraws, with null) the desired firmware of purifiers; answers the new rows. */
async function setDesiredFirmware(
  tx: Tx,
  purifierIds: string[],
  firmware: DesiredFirmware | null,
  now: Date,
): Promise<PurifierRow[]> {
  if (purifierIds.length === 0) return [];
  const rows = await tx
    .select()
    .from(purifiers)
    .where(inArray(purifiers.id, purifierIds))
    .orderBy(asc(purifiers.id))
    .for('update');
  const changed: PurifierRow[] = [];
  for (const row of rows) {
    // Withdrawing only what this rollout sent: a later rollout's firmware is not touched.
    if (firmware === null && !row.desired.firmware) continue;
    const desired = nextDesired(row.desired, { firmware }, now, row.desired.source);
    const [updated] = await tx
      .update(purifiers)
      .set({ desired, updatedAt: now })
      .where(eq(purifiers.id, row.id))
      .returning();
    changed.push(updated!);
  }
  return changed;
}

/** Locks and reads a rollout. */
async function lockRollout(tx: Tx, id: string): Promise<RolloutRow | undefined> {
  const [row] = await tx
    .select()
    .from(firmwareRollouts)
    .where(eq(firmwareRollouts.id, id))
    .for('update');
  return row;
}

/**
 * Moves a running rollout on (the rollout locked): tops the current stage's wave up to
 * `wave_size` purifiers in progress; when the canary has finished, goes on to the rest (or
 * pauses under the threshold); when nothing is left, completes it. A paused, completed or
 * aborted rollout is left as it is.
 */
export async function advanceRollout(tx: Tx, id: string, now: Date): Promise<RolloutEffects> {
  const rollout = await lockRollout(tx, id);
  if (!rollout || (rollout.status !== 'canary' && rollout.status !== 'rolling'))
    return { purifiers: [] };
  const { all, canary } = (await rolloutProgress(tx, [id])).get(id)!;
  if (
    all.failed + all.timed_out > rollout.failuresAtResume &&
    failureRate(all) > rollout.maxFailureRate
  ) {
    await setRolloutStatus(tx, id, 'paused', 'failure_rate', now);
    return { purifiers: [] };
  }
  if (rollout.stage === 'canary' && canary.pending + canary.in_progress === 0) {
    if (successRate(canary) < rollout.successThreshold) {
      await setRolloutStatus(tx, id, 'paused', 'canary_below_threshold', now);
      return { purifiers: [] };
    }
    await tx
      .update(firmwareRollouts)
      .set({ stage: 'rest', status: 'rolling', updatedAt: now })
      .where(eq(firmwareRollouts.id, id));
    rollout.stage = 'rest';
  }
  if (all.pending + all.in_progress === 0) {
    await tx
      .update(firmwareRollouts)
      .set({ status: 'completed', pausedReason: null, completedAt: now, updatedAt: now })
      .where(eq(firmwareRollouts.id, id));
    return { purifiers: [] };
  }
  const room = rollout.waveSize - all.in_progress;
  if (room <= 0) return { purifiers: [] };
  const next = await tx
    .select({ purifierId: firmwareRolloutDevices.purifierId })
    .from(firmwareRolloutDevices)
    .where(
      and(
        eq(firmwareRolloutDevices.rolloutId, id),
        eq(firmwareRolloutDevices.stage, rollout.stage),
        eq(firmwareRolloutDevices.status, 'pending'),
      ),
    )
    .orderBy(asc(firmwareRolloutDevices.position))
    .limit(room);
  if (next.length === 0) return { purifiers: [] };
  const ids = next.map((row) => row.purifierId);
  const deadline = new Date(now.getTime() + rollout.timeoutMinutes * 60_000);
  await tx
    .update(firmwareRolloutDevices)
    .set({ status: 'in_progress', phase: 'sent', sentAt: now, deadlineAt: deadline })
    .where(
      and(
        eq(firmwareRolloutDevices.rolloutId, id),
        inArray(firmwareRolloutDevices.purifierId, ids),
      ),
    );
  return { purifiers: await setDesiredFirmware(tx, ids, desiredFirmwareOf(rollout), now) };
}

async function setRolloutStatus(
  tx: Tx,
  id: string,
  status: RolloutRow['status'],
  pausedReason: RolloutPauseReason | null,
  now: Date,
): Promise<void> {
  await tx
    .update(firmwareRollouts)
    .set({
      status,
      pausedReason,
      updatedAt: now,
      ...(status === 'aborted' ? { completedAt: now } : {}),
    })
    .where(eq(firmwareRollouts.id, id));
}

/**
 * Records that purifiers of a rollout failed (`failed` with the device's reason, or
 * `timed_out`) and withdraws their desired firmware. The rollout itself is not locked here (a
 * report's transaction holds its purifier): advanceRollout, right after, pauses it when the
 * failed share passes the maximum.
 */
async function recordFailures(
  tx: Tx,
  rolloutId: string,
  purifierIds: string[],
  status: 'failed' | 'timed_out',
  reason: string | null,
  now: Date,
): Promise<PurifierRow[]> {
  const failed = await tx
    .update(firmwareRolloutDevices)
    .set({ status, reason, phase: null, finishedAt: now })
    .where(
      and(
        eq(firmwareRolloutDevices.rolloutId, rolloutId),
        inArray(firmwareRolloutDevices.purifierId, purifierIds),
        eq(firmwareRolloutDevices.status, 'in_progress'),
      ),
    )
    .returning({ purifierId: firmwareRolloutDevices.purifierId });
  return setDesiredFirmware(
    tx,
    failed.map((row) => row.purifierId),
    null,
    now,
  );
}

/** What a purifier's report did to its rollout: null when it is in none. */
export interface FirmwareReportOutcome {
  rolloutId: string;
  status: RolloutDeviceStatus;
  /** The purifier's desired state changed (its firmware withdrawn after a failure). */
  purifier: PurifierRow | null;
  /** The outcome is final: the rollout may move on. */
  finished: boolean;
}

/**
 * Applies a purifier's firmware news (its reported `soft_version` and `firmware` status) to the
 * rollout updating it, in the report's transaction: the version of the rollout reported means
 * success; `failed` means failure with the device's reason; `downloading` and `installing` are
 * the phase shown. News about another version than the rollout's is ignored.
 */
export async function applyFirmwareReport(
  tx: Tx,
  purifierId: string,
  news: { soft_version?: string; firmware?: FirmwareReport },
  now: Date = new Date(),
): Promise<FirmwareReportOutcome | null> {
  if (news.soft_version === undefined && news.firmware === undefined) return null;
  const [device] = await tx
    .select({ rolloutId: firmwareRolloutDevices.rolloutId })
    .from(firmwareRolloutDevices)
    .where(
      and(
        eq(firmwareRolloutDevices.purifierId, purifierId),
        eq(firmwareRolloutDevices.status, 'in_progress'),
      ),
    )
    .limit(1);
  if (!device) return null;
  const [rollout] = await tx
    .select()
    .from(firmwareRollouts)
    .where(eq(firmwareRollouts.id, device.rolloutId));
  if (!rollout) return null;
  const where = and(
    eq(firmwareRolloutDevices.rolloutId, rollout.id),
    eq(firmwareRolloutDevices.purifierId, purifierId),
    eq(firmwareRolloutDevices.status, 'in_progress'),
  );
  if (
    news.soft_version !== undefined &&
    compareFirmwareVersions(news.soft_version, rollout.firmwareVersion) === 0
  ) {
    await tx
      .update(firmwareRolloutDevices)
      .set({ status: 'succeeded', phase: null, finishedAt: now })
      .where(where);
    return { rolloutId: rollout.id, status: 'succeeded', purifier: null, finished: true };
  }
  const report = news.firmware;
  if (
    !report ||
    (report.version !== undefined &&
      compareFirmwareVersions(report.version, rollout.firmwareVersion) !== 0)
  )
    return { rolloutId: rollout.id, status: 'in_progress', purifier: null, finished: false };
  if (report.status === 'failed') {
    const [row] = await recordFailures(
      tx,
      rollout.id,
      [purifierId],
      'failed',
      report.reason?.trim() || 'unknown',
      now,
    );
    return { rolloutId: rollout.id, status: 'failed', purifier: row ?? null, finished: true };
  }
  await tx.update(firmwareRolloutDevices).set({ phase: report.status }).where(where);
  return { rolloutId: rollout.id, status: 'in_progress', purifier: null, finished: false };
}

/**
 * The sweep (worker, every few seconds): purifiers past their deadline time out, then every
 * running rollout moves on (next wave, next stage, completion).
 */
export async function sweepRollouts(
  db: Database,
  now: Date = new Date(),
): Promise<RolloutEffects & { timedOut: number }> {
  const changed: PurifierRow[] = [];
  let timedOut = 0;
  const expired = await db
    .select({
      rolloutId: firmwareRolloutDevices.rolloutId,
      purifierId: firmwareRolloutDevices.purifierId,
    })
    .from(firmwareRolloutDevices)
    .where(
      and(
        eq(firmwareRolloutDevices.status, 'in_progress'),
        lt(firmwareRolloutDevices.deadlineAt, now),
      ),
    )
    .limit(5_000);
  const byRollout = new Map<string, string[]>();
  for (const row of expired)
    byRollout.set(row.rolloutId, [...(byRollout.get(row.rolloutId) ?? []), row.purifierId]);
  for (const [rolloutId, ids] of byRollout) {
    const withdrawn = await db.transaction((tx) =>
      recordFailures(tx, rolloutId, ids, 'timed_out', null, now),
    );
    changed.push(...withdrawn);
    timedOut += ids.length;
  }
  const running = await db
    .select({ id: firmwareRollouts.id })
    .from(firmwareRollouts)
    .where(inArray(firmwareRollouts.status, ['canary', 'rolling']));
  for (const { id } of running) {
    const effects = await db.transaction((tx) => advanceRollout(tx, id, now));
    changed.push(...effects.purifiers);
  }
  return { purifiers: changed, timedOut };
}

/** What a person may do to a rollout, and from which statuses. */
export const ROLLOUT_ACTIONS = {
  pause: ['canary', 'rolling'],
  resume: ['paused'],
  abort: ['canary', 'rolling', 'paused'],
} as const;
export type RolloutAction = keyof typeof ROLLOUT_ACTIONS;

const AUDIT_ACTION = {
  pause: 'firmware_rollout_paused',
  resume: 'firmware_rollout_resumed',
  abort: 'firmware_rollout_aborted',
} as const;

/**
 * A person's pause, resume or abort (409 `rollout_state` when the rollout's status does not
 * allow it), with its audit entry. Resume goes back to the stage's status and moves on at once
 * (a canary paused under its threshold goes on to the rest); abort withdraws the firmware of the
 * purifiers in progress and cancels those not sent.
 */
export async function actOnRollout(
  tx: Tx,
  id: string,
  action: RolloutAction,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<RolloutEffects & { rollout: RolloutRow }> {
  const rollout = await lockRollout(tx, id);
  if (!rollout) throw new AppError(404, 'not_found');
  if (!(ROLLOUT_ACTIONS[action] as readonly string[]).includes(rollout.status))
    throw new AppError(409, 'rollout_state');
  let changed: PurifierRow[] = [];
  if (action === 'pause') await setRolloutStatus(tx, id, 'paused', 'manual', now);
  if (action === 'resume') {
    const toRest = rollout.stage === 'rest' || rollout.pausedReason === 'canary_below_threshold';
    const { all } = (await rolloutProgress(tx, [id])).get(id)!;
    await tx
      .update(firmwareRollouts)
      .set({
        status: toRest ? 'rolling' : 'canary',
        stage: toRest ? 'rest' : 'canary',
        pausedReason: null,
        failuresAtResume: all.failed + all.timed_out,
        updatedAt: now,
      })
      .where(eq(firmwareRollouts.id, id));
    changed = (await advanceRollout(tx, id, now)).purifiers;
  }
  if (action === 'abort') {
    const sent = await tx
      .select({ purifierId: firmwareRolloutDevices.purifierId })
      .from(firmwareRolloutDevices)
      .where(
        and(
          eq(firmwareRolloutDevices.rolloutId, id),
          eq(firmwareRolloutDevices.status, 'in_progress'),
        ),
      );
    await tx
      .update(firmwareRolloutDevices)
      .set({ status: 'cancelled', phase: null, finishedAt: now })
      .where(
        and(eq(firmwareRolloutDevices.rolloutId, id), inArray(firmwareRolloutDevices.status, OPEN)),
      );
    changed = await setDesiredFirmware(
      tx,
      sent.map((row) => row.purifierId),
      null,
      now,
    );
    await setRolloutStatus(tx, id, 'aborted', null, now);
  }
  const [current] = await tx.select().from(firmwareRollouts).where(eq(firmwareRollouts.id, id));
  await recordAudit(tx, {
    actor,
    action: AUDIT_ACTION[action],
    target: {
      type: 'firmware_rollout',
      id,
      label: `${rollout.firmwareName} ${rollout.firmwareVersion} → ${rollout.model}`,
    },
    change: { status: { from: rollout.status, to: current!.status } },
  });
  return { rollout: current!, purifiers: changed };
}

/** Whether a firmware is being rolled out now (its deletion is refused). */
export async function firmwareInActiveRollout(
  tx: Pick<Database, 'select'>,
  firmwareId: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: firmwareRollouts.id })
    .from(firmwareRollouts)
    .where(
      and(
        eq(firmwareRollouts.firmwareId, firmwareId),
        inArray(firmwareRollouts.status, ['canary', 'rolling', 'paused']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Tells the devices and the browsers of the purifiers whose desired firmware changed. */
export function pushRolloutEffects(io: RealtimeServer, effects: RolloutEffects): void {
  for (const row of effects.purifiers) pushPurifier(io, row, { command: true });
}

/**
 * A purifier of a rollout finished (its report committed): the rollout moves on at once (next
 * wave, next stage, completion, a pause over the failure maximum) rather than at the next sweep.
 */
export async function moveRolloutOn(
  db: Database,
  io: RealtimeServer,
  rolloutId: string,
  now: Date = new Date(),
): Promise<void> {
  pushRolloutEffects(io, await db.transaction((tx) => advanceRollout(tx, rolloutId, now)));
}
