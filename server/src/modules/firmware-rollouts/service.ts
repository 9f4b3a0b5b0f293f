import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  FirmwareRollout,
  FirmwareRolloutDevice,
  RolloutCreate,
  RolloutDevicesQuery,
  RolloutsQuery,
} from '@aircloud/shared/firmware-rollouts';
import type { HydraCollection } from '@aircloud/shared/jsonld';
import { PAGE_SIZE } from '@aircloud/shared/constants';
import type { Database } from '@aircloud/core/db/client';
import {
  firmwareRolloutDevices,
  firmwareRollouts,
  purifiers,
  users,
} from '@aircloud/core/db/schema';
import { AppError } from '@aircloud/core/errors';
import {
  actOnRollout,
  failureRate,
  pushRolloutEffects,
  rolloutProgress,
  startRollout,
  type RolloutAction,
  type RolloutRow,
} from '@aircloud/core/firmware/rollouts';
import { hydraCollection, iri } from '@aircloud/core/jsonld';
import type { UserRow } from '@aircloud/core/users/repository';
import type { AppContext } from '../../context.ts';
import { firmwarePresenter } from '../firmware/presenter.ts';
import { findFirmware } from '../firmware/repository.ts';

type Creator = { id: string; firstname: string; lastname: string } | null;

/** Rollouts with their progress and creator, as the API answers them. */
async function presentRollouts(
  db: Pick<Database, 'select'>,
  rows: RolloutRow[],
): Promise<FirmwareRollout[]> {
  const ids = rows.map((row) => row.id);
  const creatorIds = [...new Set(rows.map((row) => row.createdBy).filter((id) => id !== null))];
  const [progress, creators] = await Promise.all([
    rolloutProgress(db, ids),
    creatorIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: users.id, firstname: users.firstname, lastname: users.lastname })
          .from(users)
          .where(inArray(users.id, creatorIds)),
  ]);
  const byId = new Map<string, Creator>(creators.map((user) => [user.id, user]));
  return rows.map((row) => {
    const { all, canary } = progress.get(row.id)!;
    const creator = row.createdBy ? byId.get(row.createdBy) : null;
    return {
      '@id': iri('firmware_rollouts', row.id),
      '@type': 'FirmwareRollout',
      ulid: row.id,
      firmware: {
        ulid: row.firmwareId ?? '',
        name: row.firmwareName,
        version: row.firmwareVersion,
        size: row.firmwareSize,
        sha256: row.firmwareSha256,
      },
      model: row.model,
      target: row.target,
      status: row.status,
      stage: row.stage,
      paused_reason: row.pausedReason ?? null,
      canary_percent: row.canaryPercent,
      success_threshold: row.successThreshold,
      max_failure_rate: row.maxFailureRate,
      timeout_minutes: row.timeoutMinutes,
      wave_size: row.waveSize,
      progress: all,
      canary,
      failure_rate: Math.round(failureRate(all) * 10) / 10,
      created_by: creator
        ? { ulid: creator.id, firstname: creator.firstname, lastname: creator.lastname }
        : null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      completed_at: row.completedAt?.toISOString() ?? null,
    };
  });
}

/** One rollout; 404 when there is none. */
export async function getRollout(ctx: Pick<AppContext, 'db'>, id: string) {
  const [row] = await ctx.db.select().from(firmwareRollouts).where(eq(firmwareRollouts.id, id));
  if (!row) throw new AppError(404, 'not_found');
  const [rollout] = await presentRollouts(ctx.db, [row]);
  return rollout!;
}

/** GET /api/firmware_rollouts: newest first, 20 per page, by status. */
export async function listRollouts(
  ctx: Pick<AppContext, 'db'>,
  { status, page }: RolloutsQuery,
): Promise<HydraCollection<FirmwareRollout>> {
  const where = status ? eq(firmwareRollouts.status, status) : undefined;
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(firmwareRollouts)
      .where(where)
      .orderBy(desc(firmwareRollouts.createdAt), desc(firmwareRollouts.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(firmwareRollouts)
      .where(where),
  ]);
  return hydraCollection(
    '/api/firmware_rollouts',
    'FirmwareRollout',
    await presentRollouts(ctx.db, rows),
    count?.n ?? 0,
    { page, params: { status } },
  );
}

