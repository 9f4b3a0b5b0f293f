import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Server } from 'socket.io';
import {
  userRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@aircloud/shared/realtime';
import type { RedisClient } from '../lib/redis.ts';

/**
 * The realtime emitter both processes use: the typed Socket.IO server with the Redis streams
 * adapter (so an emit from any server node or the worker reaches every socket), the rooms and
 * what ends sockets. The connection handler (who may connect, what they may follow) is the
 * server's (server/src/realtime/gateway.ts).
 */

/** Per-socket data: who is connected, and through which browser session (none for a token). */
export interface SocketData {
  userId: string;
  /** The refresh family of the access cookie the socket signed in with. */
  familyId?: string;
}

/** Room of the sockets of one browser session (refresh family): logout ends exactly those. */
export const sessionRoom = (familyId: string) => `session:${familyId}`;

/** Room of a user's sockets opened with their API token: a new token ends them. */
export const apiTokenRoom = (userId: string) => `api-token:${userId}`;

/** The typed Socket.IO server (no server-to-server events). */
export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/**
 * Attaches Socket.IO to the HTTP server, with the Redis streams adapter so an emit from any
 * server process (or the worker) reaches every socket of the user.
 */
export function createRealtimeServer(
  httpServer: HttpServer,
  redis: RedisClient,
  options: { redisPrefix: string; allowedOrigins: string[] },
): RealtimeServer {
  return new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(
    httpServer,
    {
      path: '/socket.io',
      cors: { origin: options.allowedOrigins, credentials: true },
      adapter: realtimeAdapter(redis, options.redisPrefix),
    },
  );
}

/**
 * The Redis streams adapter with the project's key names (servers and worker share them). It
 * works with an ioredis Cluster as with one node (each command names one key: the stream, a
 * session; its few pub/sub messages use PUBLISH, which a cluster delivers on every node); the
 * sharded adapter of @socket.io/redis-adapter cannot run on ioredis (SSUBSCRIBE, ioredis#1759),
 * has no connection-state recovery and no emitter for the worker (docs/operations.md).
 */
function realtimeAdapter(redis: RedisClient, redisPrefix: string) {
  return createAdapter(redis, {
    streamName: `${redisPrefix}:socket.io`,
    channelPrefix: `${redisPrefix}:socket.io`,
    sessionKeyPrefix: `${redisPrefix}:sio:session:`,
  });
}

/**
 * A Socket.IO server without HTTP listener, for processes that only emit (the worker): its
 * broadcasts go into the Redis stream the server nodes read, so they reach browsers and devices
 * on any node. (@socket.io/redis-emitter speaks the pub/sub adapter's protocol, not the streams
 * adapter's, so it cannot be used here.)
 */
export function createRealtimeEmitter(redis: RedisClient, redisPrefix: string): RealtimeServer {
  // Callers pass a connection that is ready: the adapter duplicates it at once.
  return new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>({
    adapter: realtimeAdapter(redis, redisPrefix),
  });
}

/** Pushes one event to every socket of a user, on every server process. */
export function emitToUser<E extends keyof ServerToClientEvents>(
  io: RealtimeServer,
  userId: string,
  event: E,
  ...payload: Parameters<ServerToClientEvents[E]>
): void {
  io.to(userRoom(userId)).emit(event, ...payload);
}

/**
 * Signs a user out of every socket, on every server node: `session:revoked` first (so the
 * client signs out cleanly), except to the browser session kept (the one that changed its
 * password and got fresh cookies), then every socket is disconnected, that one included: it
 * reconnects with its new cookie.
 */
export function endUserSockets(
  io: RealtimeServer,
  userId: string,
  keepFamily: string | null = null,
): void {
  const everyone = io.to(userRoom(userId));
  (keepFamily ? everyone.except(sessionRoom(keepFamily)) : everyone).emit('session:revoked');
  io.in(userRoom(userId)).disconnectSockets(true);
}

/** Disconnects the sockets a user opened with their API token (it was replaced), every node. */
export function endApiTokenSockets(io: RealtimeServer, userId: string): void {
  io.in(apiTokenRoom(userId)).disconnectSockets(true);
}

/** Disconnects the sockets of one browser session (logout, reuse), on every server node. */
export function endSessionSockets(io: RealtimeServer, familyId: string): void {
  io.in(sessionRoom(familyId)).disconnectSockets(true);
}

/** Stops an emitter made by createRealtimeEmitter: closes its adapters and their Redis readers. */
export async function closeRealtimeEmitter(io: RealtimeServer): Promise<void> {
  await Promise.all([...io._nsps.values()].map((nsp) => nsp.adapter.close()));
}
