import type { Writable } from 'node:stream';
import { isUlid } from '@aircloud/shared/ids';
import type { HydraCollection } from '@aircloud/shared/jsonld';
import { sensorRoom } from '@aircloud/shared/realtime';
import { hasRole, isAdmin, type Role } from '@aircloud/shared/roles';
import {
  PURIFIERS_PER_SENSOR_MAX,
  type CreateSensorInput,
  type ExportFormat,
  type ExportQuery,
  type MeasuresQuery,
  type PatchSensorInput,
  type ProvisionedSensorResponse,
  type PublicSensor,
  type Sensor,
  type SensorPurifiersInput,
  type SensorsQuery,
} from '@aircloud/shared/sensors';
import { ulid } from '@aircloud/core/lib/ulid';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation, pgErrorOf } from '@aircloud/core/db/pg-error';
import { AppError, fieldError } from '@aircloud/core/errors';
import { hydraCollection } from '@aircloud/core/jsonld';
import { sha256 } from '@aircloud/core/lib/crypto';
import { pushPurifier } from '@aircloud/core/purifiers/push';
import { closePublicSensor } from '../../realtime/public-sensors.ts';
import { arbitratePurifiers } from '@aircloud/core/alert-rules/arbitration';
import {
  actorName,
  notifyUserStops,
  triggeredHolds,
  unlinkStops,
} from '@aircloud/core/alert-rules/user-stop';
import { handOverNotifications } from '@aircloud/core/notifications/hand-over';
import type { NotificationRow } from '@aircloud/core/notifications/record';
import type { PurifierRow } from '@aircloud/core/purifiers/repository';
import { findUserByEmail, type UserRow } from '@aircloud/core/users/repository';
import { recordAudit, recordViewAsUser } from '@aircloud/core/audit/record';
import {
  copySensorExport,
  exportFileName,
  exportLimit,
  sensorExportRows,
} from '@aircloud/core/telemetry/export';
import { writeXlsxExport } from './export-xlsx.ts';
import { rawRetentionStart } from '@aircloud/core/telemetry/retention';
import { measuresBody } from './measures.ts';
import {
  accessAllows,
  findMachine,
  requireMachine,
  requireReached,
  sensorListOwner,
} from '@aircloud/core/access/machine-access';
import { publicSensorPresenter, sensorPresenter } from './presenter.ts';
import { newDeviceSecret } from '@aircloud/core/sensors/provisioning';
import { forgetDeviceEverywhere } from '@aircloud/core/devices/credentials';
import { provisionDeviceAccount } from '@aircloud/core/mqtt/device-broker';
import {
  deleteHistory,
  deleteSensor,
  findSensor,
  findSensorBySerial,
  findSensorDetail,
  insertSensor,
  linkedPurifierIds,
  listSensors,
  replaceLinks,
  updateSensor,
  type SensorDetailRow,
  type SensorRow,
} from '@aircloud/core/sensors/repository';

/**
 * Where an export goes, as the route gives it: the stream the CSV is written to, and what to do
 * once the rows start coming, before the first byte (an HTTP answer sets its headers there).
 */
export interface ExportSink {
  stream: Writable;
  start(meta: { fileName: string; format: ExportFormat }): void;
}

async function detailOf(ctx: AppContext, id: string): Promise<SensorDetailRow> {
  const detail = await findSensorDetail(ctx.db, id);
  if (!detail) throw new AppError(404, 'not_found');
  return detail;
}

/**
 * GET /api/sensors: what the caller may see (owners theirs, technicians and admins all), or
 * (admins, view-as-user, recorded in the audit log) the sensors of `query.user`.
 */
export async function listSensorsFor(
  ctx: AppContext,
  user: UserRow,
  query: SensorsQuery,
): Promise<HydraCollection<Sensor>> {
  if (query.user && !isAdmin(user.role as Role)) throw new AppError(403, 'forbidden');
  // An administrator opening another user's products starts a view-as-user session (audited).
  if (query.user) await recordViewAsUser(ctx.db, user, query.user);
  const { rows, total } = await listSensors(
    ctx.db,
    {
      // View-as-user shows what that user sees: owned and shared sensors, as for purifiers.
      owner: query.user ?? sensorListOwner(user),
      search: query.search || undefined,
    },
    query.page,
  );
  const now = new Date();
  return hydraCollection(
    '/api/sensors',
    'Sensor',
    rows.map((r) => sensorPresenter(r, now)),
    total,
    { page: query.page, params: { search: query.search, user: query.user } },
  );
}

/**
 * POST /api/sensors (technicians, admins): provisions a sensor for the account of
 * `owner_email`, with a new device secret answered once (stored as SHA-256), and its audit
 * entry (never the secret).
 */