/** The rollouts not completed or aborted, newest first (the fleet view's live block). */
export async function activeRollouts(
  db: Pick<Database, 'select'>,
  limit: number,
): Promise<FirmwareRollout[]> {
  const rows = await db
    .select()
    .from(firmwareRollouts)
    .where(inArray(firmwareRollouts.status, ['canary', 'rolling', 'paused']))
    .orderBy(desc(firmwareRollouts.createdAt))
    .limit(limit);
  return presentRollouts(db, rows);
}

/** GET /api/firmware_rollouts/{id}/purifiers: its purifiers in line order, by status. */
export async function listRolloutDevices(
  ctx: Pick<AppContext, 'db'>,
  id: string,
  { status, page }: RolloutDevicesQuery,
): Promise<HydraCollection<FirmwareRolloutDevice>> {
  // 404 for an unknown rollout: its row only, not its presented progress.
  const [exists] = await ctx.db
    .select({ id: firmwareRollouts.id })
    .from(firmwareRollouts)
    .where(eq(firmwareRollouts.id, id));
  if (!exists) throw new AppError(404, 'not_found');
  const where = and(
    eq(firmwareRolloutDevices.rolloutId, id),
    status ? eq(firmwareRolloutDevices.status, status) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({
        device: firmwareRolloutDevices,
        name: purifiers.name,
        serial: purifiers.serialNumber,
      })
      .from(firmwareRolloutDevices)
      .innerJoin(purifiers, eq(purifiers.id, firmwareRolloutDevices.purifierId))
      .where(where)
      .orderBy(asc(firmwareRolloutDevices.position))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(firmwareRolloutDevices)
      .where(where),
  ]);
  return hydraCollection(
    `/api/firmware_rollouts/${id}/purifiers`,
    'FirmwareRolloutDevice',
    rows.map(({ device, name, serial }) => ({
      '@id': `/api/firmware_rollouts/${id}/purifiers/${device.purifierId}`,
      '@type': 'FirmwareRolloutDevice',
      purifier: { ulid: device.purifierId, name, serial_number: serial },
      stage: device.stage,
      status: device.status,
      phase: device.phase ?? null,
      reason: device.reason,
      from_version: device.fromVersion,
      sent_at: device.sentAt?.toISOString() ?? null,
      deadline_at: device.deadlineAt?.toISOString() ?? null,
      finished_at: device.finishedAt?.toISOString() ?? null,
    })),
    count?.n ?? 0,
    { page, params: { status } },
  );
}

/**
 * POST /api/firmware_rollouts: the firmware must exist (a violation on `firmware` otherwise);
 * core checks the model and picks the purifiers; the first wave is told once committed.
 */
export async function createRollout(
  ctx: AppContext,
  actor: UserRow,
  input: RolloutCreate,
): Promise<FirmwareRollout> {
  const firmware = await findFirmware(ctx.db, input.firmware.toUpperCase());
  if (!firmware)
    throw new AppError(422, 'validation_failed', [
      { propertyPath: 'firmware', code: 'invalid', message: '' },
    ]);
  const { firmware: _id, purifiers: chosen, ...params } = input;
  const started = await ctx.db.transaction((tx) =>
    startRollout(tx, {
      ...params,
      firmware: {
        id: firmware.id,
        name: firmware.name,
        version: firmware.version,
        models: firmware.models,
        sha256: firmware.sha256,
        size: firmware.size,
        url: firmwarePresenter(firmware, ctx.config.publicUrl).public_url,
      },
      ...(chosen ? { purifiers: chosen } : {}),
      actor,
    }),
  );
  pushRolloutEffects(ctx.io, started);
  return getRollout(ctx, started.rollout.id);
}

/** POST /api/firmware_rollouts/{id}/pause|resume|abort. */
export async function actOn(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  action: RolloutAction,
): Promise<FirmwareRollout> {
  const done = await ctx.db.transaction((tx) => actOnRollout(tx, id, action, actor));
  pushRolloutEffects(ctx.io, done);
  return getRollout(ctx, id);
}
