import { wifiState } from '@aircloud/shared/purifiers';
import {
  purifierRoom,
  sensorRoom,
  type SubscribeAck,
  type SubscriptionTarget,
} from '@aircloud/shared/realtime';
import type { AppContext } from '../context.ts';
import { purifierAccess } from '@aircloud/core/access/purifier-access';
import { purifierPresenter } from '../modules/purifiers/presenter.ts';
import { findPurifier } from '@aircloud/core/purifiers/repository';
import { canAccessSensor } from '@aircloud/core/access/sensor-access';
import { findSensor, lastSample } from '@aircloud/core/sensors/repository';
import { findUserById } from '@aircloud/core/users/repository';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/i;

/** The room a subscription target names, or null when the target is malformed. */
export function roomOf(target: unknown): string | null {
  if (typeof target !== 'object' || target === null) return null;
  const t = target as Partial<Record<'purifier' | 'sensor', unknown>>;
  if (typeof t.purifier === 'string' && ULID.test(t.purifier)) return purifierRoom(t.purifier);
  if (typeof t.sensor === 'string' && ULID.test(t.sensor)) return sensorRoom(t.sensor);
  return null;
}

/**
 * Handles `subscribe`: the same access rule as the REST API (the machine policies: owner, admin,
 * accepted invitation), a refusal never reveals whether the machine exists. The socket joins the
 * room BEFORE the snapshot is read, so no update falls between the snapshot and the stream.
 */
export async function subscribe(
  ctx: Pick<AppContext, 'db'>,
  socket: { data: { userId: string }; join(room: string): unknown; leave(room: string): unknown },
  target: SubscriptionTarget,
): Promise<SubscribeAck> {
  const room = roomOf(target);
  if (!room) return { ok: false, error: 'invalid' };
  const user = await findUserById(ctx.db, socket.data.userId);
  if (!user || !user.enabled) return { ok: false, error: 'not_found' };
  if ('purifier' in target) {
    const exists = await findPurifier(ctx.db, target.purifier);
    const access = exists ? await purifierAccess(ctx.db, user, exists) : null;
    if (!exists || !access) return { ok: false, error: 'not_found' };
    await socket.join(room);
    // Checked again once joined: a revocation between the check and the join has already
    // emptied the room, so this socket would stay in it without the second look.
    const row = (await findPurifier(ctx.db, target.purifier)) ?? exists;
    const still = await purifierAccess(ctx.db, user, row);
    if (!still) {
      await socket.leave(room);
      return { ok: false, error: 'not_found' };
    }
    return { ok: true, purifier: purifierPresenter(row, new Date(), still) };
  }
  const sensor = await findSensor(ctx.db, target.sensor);
  if (!sensor || !(await canAccessSensor(ctx.db, user, sensor, 'view')))
    return { ok: false, error: 'not_found' };
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