export async function provisionSensorFor(
  ctx: AppContext,
  user: UserRow,
  input: CreateSensorInput,
): Promise<ProvisionedSensorResponse> {
  if (!hasRole(user.role as Role, 'ROLE_TECHNICIAN')) throw new AppError(403, 'forbidden');
  const owner = await findUserByEmail(ctx.db, input.owner_email);
  if (!owner) throw fieldError('sensor_owner_not_found', 'owner_email');
  if (await findSensorBySerial(ctx.db, input.serial_number))
    throw fieldError('sensor_serial_number_already_exists', 'serial_number');
  const secret = newDeviceSecret();
  const now = new Date();
  let row: SensorRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const sensor = await insertSensor(tx, {
        id: ulid(),
        serialNumber: input.serial_number,
        userId: owner.id,
        name: input.name || input.serial_number,
        shortName: '',
        deviceSecretHash: sha256(secret),
      });
      await recordAudit(tx, {
        actor: user,
        action: 'sensor_provisioned',
        target: { type: 'sensor', id: sensor.id, label: sensor.serialNumber },
        change: {
          serial_number: { from: null, to: sensor.serialNumber },
          name: { from: null, to: sensor.name },
          owner: { from: null, to: owner.email },
        },
      });
      return sensor;
    });
  } catch (err) {
    // Two technicians provisioning one serial at once: the unique index decides.
    if (isUniqueViolation(err))
      throw fieldError('sensor_serial_number_already_exists', 'serial_number');
    throw err;
  }
  await provisionDeviceAccount(row.serialNumber, secret);
  return {
    ...sensorPresenter(await detailOf(ctx, row.id), now),
    device_secret: secret,
    mqtt_url: ctx.config.mqtt?.publicUrl ?? null,
  };
}

/** GET /api/sensors/{ulid} */
export async function getSensor(ctx: AppContext, user: UserRow, id: string): Promise<Sensor> {
  // One statement: the sensor with what its page shows; the access check is made on its row.
  const detail = isUlid(id) ? await findSensorDetail(ctx.db, id) : undefined;
  await requireReached(ctx.db, user, 'sensor', detail?.sensor, 'view');
  return sensorPresenter(detail!);
}

/** Tells the browsers following a sensor that its settings changed (`sensor:changed`). */
function pushChanged(ctx: AppContext, sensor: Sensor): void {
  ctx.io.to(sensorRoom(sensor.ulid)).emit('sensor:changed', sensor);
}

/**
 * PATCH /api/sensors/{ulid} (merge-patch): name, short name, public view, system date (the
 * public view is the owner's: 403 for a share). Turning the public view off closes the public
 * page and its live stream at once.
 */
export async function patchSensor(
  ctx: AppContext,
  user: UserRow,
  id: string,
  input: PatchSensorInput,
): Promise<Sensor> {
  // Publishing a sensor (or withdrawing it) is its owner's decision, not a share's.
  const action = input.is_public !== undefined ? 'manage' : 'control';
  const { row } = await requireMachine(ctx.db, user, 'sensor', id, action);
  const values: Parameters<typeof updateSensor>[2] = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.short_name !== undefined) values.shortName = input.short_name;
  if (input.is_public !== undefined) values.isPublic = input.is_public;
  if (input.system_date !== undefined) values.systemDate = input.system_date;
  if (Object.keys(values).length > 0) await updateSensor(ctx.db, id, values);
  if (row.isPublic && input.is_public === false) closePublicSensor(ctx.io, id);
  const sensor = sensorPresenter(await detailOf(ctx, id));
  pushChanged(ctx, sensor);
  return sensor;
}

/** DELETE /api/sensors/{ulid}: removes the sensor with its links, samples and roll-ups. */
export async function removeSensor(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const { row } = await requireMachine(ctx.db, user, 'sensor', id, 'manage');
  const released = await ctx.db.transaction(async (tx) => {
    const linked = await linkedPurifierIds(tx, id);
    await deleteSensor(tx, id);
    // Purifiers its rules held go back to what the schedule or the user set, at once.
    return arbitratePurifiers(tx, linked, new Date());
  });
  for (const purifier of released) pushPurifier(ctx.io, purifier, { command: true });
  if (row.isPublic) closePublicSensor(ctx.io, id);
  // Its credential ends with it: every node forgets it, the broker account goes.
  await forgetDeviceEverywhere(ctx.redis, ctx.config.redisPrefix, row.serialNumber);
}

/**
 * PUT /api/sensors/{ulid}/purifiers: replaces the linked purifiers (each new one a purifier the
 * caller controls, at most 8; a new link is made by the caller and acts only while they control
 * it). The database trigger stays the last guard against a ninth link made
 * concurrently: its check_violation answers the same 422.
 */
