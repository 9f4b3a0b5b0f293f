import { Observable, share, timer } from 'rxjs';
import type { Socket } from 'socket.io-client';
import {
  PUBLIC_NAMESPACE,
  type PublicClientToServerEvents,
  type PublicServerToClientEvents,
  type PublicSubscribeAck,
  type SensorClosedEvent,
  type SensorSamplesEvent,
  type SensorSnapshot,
} from '@aircloud/shared/realtime';

/** The messages of a public sensor: its snapshot, its samples, and its closing. */
export type PublicSensorMessage =
  | { type: 'snapshot'; sensor: SensorSnapshot }
  | { type: 'samples'; event: SensorSamplesEvent }
  | { type: 'closed' };

/** The part of the anonymous socket the channel uses (a fake one in tests). */
export type PublicSocket = Pick<
  Socket<PublicServerToClientEvents, PublicClientToServerEvents>,
  'on' | 'off' | 'emit' | 'connected' | 'disconnect'
>;

/** Opens the anonymous socket of the public namespace (socket.io-client loaded on demand). */
async function openPublicSocket(): Promise<PublicSocket> {
  const { io } = await import('socket.io-client');
  return io(PUBLIC_NAMESPACE, { path: '/socket.io' });
}

/**
 * Follows a public sensor on the `/public` namespace, without an account: snapshot on each
 * (re)connection, then samples; `closed` when the owner turns public view off (or the server
 * refuses the sensor), after which the stream completes. `open` gives the socket (tests).
 */
export function publicSensor$(
  ulid: string,
  open: () => Promise<PublicSocket> = openPublicSocket,
): Observable<PublicSensorMessage> {
  return new Observable<PublicSensorMessage>((subscriber) => {
    let socket: PublicSocket | null = null;
    let stopped = false;
    const target = { sensor: ulid };
    const closed = () => {
      subscriber.next({ type: 'closed' });
      subscriber.complete();
    };
    const subscribe = () =>
      socket?.emit('subscribe', target, (ack: PublicSubscribeAck) => {
        if (subscriber.closed) return;
        if (ack.ok) subscriber.next({ type: 'snapshot', sensor: ack.sensor });
        else closed();
      });
    const onSamples = (event: SensorSamplesEvent) => {
      if (event.sensor === ulid) subscriber.next({ type: 'samples', event });
    };
    const onClosed = (event: SensorClosedEvent) => {
      if (event.sensor === ulid) closed();
    };
    open()
      .then((opened) => {
        if (stopped) {
          opened.disconnect();
          return;
        }
        socket = opened;
        opened.on('connect', subscribe);
        opened.on('sensor:samples', onSamples);
        opened.on('sensor:closed', onClosed);
        if (opened.connected) subscribe();
      })
      .catch(() => {
        // Live updates are a bonus: the graph still shows what HTTP gave it.
      });
    return () => {
      stopped = true;
      socket?.off('connect', subscribe);
      socket?.off('sensor:samples', onSamples);
      socket?.off('sensor:closed', onClosed);
      socket?.disconnect();
    };
  }).pipe(share({ resetOnRefCountZero: () => timer(1000) }));
}
