import type { Namespace } from 'socket.io';
import { isUlid } from '@aircloud/shared/ids';
import { wifiState } from '@aircloud/shared/purifiers';
import {
  PUBLIC_NAMESPACE,
  sensorRoom,
  type PublicClientToServerEvents,
  type PublicServerToClientEvents,
  type PublicSubscribeAck,
} from '@aircloud/shared/realtime';
import type { AppContext } from '../context.ts';
import { findSensor, lastSample } from '@aircloud/core/sensors/repository';
import { PUBLIC_EVENT_LIMIT, limitEvents } from './event-limit.ts';
import type { RealtimeServer } from '@aircloud/core/realtime/emitter';

/** Sensors one anonymous socket may follow at once (a public graph shows one). */
export const PUBLIC_MAX_SENSORS = 10;

/** The typed public namespace: anonymous sockets following public sensors. */
export type PublicNamespace = Namespace<PublicClientToServerEvents, PublicServerToClientEvents>;

/** The public namespace of this Socket.IO server (created on first use). */
export function publicNamespace(io: RealtimeServer): PublicNamespace {
  return io.of(PUBLIC_NAMESPACE) as unknown as PublicNamespace;
}

/**
 * Follows a public sensor: checks it is public, joins its room, then checks again, so a sensor
 * made private between the check and the join never leaves a socket behind.
 */
async function subscribePublic(
  ctx: Pick<AppContext, 'db'>,
  socket: {
    id: string;
    rooms: Set<string>;
    join(room: string): unknown;
    leave(room: string): unknown;
  },
  target: unknown,
): Promise<PublicSubscribeAck> {
  const id = (target as { sensor?: unknown } | null)?.sensor;
  if (!isUlid(id)) return { ok: false, error: 'invalid' };
  const before = await findSensor(ctx.db, id);
  if (!before || !before.isPublic) return { ok: false, error: 'not_found' };
  const room = sensorRoom(id);
  // Checked and joined with no wait between, so parallel subscribes cannot pass the cap together
  // (every socket is also in the room of its own id).
  const followed = [...socket.rooms].filter((r) => r !== socket.id && r !== room).length;
  if (followed >= PUBLIC_MAX_SENSORS) return { ok: false, error: 'too_many_requests' };
  await socket.join(room);
  const sensor = await findSensor(ctx.db, id);
  if (!sensor || !sensor.isPublic) {
    await socket.leave(room);
    return { ok: false, error: 'not_found' };
  }
  return {
    ok: true,
    sensor: {
      sensor: sensor.id,
      last_sample: await lastSample(ctx.db, sensor.id),
      wifi_state: wifiState(sensor.lastSeenAt, sensor.reportingIntervalS),
      last_seen_at: sensor.lastSeenAt?.toISOString() ?? null,
    },
  };
}

/**
 * The `/public` namespace: no authentication, no cookies; a socket may only `subscribe` to a
 * public sensor (room `sensor:<ulid>` of this namespace), fed by the live-sample relay; a few
 * events a second and at most PUBLIC_MAX_SENSORS sensors per socket.
 */
export function attachPublicNamespace(
  io: RealtimeServer,
  ctx: Pick<AppContext, 'db' | 'logger'>,
): void {
  publicNamespace(io).on('connection', (socket) => {
    socket.use(limitEvents(socket, PUBLIC_EVENT_LIMIT));
    socket.on('subscribe', (target, ack) => {
      if (typeof ack !== 'function') return;
      subscribePublic(ctx, socket, target)
        .then(ack)
        .catch((err: unknown) => {
          ctx.logger.warn({ err }, 'public subscribe failed');
          ack({ ok: false, error: 'not_found' });
        });
    });
    socket.on('unsubscribe', (target, ack) => {
      const id = (target as { sensor?: unknown } | null)?.sensor;
      const ok = isUlid(id);
      if (ok) void socket.leave(sensorRoom(id));
      if (typeof ack === 'function') ack({ ok });
    });
  });
}

/**
 * A sensor stopped being public (or was deleted): tells the anonymous sockets following it
 * (`sensor:closed`) and makes them leave its room at once, on every server node (adapter).
 */
export function closePublicSensor(io: RealtimeServer, sensorId: string): void {
  const room = sensorRoom(sensorId);
  const nsp = publicNamespace(io);
  nsp.to(room).emit('sensor:closed', { sensor: sensorId });
  nsp.in(room).socketsLeave(room);
}
