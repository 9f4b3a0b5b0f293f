import type { HydraCollection } from '@aircloud/shared/jsonld';
import { normalizeProductKey } from '@aircloud/shared/product-keys';
import { isUlid, storedUlid } from '@aircloud/shared/ids';
import { sql } from 'drizzle-orm';
import { levelRank, worstReading } from '@aircloud/shared/air-quality';
import {
  defaultPurifierName,
  fullMaintenanceLevels,
  maintenanceLevelOf,
  type ActivatePurifierInput,
  type MaintenanceEvent,
  type MaintenanceEventInput,
  type PatchPurifierInput,
  type Purifier,
  type PurifierAir,
  type PurifierAirSensor,
  type PurifierHoldRule,
  type PurifierMode,
  type PurifiersQuery,
} from '@aircloud/shared/purifiers';
import { ruleActsSql } from '@aircloud/core/access/grants';
import { sampleOf } from '@aircloud/core/sensors/repository';
import { isAdmin, type Role } from '@aircloud/shared/roles';
import { ulid } from '@aircloud/core/lib/ulid';
import type { AppContext } from '../../context.ts';
import type { MachineAccess } from '@aircloud/shared/invitations';
import type { Database } from '@aircloud/core/db/client';
import { AppError, fieldError } from '@aircloud/core/errors';
import { isProductKeyShape } from '@aircloud/core/product-keys/key-code';
import { claimExportedKey } from '@aircloud/core/product-keys/repository';
import type { UserRow } from '@aircloud/core/users/repository';
import { recordViewAsUser } from '@aircloud/core/audit/record';
import { hydraCollection } from '@aircloud/core/jsonld';
import { requireMachine, requireReached } from '@aircloud/core/access/machine-access';
import { changePurifier } from '@aircloud/core/purifiers/change';
import {
  linkedSensorPresenter,
  maintenanceEventPresenter,
  mqttUrlOf,
  purifierPresenter,
} from './presenter.ts';
import {
  findPurifier,
  insertMaintenanceEvent,
  insertPurifier,
  latestMaintenance,
  linkKeyToPurifier,
  findPurifierDetail,
  type PurifierDetailRow,
  findMaintenanceEvent,
  listMaintenanceEvents,
  listPurifiers,
  resetMaintenanceLevel,
  unlinkSensor,
  updatePurifier,
  type PurifierRow,
  type RoomSensorRow,
} from '@aircloud/core/purifiers/repository';
import {
  isoLocalDate,
  localDateOf,
  localTimeToInstant,
} from '@aircloud/core/purifiers/schedule-slots';
import { pushPurifier } from '@aircloud/core/purifiers/push';
import {
  deliverDeviceSecret,
  forgetDeviceEverywhere,
  rotateDeviceSecret,
  sealKeyOf,
} from '@aircloud/core/devices/credentials';
import type { Keyring } from '@aircloud/core/lib/keyring';
import { announceEndedOwnership, announceSettled } from '../access/announce.ts';
import { settleControl } from '@aircloud/core/access/settle';
import { endOwnership } from '@aircloud/core/access/ownership';
import { initialDesired, userDesired } from '@aircloud/core/purifiers/desired-state';

/**
 * Claims a purifier for `user` with its product key (normalized), in one transaction: only an
 * exported key activates (a conditional update, so of two users racing for one key exactly one
 * wins). The first activation creates the purifier of the key's model; after an unlink, the same
 * purifier goes to the new user with its personal settings reset and its device secret rotated
 * (answered, to hand to the device). Null when the key cannot be activated.
 */
