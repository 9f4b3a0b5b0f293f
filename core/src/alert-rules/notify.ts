import { userRoom } from '@aircloud/shared/realtime';
import type { Database } from '../db/client.ts';
import { pushPurifier } from '../purifiers/push.ts';
import type { RealtimeServer } from '../realtime/emitter.ts';
import type { PurifierRow } from '../purifiers/repository.ts';
import { findSensor } from '../sensors/repository.ts';
import { sensorAudience } from '../access/audience.ts';
import { alertTriggerPresenter } from './presenter.ts';
import { purifierNames, type AlertTriggerRow } from './repository.ts';

/**
 * After the commit of an evaluation: the purifiers whose desired mode changed get their command
 * (device socket) and their browsers `purifier:updated`; every user who sees the sensor gets
 * `alert-trigger:created` for each trigger and stop.
 */
export async function announceAlerts(
  db: Database,
  io: RealtimeServer,
  sensorId: string,
  changed: PurifierRow[],
  triggers: AlertTriggerRow[],
): Promise<void> {
  for (const row of changed) pushPurifier(io, row, { command: true });
  if (triggers.length === 0) return;
  const [sensor, audience, names] = await Promise.all([
    findSensor(db, sensorId),
    sensorAudience(db, sensorId),
    purifierNames(db, [...new Set(triggers.flatMap((t) => t.purifierIds))]),
  ]);
  if (!sensor || audience.length === 0) return;
  const rooms = audience.map(userRoom);
  for (const trigger of triggers) {
    io.to(rooms).emit('alert-trigger:created', {
      ...alertTriggerPresenter(trigger, names),
      sensor_ulid: sensor.id,
      sensor_name: sensor.name,
    });
  }
}
