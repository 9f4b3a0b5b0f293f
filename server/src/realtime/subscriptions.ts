import { isUlid } from '@aircloud/shared/ids';
import { wifiState } from '@aircloud/shared/purifiers';
import {
  purifierRoom,
  sensorRoom,
  type SubscribeAck,
  type SubscriptionTarget,
} from '@aircloud/shared/realtime';
import type { AppContext } from '../context.ts';
import { findMachine } from '@aircloud/core/access/machine-access';
import { mqttUrlOf, purifierPresenter } from '../modules/purifiers/presenter.ts';
import { findSensor, lastSample } from '@aircloud/core/sensors/repository';
import { findUserById } from '@aircloud/core/users/repository';

/** The room a subscription target names, or null when the target is malformed. */
export function roomOf(target: unknown): string | null {
  if (typeof target !== 'object' || target === null) return null;
  const t = target as Partial<Record<'purifier' | 'sensor', unknown>>;
  if (isUlid(t.purifier)) return purifierRoom(t.purifier);
  if (isUlid(t.sensor)) return sensorRoom(t.sensor);
  return null;
}

/**
 * Handles `subscribe`: the same guard as the REST API (access/machine-access.ts: owner, admin,
 * accepted invitation; view), a refusal never reveals whether the machine exists. The socket
 * joins the room BEFORE the snapshot is read, so no update falls between the snapshot and the
 * stream.
 */
export async function subscribe(
  ctx: Pick<AppContext, 'db' | 'config'>,
  socket: { data: { userId: string }; join(room: string): unknown; leave(room: string): unknown },
  target: SubscriptionTarget,
): Promise<SubscribeAck> {
  const room = roomOf(target);
  if (!room) return { ok: false, error: 'invalid' };
  const user = await findUserById(ctx.db, socket.data.userId);
  if (!user || !user.enabled) return { ok: false, error: 'not_found' };
  if ('purifier' in target) {
    if (!(await findMachine(ctx.db, user, 'purifier', target.purifier)))
      return { ok: false, error: 'not_found' };
    await socket.join(room);
    // Checked again once joined: a revocation between the check and the join has already
    // emptied the room, so this socket would stay in it without the second look.
    const still = await findMachine(ctx.db, user, 'purifier', target.purifier);
    if (!still) {
      await socket.leave(room);
      return { ok: false, error: 'not_found' };
    }
    return {
      ok: true,
      purifier: purifierPresenter(still.row, new Date(), still.access, mqttUrlOf(ctx)),
    };
  }
  const reached = await findMachine(ctx.db, user, 'sensor', target.sensor);
  if (!reached) return { ok: false, error: 'not_found' };
  const sensor = reached.row;
  await socket.join(room);
  const last = await lastSample(ctx.db, sensor.id);
  const fresh = (await findSensor(ctx.db, sensor.id)) ?? sensor;
  return {
    ok: true,
    sensor: {
      sensor: sensor.id,
      last_sample: last,
      wifi_state: wifiState(fresh.lastSeenAt, fresh.reportingIntervalS),
      last_seen_at: fresh.lastSeenAt?.toISOString() ?? null,
    },
  };
}
