import { BehaviorSubject, Subject } from 'rxjs';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@aircloud/shared/realtime';
import type { Me } from '@aircloud/shared/users';
import type { NetworkEvent } from '@aircloud/shared/network-events';
import type { AlertTriggerEvent } from '@aircloud/shared/alert-rules';
import type { AccessRevokedEvent, InvitationChangedEvent } from '@aircloud/shared/invitations';

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
};

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The part of the socket the channels use (a fake one in tests). */
export type RealtimeSocket = Pick<ClientSocket, 'on' | 'off' | 'emit' | 'connected'>;

/** The open socket, null while signed out; channels follow it. */
export const socket$ = new BehaviorSubject<RealtimeSocket | null>(null);

let socket: ClientSocket | null = null;
let opening: Promise<void> | null = null;
let wanted = false;

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

/** Closes the socket (logout). */
export function closeRealtime(): void {
  wanted = false;
  socket?.disconnect();
  socket = null;
  socket$.next(null);
}

/** Replaces the socket the channels follow: tests inject a fake one. */
export function setRealtimeSocket(fake: RealtimeSocket | null): void {
  socket$.next(fake);
}
