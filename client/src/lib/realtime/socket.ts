import { BehaviorSubject, Subject } from 'rxjs';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@aircloud/shared/realtime';
import type { Me } from '@aircloud/shared/users';
import type { NetworkEvent } from '@aircloud/shared/network-events';
import type { AlertTriggerEvent } from '@aircloud/shared/alert-rules';
import type { AccessRevokedEvent, InvitationChangedEvent } from '@aircloud/shared/invitations';
import type { NotificationEvent, NotificationsReadEvent } from '@aircloud/shared/notifications';

/** One RxJS stream per server event; subscribers never touch the socket itself. */
export const realtime = {
  meUpdated$: new Subject<Me>(),
  sessionRevoked$: new Subject<void>(),
  /** A Meraki webhook event was received for one of the user's purifiers. */
  networkEventCreated$: new Subject<NetworkEvent>(),
  /** An alert rule of a sensor the user sees triggered or stopped. */
  alertTriggerCreated$: new Subject<AlertTriggerEvent>(),
  /** The user lost access to machines (invitation revoked or left): their pages show not-found. */
  accessRevoked$: new Subject<AccessRevokedEvent>(),
  /** An invitation the user sent or received was changed by the other side. */
  invitationChanged$: new Subject<InvitationChangedEvent>(),
  /** A notification was recorded for the user (with their unread count). */
  notificationCreated$: new Subject<NotificationEvent>(),
  /** The user marked notifications read (in this tab or another): the unread count. */
  notificationsRead$: new Subject<NotificationsReadEvent>(),
  /**
   * The server refused the socket's access cookie (expired, or of an ended session): renew the
   * session over HTTP, then `retryRealtime`. Once per refusal streak, so it cannot loop.
   */
  connectRefused$: new Subject<void>(),
};

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The part of the socket the channels use (a fake one in tests). */
export type RealtimeSocket = Pick<ClientSocket, 'on' | 'off' | 'emit' | 'connected'>;

/** The open socket, null while signed out; channels follow it. */
export const socket$ = new BehaviorSubject<RealtimeSocket | null>(null);

let socket: ClientSocket | null = null;
let opening: Promise<void> | null = null;
let wanted = false;
let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
/** Whether `connectRefused$` already fired since the socket last connected. */
let refusalReported = false;

/**
 * How long to wait before reconnecting a socket the server disconnected. The server ends the
 * sockets of a session when its credentials end (password changed, account disabled): a browser
 * that was signed out receives `session:revoked` first and closes the socket meanwhile; the one
 * that changed the password gets its new cookie with the same answer and reconnects with it.
 */
export const SERVER_DISCONNECT_RECONNECT_MS = 1000;

function cancelReconnect(): void {
  if (reconnectTimer) clearTimeout(reconnectTimer);
  reconnectTimer = null;
}

/** Opens the socket (once); socket.io-client is loaded on demand to keep the login page small. */
export function openRealtime(): Promise<void> {
  wanted = true;
  if (socket || opening) return opening ?? Promise.resolve();
  opening = import('socket.io-client')
    .then(({ io }) => {
      if (!wanted) return;
      const next: ClientSocket = io({ path: '/socket.io', withCredentials: true });
      next.on('me:updated', (me) => realtime.meUpdated$.next(me));
      next.on('session:revoked', () => realtime.sessionRevoked$.next());
      next.on('network-event:created', (event) => realtime.networkEventCreated$.next(event));
      next.on('alert-trigger:created', (event) => realtime.alertTriggerCreated$.next(event));
      next.on('access:revoked', (event) => realtime.accessRevoked$.next(event));
      next.on('invitation:changed', (event) => realtime.invitationChanged$.next(event));
      next.on('notification:created', (event) => realtime.notificationCreated$.next(event));
      next.on('notifications:read', (event) => realtime.notificationsRead$.next(event));
      next.on('connect', () => {
        refusalReported = false;
      });
      next.on('connect_error', (error) => {
        // A refusal by the server's middleware is final for socket.io-client (`active` false).
        if (next.active || error.message !== 'unauthorized' || refusalReported) return;
        refusalReported = true;
        realtime.connectRefused$.next();
      });
      next.on('disconnect', (reason) => {
        // socket.io-client only reconnects by itself after a lost transport, not after this.
        if (reason !== 'io server disconnect') return;
        cancelReconnect();
        reconnectTimer = setTimeout(() => {
          reconnectTimer = null;
          if (wanted && socket === next && !next.connected) next.connect();
        }, SERVER_DISCONNECT_RECONNECT_MS);
      });
      socket = next;
      socket$.next(next);
    })
    .catch(() => {
      // Live updates are a bonus: the pages still work from HTTP alone.
    })
    .finally(() => {
      opening = null;
    });
  return opening;
}

/**
 * Reconnects the socket now, with the current cookies: after this browser's session was renewed
 * (its password changed), the server ended the socket of the old session.
 */
export function reconnectRealtime(): void {
  cancelReconnect();
  if (!wanted || !socket) return;
  socket.disconnect();
  socket.connect();
}

/** Connects again a socket the server refused, once the session was renewed. */
export function retryRealtime(): void {
  if (wanted && socket && !socket.connected && !socket.active) socket.connect();
}

/** Closes the socket (logout). */
export function closeRealtime(): void {
  wanted = false;
  cancelReconnect();
  socket?.disconnect();
  socket = null;
  socket$.next(null);
}

/** Replaces the socket the channels follow: tests inject a fake one. */
export function setRealtimeSocket(fake: RealtimeSocket | null): void {
  socket$.next(fake);
}