export async function claimPurifier(
  db: Database,
  user: Pick<UserRow, 'id'>,
  code: string,
  sealKey: Keyring,
): Promise<{ row: PurifierRow; deviceSecret: string | null } | null> {
  return db.transaction(async (tx) => {
    const key = await claimExportedKey(tx, code, user.id);
    if (!key) return null;
    const now = new Date();
    const existing = key.purifierId ? await findPurifier(tx, key.purifierId, true) : undefined;
    if (existing) {
      // A change of owner: the device's secret is rotated (its former owners' ended already).
      const deviceSecret = await rotateDeviceSecret(tx, existing.id, sealKey);
      const row = await updatePurifier(tx, existing.id, {
        userId: user.id,
        name: defaultPurifierName(existing.model, existing.serialNumber),
        shortName: '',
        isPublic: false,
        lastScheduleSlotAt: null,
        scheduleSetBy: null,
        desired: userDesired(existing.desired, { schedule: null }, now),
      });
      return { row, deviceSecret };
    }
    const purifier = await insertPurifier(tx, {
      id: ulid(),
      userId: user.id,
      productKeyId: key.id,
      serialNumber: key.serialNumber,
      model: key.model,
      name: defaultPurifierName(key.model, key.serialNumber),
      systemDate: isoLocalDate(now, 'Europe/Paris'),
      desired: initialDesired(now),
      maintenanceLevels: fullMaintenanceLevels(),
    });
    await linkKeyToPurifier(tx, key.id, purifier.id);
    return { row: purifier, deviceSecret: null };
  });
}

/**
 * POST /api/purifiers/activate: adds a purifier with its product key (claimPurifier); anything
 * but an exported key answers 422 `bad_or_not_exported_key_code`. A purifier changing owner gets
 * its new device secret and its desired state at once.
 */
export async function activatePurifier(
  ctx: AppContext,
  user: UserRow,
  input: ActivatePurifierInput,
): Promise<Purifier> {
  const code = normalizeProductKey(input.key);
  if (!isProductKeyShape(code)) throw fieldError('bad_or_not_exported_key_code', 'key');
  const claimed = await claimPurifier(ctx.db, user, code, sealKeyOf(ctx.config));
  if (!claimed) throw fieldError('bad_or_not_exported_key_code', 'key');
  const { row, deviceSecret } = claimed;
  if (deviceSecret !== null) {
    await forgetDeviceEverywhere(ctx.redis, ctx.config.redisPrefix, row.serialNumber);
    await deliverDeviceSecret(ctx.io, row, deviceSecret);
    pushPurifier(ctx.io, row, { command: true });
  }
  return purifierPresenter(row, new Date(), undefined, mqttUrlOf(ctx));
}

/**
 * The room's air of a purifier from the sensors of its room the viewer reaches
 * (`roomSensorsSql`, in link order: a client follows them live): the worst levelled reading of
 * their latest samples (a tie keeps the sensor linked first).
 */
export function roomAirOf(room: RoomSensorRow[]): {
  air: PurifierAir | null;
  sensors: PurifierAirSensor[];
} {
  let air: PurifierAir | null = null;
  for (const sensor of room) {
    if (!sensor.last) continue;
    const sample = sampleOf(sensor.last);
    const worst = worstReading(sample);
    if (!worst) continue;
    if (air && levelRank(air.level) >= levelRank(worst.level)) continue;
    air = { sensor_ulid: sensor.id, sensor_name: sensor.name, ...worst, measured_at: sample.ts };
  }
  return { air, sensors: room.map((s) => ({ ulid: s.id, name: s.name })) };
}

/**
 * The triggered rules holding each purifier whose mode a rule holds (`desired.base` set): the
 * same rules the arbitration weighs (enabled, triggered, acting through a live link).
 */
export async function holdRulesOf(
  db: Database,
  rows: Pick<PurifierRow, 'id' | 'desired'>[],
): Promise<Map<string, PurifierHoldRule[]>> {
  const held = rows.filter((r) => r.desired.base).map((r) => r.id);
  const rules = new Map<string, PurifierHoldRule[]>();
  if (held.length === 0) return rules;
  const { rows: found } = await db.execute<{
    purifier_id: string;
    id: string;
    sensor_name: string;
    measure: string;
    threshold: number;
    mode: PurifierMode;
  }>(sql`
    SELECT DISTINCT sp.purifier_id, r.id, s.name AS sensor_name, r.measure, r.threshold, r.mode
      FROM alert_rules r
      JOIN alert_rule_states st ON st.rule_id = r.id AND st.triggered
      JOIN sensor_purifiers sp ON sp.sensor_id = r.sensor_id
      JOIN sensors s ON s.id = r.sensor_id
     WHERE sp.purifier_id = ANY(${sql.param(held)}::text[]) AND r.enabled
       AND ${ruleActsSql('r', 'sp')}
     ORDER BY r.id`);
  for (const r of found) {
    const list = rules.get(r.purifier_id) ?? [];
    list.push({
      ulid: r.id,
      sensor_name: r.sensor_name,
      measure: r.measure,
      threshold: Number(r.threshold),
      mode: r.mode,
    });
    rules.set(r.purifier_id, list);
  }
  return rules;
}

