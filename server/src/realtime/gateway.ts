import { parse as parseCookies } from 'cookie';
import { userRoom } from '@aircloud/shared/realtime';
import type { AppContext } from '../context.ts';
import { resolveUser } from '../http/authenticate.ts';
import { allowedOriginSet, isAllowedOrigin } from '../http/csrf.ts';
import { ACCESS_COOKIE } from '../modules/auth/cookies.ts';
import { apiTokenRoom, sessionRoom, type RealtimeServer } from '@aircloud/core/realtime/emitter';
import { BROWSER_EVENT_LIMIT, limitEvents } from './event-limit.ts';
import { roomOf, subscribe } from './subscriptions.ts';

/** Authenticates each connection (access_token cookie, or auth.token = API token) and joins its room. */
export function attachRealtimeHandlers(
  io: RealtimeServer,
  ctx: Pick<AppContext, 'db' | 'accessTokens' | 'logger' | 'config'>,
): void {
  const allowed = allowedOriginSet(ctx.config.allowedOrigins);
  io.use((socket, next) => {
    const { headers } = socket.handshake;
    const cookies = parseCookies(headers.cookie ?? '');
    const authToken = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const apiToken = typeof authToken === 'string' && authToken !== '' ? authToken : undefined;
    // Browsers do not apply CORS to WebSockets: a page of another site could open one with the
    // user's cookie and read the live data (cross-site WebSocket hijacking).
    if (!apiToken && headers.origin && !isAllowedOrigin(allowed, headers.origin, headers.host))
      return next(new Error('csrf_origin'));
    resolveUser(ctx, apiToken ? { apiToken } : { accessToken: cookies[ACCESS_COOKIE] })
      .then((caller) => {
        if (!caller) return next(new Error('unauthorized'));
        socket.data.userId = caller.user.id;
        if (caller.familyId) socket.data.familyId = caller.familyId;
        next();
      })
      .catch((err: unknown) => {
        ctx.logger.error({ err }, 'socket authentication failed');
        next(new Error('unauthorized'));
      });
  });

  io.on('connection', (socket) => {
    socket.use(limitEvents(socket, BROWSER_EVENT_LIMIT));
    const { userId, familyId } = socket.data;
    void socket.join([userRoom(userId), familyId ? sessionRoom(familyId) : apiTokenRoom(userId)]);
    socket.on('ping', (ack) => {
      if (typeof ack === 'function') ack(new Date().toISOString());
    });
    socket.on('subscribe', (target, ack) => {
      if (typeof ack !== 'function') return;
      subscribe(ctx, socket, target)
        .then(ack)
        .catch((err: unknown) => {
          ctx.logger.warn({ err }, 'subscribe failed');
          ack({ ok: false, error: 'not_found' });
        });
    });
    socket.on('unsubscribe', (target, ack) => {
      const room = roomOf(target);
      if (room && room !== userRoom(socket.data.userId)) void socket.leave(room);
      if (typeof ack === 'function') ack({ ok: room !== null });
    });
  });
}
