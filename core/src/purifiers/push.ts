import { deviceRoom, type DeviceServerToClientEvents } from '@aircloud/shared/devices';
import { isDesiredPending } from '@aircloud/shared/purifiers';
import { purifierRoom } from '@aircloud/shared/realtime';
import type { Namespace } from 'socket.io';
import { purifierLivePresenter } from './live.ts';
import type { PurifierRow } from './repository.ts';
import type { RealtimeServer } from '../realtime/emitter.ts';
import { onDeviceBroker } from '../mqtt/device-broker.ts';

/** The /device namespace as typed for the server side. */
export type DeviceNamespace = Namespace<Record<string, never>, DeviceServerToClientEvents>;

/** The /device namespace of a Socket.IO server (a real one, or the worker's emitter). */
export function deviceNamespace(io: RealtimeServer): DeviceNamespace {
  return io.of('/device') as unknown as DeviceNamespace;
}

/**
 * Tells everyone about a purifier change, through the Redis adapter (any server node): the
 * browsers following it get `purifier:updated`, and, with `command`, the device gets its desired
 * state when it has not acknowledged it yet, on its socket and its MQTT `desired` topic.
 */
export function pushPurifier(
  io: RealtimeServer,
  row: PurifierRow,
  options: { command?: boolean } = {},
): void {
  io.to(purifierRoom(row.id)).emit('purifier:updated', purifierLivePresenter(row));
  if (options.command && isDesiredPending(row.desired, row.desiredAckVersion)) {
    deviceNamespace(io).to(deviceRoom(row.id)).emit('command', { desired: row.desired });
    // MQTT devices: the same state, retained on the purifier's `desired` topic (any process
    // that changes it holds a broker connection: server and worker alike).
    void onDeviceBroker('desired state', (broker) =>
      broker.publishDesired(row.serialNumber, row.desired),
    );
  }
}
