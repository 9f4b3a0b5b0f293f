import type { DeviceKind } from '@aircloud/shared/devices';
import { ulid } from '../lib/ulid.ts';
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

/**
 * Rows per INSERT: 7 parameters each stay far under PostgreSQL's 65,535 per statement (a
 * network outage can disconnect a whole fleet in one device watch).
 */
const EVENTS_PER_INSERT = 5_000;

/** Logs transitions in `device_events`. */
export async function recordDeviceEvents(
  db: Pick<Database, 'insert'>,
  transitions: DeviceTransition[],
): Promise<void> {
  for (let i = 0; i < transitions.length; i += EVENTS_PER_INSERT)
    await db
      .insert(deviceEvents)
      .values(transitions.slice(i, i + EVENTS_PER_INSERT).map((t) => ({ id: ulid(), ...t })));
}