export async function setSensorPurifiers(
  ctx: AppContext,
  user: UserRow,
  id: string,
  input: SensorPurifiersInput,
): Promise<Sensor> {
  await requireMachine(ctx.db, user, 'sensor', id, 'control');
  const ids = [...new Set(input.purifiers.map((p) => p.toUpperCase()))];
  if (ids.length > PURIFIERS_PER_SENSOR_MAX) throw fieldError('sensor_purifiers_max', 'purifiers');
  let changed: PurifierRow[];
  let notified: NotificationRow[] = [];
  try {
    changed = await ctx.db.transaction(async (tx) => {
      // As the evaluation does: a rule of this sensor cannot stop or trigger meanwhile.
      await tx.execute(sql`SELECT 1 FROM alert_rule_progress WHERE sensor_id = ${id} FOR UPDATE`);
      const before = await linkedPurifierIds(tx, id);
      const holds = await triggeredHolds(tx, id);
      // A link carries control: each new one needs a purifier the caller controls now (links
      // already there, made by others, may stay in the list untouched).
      const added = ids.filter((p) => !before.includes(p));
      const reached = await Promise.all(added.map((p) => findMachine(tx, user, 'purifier', p)));
      if (reached.some((p) => !p || !accessAllows(p.access, 'control')))
        throw fieldError('sensor_purifier_not_allowed', 'purifiers');
      await replaceLinks(tx, id, ids, user.id);
      // A purifier leaving a sensor whose rule holds it is released now, one joining it is held.
      const now = new Date();
      const arbitrated = await arbitratePurifiers(tx, [...before, ...ids], now);
      // Each release is an alert stopped by this user for that purifier: its people are told.
      const unlinked = before.filter((p) => !ids.includes(p));
      notified = await notifyUserStops(
        tx,
        id,
        unlinkStops(id, holds, unlinked, arbitrated, now),
        { reason: 'unlinked', actor: { id: user.id, name: actorName(user) } },
        now,
        ctx.notificationChannels,
      );
      return arbitrated;
    });
  } catch (err) {
    const pg = pgErrorOf(err);
    if (pg?.code === '23514' && pg.constraint === 'sensor_purifiers_max_8')
      throw fieldError('sensor_purifiers_max', 'purifiers');
    throw err;
  }
  for (const row of changed) pushPurifier(ctx.io, row, { command: true });
  await handOverNotifications(ctx, notified).catch((err: unknown) =>
    ctx.logger.warn({ err, sensorId: id }, 'unlink notifications not handed over (committed)'),
  );
  const sensor = sensorPresenter(await detailOf(ctx, id));
  pushChanged(ctx, sensor);
  return sensor;
}

/** GET /api/sensors/{ulid}/measures: the JSON body (SensorMeasures), built by PostgreSQL. */
export async function sensorMeasuresFor(
  ctx: AppContext,
  user: UserRow,
  id: string,
  query: MeasuresQuery,
): Promise<string> {
  const { row } = await requireMachine(ctx.db, user, 'sensor', id, 'view');
  return measuresBody(ctx.db, row.id, query, rawRetentionStart(new Date(), ctx.config.retention));
}

/**
 * GET /api/sensors/{ulid}/export: streams the CSV (or, `format=xlsx`, the Excel workbook) of
 * [from, to), at most one calendar month
 * (Europe/Paris) long, else 422 `export_period_too_long` on `to`; a range starting before the
 * raw retention boundary (its raw samples are dropped, or about to be) answers 422
 * `export_period_expired` on `from` rather than a CSV silently missing them.
 */
export async function exportSensorMeasures(
  ctx: AppContext,
  user: UserRow,
  id: string,
  query: ExportQuery,
  sink: ExportSink,
): Promise<void> {
  const { row } = await requireMachine(ctx.db, user, 'sensor', id, 'view');
  const from = new Date(query.from);
  const to = new Date(query.to);
  if (to.getTime() > exportLimit(from).getTime()) throw fieldError('export_period_too_long', 'to');
  const { retention } = ctx.config;
  if (from.getTime() < rawRetentionStart(new Date(), retention).getTime())
    throw fieldError('export_period_expired', 'from', { months: retention.rawMonths });
  const { format } = query;
  const fileName = exportFileName(row.serialNumber, from, to, format);
  if (format === 'xlsx') {
    sink.start({ fileName, format });
    await writeXlsxExport(
      sensorExportRows(ctx.db, row.id, from, to),
      sink.stream,
      row.serialNumber,
    );
    return;
  }
  await copySensorExport(ctx.db, row.id, from, to, sink.stream, () =>
    sink.start({ fileName, format }),
  );
}

/** DELETE /api/sensors/{ulid}/measures: removes every sample and roll-up of the sensor. */
export async function deleteSensorHistory(
  ctx: AppContext,
  user: UserRow,
  id: string,
): Promise<void> {
  await requireMachine(ctx.db, user, 'sensor', id, 'manage');
  await ctx.db.transaction((tx) => deleteHistory(tx, id));
}

/** A public sensor, or 404 `not_found` (unknown or not public: the same answer). */
async function publicSensorRow(ctx: AppContext, id: string): Promise<SensorRow> {
  const row = await findSensor(ctx.db, id);
  if (!row || !row.isPublic) throw new AppError(404, 'not_found');
  return row;
}

/** GET /public/sensors/{ulid} */
export async function getPublicSensor(ctx: AppContext, id: string): Promise<PublicSensor> {
  await publicSensorRow(ctx, id);
  return publicSensorPresenter(await detailOf(ctx, id));
}

/** GET /public/sensors/{ulid}/measures: as the private one, while the sensor is public. */
export async function publicSensorMeasures(
  ctx: AppContext,
  id: string,
  query: MeasuresQuery,
): Promise<string> {
  const row = await publicSensorRow(ctx, id);
  return measuresBody(ctx.db, row.id, query, rawRetentionStart(new Date(), ctx.config.retention));
}
