import { ulid } from '@aircloud/core/lib/ulid';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { controlsPurifier } from '@aircloud/core/access/machine-access';
import {
  modeInForce,
  networkEndDesired,
  networkStartDesired,
} from '@aircloud/core/purifiers/desired-state';
import {
  findPurifier,
  updatePurifier,
  type PurifierRow,
} from '@aircloud/core/purifiers/repository';
import {
  airAlertType,
  alertPairKey,
  alertPhase,
  isMtSensorAlert,
  merakiMode,
} from './alert-mapping.ts';
import {
  insertNetworkEvent,
  openStarts,
  setEventDesiredVersion,
  type NetworkEventRow,
} from './repository.ts';

/**
 * The life of a Meraki alert on a purifier: a start, its end, and what each does to the
 * purifier's desired mode (docs/api-operations.md, docs/decisions.md "Meraki webhook").
 */

/** The fields of Cisco Meraki's webhook body this receiver needs; anything else is kept as is. */
export const merakiBodySchema = z.looseObject({
  sharedSecret: z.string().optional(),
  alertId: z.string().min(1),
  alertType: z.string().optional(),
  alertTypeId: z.string().optional(),
  alertLevel: z.string().optional(),
  occurredAt: z.string().refine((value) => !Number.isNaN(Date.parse(value))),
  alertData: z.unknown().optional(),
});

/** An alert still going on after this long no longer keeps another one's end from acting. */
const STALE_ALERT_MS = 7 * 24 * 3600 * 1000;

/** What handling a valid alert did, decided under the purifier's lock. */
export type AlertHandling =
  | { kind: 'gone' }
  | { kind: 'duplicate' }
  | { kind: 'logged'; event: NetworkEventRow; purifier: PurifierRow | null };

/**
 * Logs one valid alert and applies it, in one transaction with the purifier locked (two alerts
 * of one purifier are decided one after the other). A start (mode auto) keeps what was in force
 * before it — before the first of the alerts still going on — and sets auto; an end (mode
 * silent) closes its start (same `alertConfigId`, else the same alert id) and, when no other
 * alert of the purifier goes on, gives that mode back (networkEndDesired). An end without a
 * start, and an alert of anything but an MT sensor (mode unknown), change nothing.
 */
export async function handleAlert(
  ctx: AppContext,
  purifierId: string,
  owner: string,
  alert: z.infer<typeof merakiBodySchema>,
  raw: Record<string, unknown>,
): Promise<AlertHandling> {
  return ctx.db.transaction(async (tx): Promise<AlertHandling> => {
    const current = await findPurifier(tx, purifierId, true);
    // The webhook acts for the purifier's owner: only while they control it.
    if (!current || !(await controlsPurifier(tx, owner, purifierId))) return { kind: 'gone' };
    const now = new Date();
    const air = isMtSensorAlert(alert);
    const phase = alertPhase(alert);
    let pairKey = alertPairKey(alert);
    const open = air ? await openStarts(tx, purifierId) : [];
    const start =
      phase === 'end'
        ? open.find((row) => row.pairKey === pairKey || row.alertId === alert.alertId)
        : undefined;
    // An end may not repeat the measure: it is its start's.
    let alertType = airAlertType(alert);
    if (alertType === 'unknown' && start) alertType = start.alertType as typeof alertType;
    if (start) pairKey = start.pairKey;
    const mode = merakiMode(alert, alertType);
    const others = open.filter(
      (row) => row.id !== start?.id && now.getTime() - row.receivedAt.getTime() < STALE_ALERT_MS,
    );
    const prior =
      mode === 'auto'
        ? (others.find((row) => row.prior)?.prior ?? modeInForce(current.desired))
        : null;

    let event = await insertNetworkEvent(tx, {
      id: ulid(),
      purifierId,
      occurredAt: new Date(alert.occurredAt),
      alertId: alert.alertId,
      alertType,
      mode,
      raw,
      pairKey: mode === 'unknown' ? null : pairKey,
      prior,
      startEventId: mode === 'silent' ? (start?.id ?? null) : null,
    });
    if (!event) return { kind: 'duplicate' };

    let desired = null;
    if (mode === 'auto') desired = networkStartDesired(current.desired, now);
    else if (mode === 'silent' && start?.prior && others.length === 0)
      desired = networkEndDesired(current.desired, start.prior, now);
    if (!desired) return { kind: 'logged', event, purifier: null };
    const updated = await updatePurifier(tx, purifierId, { desired });
    event = await setEventDesiredVersion(tx, event.id, desired.version);
    return { kind: 'logged', event, purifier: updated };
  });
}
