import { sql } from 'drizzle-orm';
import { FLEET_PUSH_MS } from '@aircloud/shared/fleet';
import { FLEET_ROOM, type FleetSubscribeAck } from '@aircloud/shared/realtime';
import { hasRole, ROLES, type Role } from '@aircloud/shared/roles';
import { findUserById } from '@aircloud/core/users/repository';
import type { RealtimeServer } from '@aircloud/core/realtime/emitter';
import type { AppContext } from '../context.ts';
import { sharedFleetSummary } from '../modules/fleet/service.ts';

type FleetContext = Pick<AppContext, 'db' | 'redis' | 'config' | 'logger'>;
interface FleetSocket {
  data: { userId: string };
  join(room: string): unknown;
}

/** Technicians and admins, enabled: who may follow the fleet. */
const mayFollow = (user: { role: string; enabled: boolean } | undefined) =>
  !!user && user.enabled && hasRole(user.role as Role, 'ROLE_TECHNICIAN');
const FOLLOWING_ROLES = ROLES.filter((role) => hasRole(role, 'ROLE_TECHNICIAN'));

/**
 * The fleet channel: a technician's or admin's socket sends `fleet:subscribe` and gets the
 * summary, then `fleet:summary` at most every FLEET_PUSH_MS while anything is followed. Each
 * process serves its own sockets (a summary is a few indexed reads, cheaper than a lock) and,
 * before each push, checks their users again: a socket whose user lost the role or was
 * disabled leaves the room (`fleet:closed`), so an ended access ends the stream within one tick.
 */
export function attachFleetChannel(io: RealtimeServer, ctx: FleetContext): () => void {
  io.on('connection', (socket) => {
    socket.on('fleet:subscribe', (ack) => {
      if (typeof ack !== 'function') return;
      subscribeFleet(ctx, socket)
        .then(ack)
        .catch((err: unknown) => {
          ctx.logger.warn({ err }, 'fleet subscribe failed');
          ack({ ok: false, error: 'forbidden' });
        });
    });
    socket.on('fleet:unsubscribe', () => void socket.leave(FLEET_ROOM));
  });

  let running = false;
  let last = '';
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    pushFleet(io, ctx, last)
      .then((sent) => {
        last = sent;
      })
      .catch((err: unknown) => ctx.logger.warn({ err }, 'fleet push failed'))
      .finally(() => {
        running = false;
      });
  }, FLEET_PUSH_MS);
  timer.unref();
  return () => clearInterval(timer);
}

async function subscribeFleet(ctx: FleetContext, socket: FleetSocket): Promise<FleetSubscribeAck> {
  if (!mayFollow(await findUserById(ctx.db, socket.data.userId)))
    return { ok: false, error: 'forbidden' };
  await socket.join(FLEET_ROOM);
  return { ok: true, summary: await sharedFleetSummary(ctx) };
}

/**
 * One tick: the local sockets of the room, their users checked in one query, the summary sent
 * when it changed since the last push (answers what was sent).
 */
async function pushFleet(io: RealtimeServer, ctx: FleetContext, last: string): Promise<string> {
  const sockets = await io.local.in(FLEET_ROOM).fetchSockets();
  if (sockets.length === 0) return '';
  const userIds = [...new Set(sockets.map((s) => s.data.userId))];
  const { rows } = await ctx.db.execute<{ id: string }>(sql`
    SELECT id FROM users
     WHERE id = ANY(${sql.param(userIds)}::text[]) AND enabled
       AND role = ANY(${sql.param(FOLLOWING_ROLES)}::text[])`);
  const allowed = new Set(rows.map((r) => r.id));
  for (const socket of sockets)
    if (!allowed.has(socket.data.userId)) {
      socket.leave(FLEET_ROOM);
      socket.emit('fleet:closed');
    }
  if (allowed.size === 0) return '';
  const summary = await sharedFleetSummary(ctx);
  const { generated_at: _at, ...content } = summary;
  const signature = JSON.stringify(content);
  if (signature === last) return last;
  io.local.to(FLEET_ROOM).emit('fleet:summary', summary);
  return signature;
}
