import { EMPTY, Observable, share, switchMap } from 'rxjs';
import type { FleetSummary } from '@aircloud/shared/fleet';
import type { FleetSubscribeAck } from '@aircloud/shared/realtime';
import { socket$, type RealtimeSocket } from './socket.ts';

/** What the fleet channel says: a new summary, or that the server closed it (role taken away). */
export type FleetMessage = { type: 'summary'; summary: FleetSummary } | { type: 'closed' };

/** Follows the fleet on one socket: subscribes on connect (each reconnect too), leaves at the end. */
function follow(socket: RealtimeSocket): Observable<FleetMessage> {
  return new Observable<FleetMessage>((subscriber) => {
    const subscribe = () =>
      socket.emit('fleet:subscribe', (ack: FleetSubscribeAck) => {
        if (subscriber.closed) return;
        if (ack.ok) subscriber.next({ type: 'summary', summary: ack.summary });
        else if (ack.error === 'forbidden') subscriber.next({ type: 'closed' });
      });
    const onSummary = (summary: FleetSummary) => subscriber.next({ type: 'summary', summary });
    const onClosed = () => subscriber.next({ type: 'closed' });
    socket.on('fleet:summary', onSummary);
    socket.on('fleet:closed', onClosed);
    socket.on('connect', subscribe);
    if (socket.connected) subscribe();
    return () => {
      socket.off('fleet:summary', onSummary);
      socket.off('fleet:closed', onClosed);
      socket.off('connect', subscribe);
      if (socket.connected) socket.emit('fleet:unsubscribe');
    };
  });
}

/**
 * The fleet channel: one subscription shared by whoever follows it, on whichever socket is
 * open (none while signed out). The server pushes at most every 5 s and only on change.
 */
export const fleetChannel$: Observable<FleetMessage> = socket$.pipe(
  switchMap((socket) => (socket ? follow(socket) : EMPTY)),
  share(),
);
