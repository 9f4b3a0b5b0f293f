import {
  distinctUntilChanged,
  EMPTY,
  finalize,
  Observable,
  of,
  share,
  switchMap,
  timer,
} from 'rxjs';
import type { Purifier } from '@aircloud/shared/purifiers';
import type { Sensor, SensorImport } from '@aircloud/shared/sensors';
import type {
  PurifierLive,
  SensorLive,
  SensorSamplesEvent,
  SensorSnapshot,
  SubscribeAck,
  SubscriptionTarget,
} from '@aircloud/shared/realtime';
import { socket$ as currentSocket$, type RealtimeSocket } from './socket.ts';

/** What a browser can follow live. */
export type ChannelKind = 'purifier' | 'sensor';

/** The messages of one channel: its snapshot first (again after a reconnect), then updates. */
export interface ChannelMessages {
  purifier: { type: 'snapshot'; purifier: Purifier } | { type: 'updated'; purifier: PurifierLive };
  sensor:
    | { type: 'snapshot'; sensor: SensorSnapshot }
    | { type: 'samples'; event: SensorSamplesEvent }
    | { type: 'updated'; sensor: SensorLive }
    | { type: 'changed'; sensor: Sensor }
    | { type: 'import'; sensorImport: SensorImport };
}

/**
 * The server refused a subscription (`not_found`, `invalid`, `too_many_requests`): the channel
 * errors with it.
 */
export class ChannelError extends Error {
  constructor(readonly code: Extract<SubscribeAck, { ok: false }>['error']) {
    super(`realtime subscription refused: ${code}`);
    this.name = 'ChannelError';
  }
}

/** How long a channel outlives its last subscriber: a page switch does not resubscribe. */
export const CHANNEL_RESET_DELAY_MS = 1000;

function targetOf(kind: ChannelKind, id: string): SubscriptionTarget {
  return kind === 'purifier' ? { purifier: id } : { sensor: id };
}

/** One channel on one socket: subscribes on connect (each reconnect too), unsubscribes at the end. */
function follow<K extends ChannelKind>(
  socket: RealtimeSocket,
  kind: K,
  id: string,
): Observable<ChannelMessages[K]> {
  return new Observable<ChannelMessages[ChannelKind]>((subscriber) => {
    const target = targetOf(kind, id);
    const subscribe = () => {
      socket.emit('subscribe', target, (ack: SubscribeAck) => {
        if (subscriber.closed) return;
        if (!ack.ok) subscriber.error(new ChannelError(ack.error));
        else if ('purifier' in ack) subscriber.next({ type: 'snapshot', purifier: ack.purifier });
        else subscriber.next({ type: 'snapshot', sensor: ack.sensor });
      });
    };
    const onPurifier = (purifier: PurifierLive) => {
      if (kind === 'purifier' && purifier.ulid === id)
        subscriber.next({ type: 'updated', purifier });
    };
    const onSamples = (event: SensorSamplesEvent) => {
      if (kind === 'sensor' && event.sensor === id) subscriber.next({ type: 'samples', event });
    };
    const onSensor = (sensor: SensorLive) => {
      if (kind === 'sensor' && sensor.ulid === id) subscriber.next({ type: 'updated', sensor });
    };
    const onSensorChanged = (sensor: Sensor) => {
      if (kind === 'sensor' && sensor.ulid === id) subscriber.next({ type: 'changed', sensor });
    };
    // An import names its sensor by ulid or by IRI.
    const onImport = (sensorImport: SensorImport) => {
      if (
        kind === 'sensor' &&
        (sensorImport.sensor === id || sensorImport.sensor.endsWith(`/${id}`))
      )
        subscriber.next({ type: 'import', sensorImport });
    };
    // A reconnected socket has left every room: subscribing again brings a fresh snapshot.
    socket.on('connect', subscribe);
    socket.on('purifier:updated', onPurifier);
    socket.on('sensor:samples', onSamples);
    socket.on('sensor:updated', onSensor);
    socket.on('sensor:changed', onSensorChanged);
    socket.on('sensor-import:updated', onImport);
    if (socket.connected) subscribe();
    return () => {
      socket.off('connect', subscribe);
      socket.off('purifier:updated', onPurifier);
      socket.off('sensor:samples', onSamples);
      socket.off('sensor:updated', onSensor);
      socket.off('sensor:changed', onSensorChanged);
      socket.off('sensor-import:updated', onImport);
      // A disconnected socket is in no room any more; a buffered emit would only be noise.
      if (socket.connected) socket.emit('unsubscribe', target);
    };
  }) as Observable<ChannelMessages[K]>;
}

/** The channel factory over a socket source (the app's socket, or a fake one in tests). */
export function createChannels(source$: Observable<RealtimeSocket | null>) {
  const channels = new Map<string, Observable<ChannelMessages[ChannelKind]>>();
  return function channel$<K extends ChannelKind>(
    kind: K,
    id: string,
  ): Observable<ChannelMessages[K]> {
    const key = `${kind}:${id}`;
    let channel = channels.get(key);
    if (!channel) {
      const created: Observable<ChannelMessages[ChannelKind]> = source$.pipe(
        distinctUntilChanged(),
        switchMap((socket) => (socket ? follow(socket, kind, id) : EMPTY)),
        finalize(() => {
          if (channels.get(key) === created) channels.delete(key);
        }),
        share({
          resetOnRefCountZero: () => timer(CHANNEL_RESET_DELAY_MS),
          resetOnError: true,
          resetOnComplete: true,
        }),
      );
      channels.set(key, created);
      channel = created;
    }
    return channel as Observable<ChannelMessages[K]>;
  };
}

/**
 * One shared stream per purifier or sensor on the app's socket: snapshot first, then updates;
 * a refused subscription errors it with a ChannelError.
 */
export const channel$ = createChannels(currentSocket$);

/** Whether the app's socket is connected now, then each change (false while there is none). */
export const connected$: Observable<boolean> = currentSocket$.pipe(
  switchMap((socket) =>
    socket
      ? new Observable<boolean>((subscriber) => {
          const up = () => subscriber.next(true);
          const down = () => subscriber.next(false);
          socket.on('connect', up);
          socket.on('disconnect', down);
          subscriber.next(socket.connected);
          return () => {
            socket.off('connect', up);
            socket.off('disconnect', down);
          };
        })
      : of(false),
  ),
  distinctUntilChanged(),
);
