import type { PurifierReportInput } from '@aircloud/shared/devices';
import {
  isDesiredPending,
  type DesiredState,
  type PurifierMode,
  type ReportedState,
} from '@aircloud/shared/purifiers';
import { sql } from 'drizzle-orm';
import type { Database } from '@aircloud/core/db/client';
import { purifiers } from '@aircloud/core/db/schema';
import {
  findPurifier,
  updatePurifier,
  type PurifierRow,
  type PurifierValues,
} from '@aircloud/core/purifiers/repository';
import { recordDeviceEvents, type DeviceTransition } from '@aircloud/core/devices/events';
import {
  applyFirmwareReport,
  moveRolloutOn,
  type FirmwareReportOutcome,
} from '@aircloud/core/firmware/rollouts';
import { pushPurifier } from '@aircloud/core/purifiers/push';
import { recordModeChanges } from '@aircloud/core/effectiveness/history';
import type { AppContext } from '../context.ts';
import type { FirmwareReport } from '@aircloud/shared/firmware-rollouts';

/** What a batch of reports changed. */
export interface ReportsOutcome {
  row: PurifierRow;
  transitions: DeviceTransition[];
  /** The desired state when the purifier has not acknowledged it yet. */
  desired?: DesiredState;
  /** What the reports did to the firmware rollout updating the purifier (null: none). */
  rollout: FirmwareReportOutcome | null;
}

/**
 * Applies a purifier's reports (oldest first) to its shadow in one transaction: `reported` is
 * merged, state and maintenance levels follow the latest report, `desired_version_ack` is the
 * acknowledged version (never above the desired one), `last_seen_at` is now. A return after
 * silence (or the first contact) and a state change are logged as device events.
 */
export async function applyPurifierReports(
  db: Database,
  purifierId: string,
  reports: PurifierReportInput[],
  now: Date = new Date(),
): Promise<ReportsOutcome> {
  const sorted = [...reports].sort((a, b) => Date.parse(a.ts) - Date.parse(b.ts));
  return db.transaction(async (tx) => {
    const current = await findPurifier(tx, purifierId, true);
    if (!current) throw new Error(`purifier ${purifierId} vanished`);
    let reported: ReportedState = current.reported ?? { reported_at: new Date(0).toISOString() };
    let ack = current.desiredAckVersion;
    let state = current.state;
    let levels = current.maintenanceLevels;
    // The latest firmware news of the batch (its version, an update's status).
    const firmwareNews: { soft_version?: string; firmware?: FirmwareReport } = {};
    // The modes the device switched to, from when (the room's decays are matched with them).
    const modeChanges: { at: Date; mode: PurifierMode }[] = [];
    for (const report of sorted) {
      if (Date.parse(report.ts) < Date.parse(reported.reported_at)) continue; // late, older news
      const { ts, desired_version_ack, maintenance, firmware, ...fields } = report;
      if (fields.mode !== undefined && fields.mode !== reported.mode)
        modeChanges.push({ at: new Date(ts), mode: fields.mode });
      if (fields.soft_version !== undefined) firmwareNews.soft_version = fields.soft_version;
      if (firmware !== undefined) firmwareNews.firmware = firmware;
      reported = { ...reported, ...fields, reported_at: new Date(ts).toISOString() };
      if (maintenance) {
        reported.maintenance = { ...reported.maintenance, ...maintenance };
        levels = { ...levels, ...maintenance };
      }
      if (report.state) state = report.state;
      if (desired_version_ack !== undefined) {
        const version = Math.min(desired_version_ack, current.desired.version);
        ack = Math.max(ack ?? 0, version);
        reported.version = version;
      }
    }
    const values: PurifierValues = {
      reported,
      state,
      maintenanceLevels: levels,
      desiredAckVersion: ack,
      lastSeenAt: now,
      wifiState: 'connected',
    };
    let row = await updatePurifier(tx, purifierId, values);
    // Only a purifier whose desired state names a firmware can be in a rollout's progress: the
    // others (nearly every report) skip the lookup.
    const rollout = current.desired.firmware
      ? await applyFirmwareReport(tx, purifierId, firmwareNews, now)
      : null;
    if (rollout?.purifier) row = rollout.purifier;
    const transitions: DeviceTransition[] = [];
    if (current.wifiState !== 'connected')
      transitions.push({
        deviceKind: 'purifier',
        deviceId: purifierId,
        type: 'wifi',
        from: current.wifiState,
        to: 'connected',
        at: now,
      });
    if (current.state !== state)
      transitions.push({
        deviceKind: 'purifier',
        deviceId: purifierId,
        type: 'state',
        from: current.state,
        to: state,
        at: now,
      });
    await recordDeviceEvents(tx, transitions);
    await recordModeChanges(tx, purifierId, modeChanges);
    return {
      row,
      transitions,
      rollout,
      ...(isDesiredPending(row.desired, row.desiredAckVersion) ? { desired: row.desired } : {}),
    };
  });
}

/**
 * Records that a purifier applied desired `version` (socket `ack`): only forward, never above
 * the current desired version. Returns the row when something changed.
 */
export async function acknowledgeDesired(
  db: Database,
  purifierId: string,
  version: number,
): Promise<PurifierRow | undefined> {
  const [row] = await db
    .update(purifiers)
    .set({
      desiredAckVersion: sql`${version}::int`,
      // An acknowledgement is not a report: a purifier that never reported stays without a
      // reported state (a reported_at of the server's clock would make the device's first
      // report, composed a moment before, look older and be dropped).
      reported: sql`${purifiers.reported} || jsonb_build_object('version', ${version}::int)`,
      updatedAt: new Date(),
    })
    .where(
      sql`${purifiers.id} = ${purifierId}
        AND (${purifiers.desired} ->> 'version')::int >= ${version}
        AND coalesce(${purifiers.desiredAckVersion}, 0) < ${version}`,
    )
    .returning();
  return row;
}

/**
 * What follows a purifier's reports once committed, whatever carried them (HTTP, MQTT): the
 * browsers following it are told, and a rollout whose purifier just finished moves on at once.
 */
export async function announcePurifierReports(
  ctx: Pick<AppContext, 'db' | 'io' | 'logger'>,
  outcome: ReportsOutcome,
): Promise<void> {
  pushPurifier(ctx.io, outcome.row);
  if (outcome.rollout?.finished)
    await moveRolloutOn(ctx.db, ctx.io, outcome.rollout.rolloutId).catch((err: unknown) =>
      // The worker's sweep moves it on in a few seconds.
      ctx.logger.warn({ err }, 'firmware rollout could not move on'),
    );
}
