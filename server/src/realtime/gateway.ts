import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { parse as parseCookies } from 'cookie';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import {
  userRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@aircloud/shared/realtime';
import type { AppContext } from '../context.ts';
import { resolveUser } from '../http/authenticate.ts';
import { ACCESS_COOKIE } from '../modules/auth/cookies.ts';

/** Per-socket data: who is connected. */
export interface SocketData {
  userId: string;
}

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
  redis: Redis,
  options: { redisPrefix: string; allowedOrigins: string[] },
): RealtimeServer {
  return new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(
    httpServer,
    {
      path: '/socket.io',
      cors: { origin: options.allowedOrigins, credentials: true },
      adapter: createAdapter(redis, {
        streamName: `${options.redisPrefix}:socket.io`,
        channelPrefix: `${options.redisPrefix}:socket.io`,
        sessionKeyPrefix: `${options.redisPrefix}:sio:session:`,
      }),
    },
  );
}

/** Authenticates each connection (access_token cookie, or auth.token = API token) and joins its room. */
export function attachRealtimeHandlers(
  io: RealtimeServer,
  ctx: Pick<AppContext, 'db' | 'accessTokens' | 'logger'>,
): void {
  io.use((socket, next) => {
    const cookies = parseCookies(socket.handshake.headers.cookie ?? '');
    const authToken = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const apiToken = typeof authToken === 'string' && authToken !== '' ? authToken : undefined;
    resolveUser(ctx, apiToken ? { apiToken } : { accessToken: cookies[ACCESS_COOKIE] })
      .then((user) => {
        if (!user) return next(new Error('unauthorized'));
        socket.data.userId = user.id;
        next();
      })
      .catch((err: unknown) => {
        ctx.logger.error({ err }, 'socket authentication failed');
        next(new Error('unauthorized'));
      });
  });

  io.on('connection', (socket) => {
    void socket.join(userRoom(socket.data.userId));
    socket.on('ping', (ack) => {
      if (typeof ack === 'function') ack(new Date().toISOString());
    });
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
