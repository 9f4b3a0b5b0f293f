import type { DeviceKind } from '@aircloud/shared/devices';
import { ulid } from 'ulid';
import type { Database } from '../db/client.ts';
import { deviceEvents } from '../db/schema/index.ts';

/** One transition of a device: wifi (connected/disconnected) or state (operational/warning/alert). */
export interface DeviceTransition {
  deviceKind: DeviceKind;
  deviceId: string;
  type: 'wifi' | 'state';
  from: string;
  to: string;
  at: Date;
}

/** Logs transitions in `device_events`. */
export async function recordDeviceEvents(
  db: Pick<Database, 'insert'>,
  transitions: DeviceTransition[],
): Promise<void> {
  if (transitions.length === 0) return;
  await db.insert(deviceEvents).values(transitions.map((t) => ({ id: ulid(), ...t })));
}