/**
 * The room's air (from each row's `room`, the sensors the viewer reaches) and the holding rules
 * of purifiers (list, detail).
 */
async function withAirAndHolds<T extends Purifier>(
  db: Database,
  rows: (PurifierRow & { room: RoomSensorRow[] })[],
  presented: T[],
): Promise<T[]> {
  const holds = await holdRulesOf(db, rows);
  return presented.map((p, i) => {
    const { air, sensors } = roomAirOf(rows[i]!.room);
    return { ...p, air, air_sensors: sensors, hold_rules: holds.get(p.ulid) ?? [] };
  });
}

/**
 * GET /api/purifiers: the caller's purifiers, or (admins, view-as-user, recorded in the audit
 * log) those of `query.user`.
 */
export async function listPurifiersFor(
  ctx: AppContext,
  user: UserRow,
  query: PurifiersQuery,
): Promise<HydraCollection<Purifier>> {
  if (query.user && !isAdmin(user.role as Role)) throw new AppError(403, 'forbidden');
  // An administrator opening another user's products starts a view-as-user session (audited).
  if (query.user) await recordViewAsUser(ctx.db, user, query.user);
  const { rows, total } = await listPurifiers(
    ctx.db,
    {
      owner: query.user ?? user.id,
      viewer: user.id,
      search: query.search || undefined,
      wifiState: query.wifi_state,
      state: query.state,
    },
    query.page,
  );
  const now = new Date();
  const members = await withAirAndHolds(
    ctx.db,
    rows,
    rows.map((r) =>
      purifierPresenter(
        r,
        now,
        r.userId === user.id ? 'owner' : isAdmin(user.role as Role) ? 'admin' : 'invited',
        mqttUrlOf(ctx),
      ),
    ),
  );
  return hydraCollection('/api/purifiers', 'Purifier', members, total, {
    page: query.page,
    params: {
      search: query.search,
      wifi_state: query.wifi_state,
      state: query.state,
      user: query.user,
    },
  });
}

/**
 * GET /api/purifiers/{ulid}: with the sensors linked to it, whoever owns them. One statement
 * reads the purifier with what its page shows; the access check is made on its row.
 */
export async function getPurifier(ctx: AppContext, user: UserRow, id: string): Promise<Purifier> {
  const detail = isUlid(id) ? await findPurifierDetail(ctx.db, id, user.id) : undefined;
  const access = await requireReached(ctx.db, user, 'purifier', detail, 'view');
  return purifierDetail(ctx, detail!, access);
}

/**
 * A purifier as its detail answers it (GET and PATCH): its room air and holds, the sensors
 * linked to it, its latest firmware update.
 */
async function purifierDetail(
  ctx: AppContext,
  detail: PurifierDetailRow,
  access: MachineAccess | undefined,
): Promise<Purifier> {
  const { linked, firmwareUpdate, ...row } = detail;
  // The room: the linked sensors the viewer reaches, with their latest samples.
  const room = linked.filter((l) => l.visible).map(({ id, name, last }) => ({ id, name, last }));
  const [presented] = await withAirAndHolds(
    ctx.db,
    [{ ...row, room }],
    [purifierPresenter(row, new Date(), access, mqttUrlOf(ctx))],
  );
  return {
    ...presented!,
    linked_sensors: linked.map(linkedSensorPresenter),
    firmware_update: firmwareUpdate,
  };
}

/**
 * DELETE /api/purifiers/{ulid}/sensors/{sensorUlid}: its owner (or an administrator) removes a
 * sensor's link to it, whoever made the link and owns the sensor, so no rule of that sensor
 * drives it any more (its hold is released at once). 404 when there is no such link.
 */
