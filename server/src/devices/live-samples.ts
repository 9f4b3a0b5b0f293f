import { sensorRoom } from '@aircloud/shared/realtime';
import type { SensorSample } from '@aircloud/shared/sensors';
import type { RedisClient } from '@aircloud/core/lib/redis';
import type { Logger } from 'pino';
import type { RealtimeServer } from '@aircloud/core/realtime/emitter';
import { publicNamespace } from '../realtime/public-sensors.ts';
import type { SampleRow } from '@aircloud/core/telemetry/sample-store';

/** The Redis pub/sub channel carrying one message per ingest flush. */
export const samplesChannel = (prefix: string) => `${prefix}:samples`;

/** One flush as published: new samples grouped by sensor. */
export type PublishedFlush = Record<string, SensorSample[]>;

/** A stored row as the browsers receive it. */
function sampleOfRow(row: SampleRow): SensorSample {
  const sample: SensorSample = { ts: new Date(row.ts).toISOString(), ...row.measures };
  if (row.iso !== null) sample.iso = row.iso;
  return sample;
}

/** Publishes the new samples of one flush: ONE Redis message, whatever the number of sensors. */
export async function publishFlush(
  redis: RedisClient,
  prefix: string,
  rows: SampleRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const bySensor: PublishedFlush = {};
  for (const row of rows) (bySensor[row.sensorId] ??= []).push(sampleOfRow(row));
  for (const samples of Object.values(bySensor)) samples.sort((a, b) => (a.ts < b.ts ? -1 : 1));
  await redis.publish(samplesChannel(prefix), JSON.stringify(bySensor));
}

/**
 * Every server node listens to the flushes and hands each sensor's samples to its own sockets in
 * `sensor:<ulid>` (io.local: the message already reached every node, the adapter is not needed),
 * in the default namespace and in the public one (anonymous followers of public sensors).
 * Returns a function that stops listening.
 */
export async function relayLiveSamples(
  subscriber: RedisClient,
  prefix: string,
  io: RealtimeServer,
  logger: Logger,
): Promise<() => Promise<void>> {
  const channel = samplesChannel(prefix);
  const rooms = io.of('/').adapter.rooms;
  // Anonymous followers of public sensors (only sockets of a public sensor are in its room).
  const publicNsp = publicNamespace(io);
  const publicRooms = publicNsp.adapter.rooms;
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    let flush: PublishedFlush;
    try {
      flush = JSON.parse(message) as PublishedFlush;
    } catch (err) {
      logger.warn({ err }, 'unreadable samples message');
      return;
    }
    for (const [sensor, samples] of Object.entries(flush)) {
      const room = sensorRoom(sensor);
      if (rooms.has(room)) io.local.to(room).emit('sensor:samples', { sensor, samples });
      if (publicRooms.has(room))
        publicNsp.local.to(room).emit('sensor:samples', { sensor, samples });
    }
  });
  await subscriber.ping(); // ready first: subscriber mode allows no ready check afterwards
  await subscriber.subscribe(channel);
  return async () => {
    await subscriber.unsubscribe(channel).catch(() => undefined);
    subscriber.disconnect();
  };
}