export async function unlinkPurifierSensor(
  ctx: AppContext,
  user: UserRow,
  id: string,
  sensorId: string,
): Promise<void> {
  const settled = await ctx.db.transaction(async (tx) => {
    const { row } = await requireMachine(tx, user, 'purifier', id, 'manage', { lock: true });
    // The sensor's id is read in either case, as it always was.
    const sensor = storedUlid(sensorId);
    if (!sensor || !(await unlinkSensor(tx, row.id, sensor))) throw new AppError(404, 'not_found');
    return settleControl(tx, { purifiers: [row.id] });
  });
  settled.removedLinks.push({ sensorId: sensorId.toUpperCase(), purifierId: id, linkedBy: null });
  await announceSettled(ctx, settled);
}

/**
 * PATCH /api/purifiers/{ulid} (merge-patch). A change of mode, TRH or schedule is a change of
 * the desired state: version + 1, source `user`. A manual mode holds until the next slot.
 */
export async function patchPurifier(
  ctx: AppContext,
  user: UserRow,
  id: string,
  input: PatchPurifierInput,
): Promise<Purifier> {
  const { access } = await changePurifier(ctx, id, input, { user, source: 'user' });
  // Read again after the change's commit, with what the page shows beside the row.
  const detail = await findPurifierDetail(ctx.db, id, user.id);
  if (!detail) throw new AppError(404, 'not_found');
  return purifierDetail(ctx, detail, access);
}

/**
 * DELETE /api/purifiers/{ulid}: removes the purifier from its owner's account, as unlinking its
 * key does: the key returns to exported, the purifier stays (owned by nobody) and everything
 * its ownership gave ends (access/ownership.ts); the next activation of the key gives it to the
 * new user, with a clean history and a new device secret.
 */
export async function removePurifier(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const ended = await ctx.db.transaction(async (tx) => {
    const { row } = await requireMachine(tx, user, 'purifier', id, 'manage', { lock: true });
    return endOwnership(tx, row, sealKeyOf(ctx.config));
  });
  await announceEndedOwnership(ctx, ended);
}

/** GET /api/purifiers/{ulid}/maintenance_events, latest first. */
export async function listMaintenance(
  ctx: AppContext,
  user: UserRow,
  id: string,
  page: number,
): Promise<HydraCollection<MaintenanceEvent>> {
  await requireMachine(ctx.db, user, 'purifier', id, 'view');
  const { rows, total } = await listMaintenanceEvents(ctx.db, id, page);
  return hydraCollection(
    `/api/purifiers/${id}/maintenance_events`,
    'MaintenanceEvent',
    rows.map(maintenanceEventPresenter),
    total,
    { page },
  );
}

/**
 * Records a replacement (now, or on the given date: midnight in the purifier's time zone). It
 * resets that level to 100 % unless a later replacement of the same type is already recorded.
 */
/** GET /api/purifiers/{ulid}/maintenance_events/{id}: one event (its @id dereferences). */
export async function getMaintenance(
  ctx: AppContext,
  user: UserRow,
  id: string,
  eventId: string,
): Promise<MaintenanceEvent> {
  await requireMachine(ctx.db, user, 'purifier', id, 'view');
  const row = await findMaintenanceEvent(ctx.db, id, eventId);
  if (!row) throw new AppError(404, 'not_found');
  return maintenanceEventPresenter(row);
}

export async function recordMaintenance(
  ctx: AppContext,
  user: UserRow,
  id: string,
  input: MaintenanceEventInput,
): Promise<MaintenanceEvent> {
  const event = await ctx.db.transaction(async (tx) => {
    const { row: purifier } = await requireMachine(tx, user, 'purifier', id, 'control', {
      lock: true,
    });
    const occurredAt = !input.occurred_at
      ? new Date()
      : input.occurred_at.length === 10
        ? localTimeToInstant(
            localDateOf(new Date(`${input.occurred_at}T12:00:00Z`), 'UTC'),
            '00:00',
            purifier.timezone,
          )
        : new Date(input.occurred_at);
    const latest = await latestMaintenance(tx, id, input.type);
    const row = await insertMaintenanceEvent(tx, {
      id: ulid(),
      purifierId: id,
      type: input.type,
      occurredAt,
      userId: user.id,
      note: input.note ?? '',
      videoLink: input.video_link ?? '',
    });
    if (!latest || latest <= occurredAt)
      await resetMaintenanceLevel(tx, id, maintenanceLevelOf(input.type));
    return row;
  });
  return maintenanceEventPresenter(event);
}
