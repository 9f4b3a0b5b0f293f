import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTopics } from '@aircloud/core/mqtt/topics';
import { provisionSensor } from '@aircloud/core/sensors/provisioning';
import { createTestDatabase } from '@aircloud/core/test/database';
import { startEmbeddedBroker, type ProductBroker } from './mqtt-broker.ts';

// The broker of a machine without Mosquitto: it asks the database for device credentials.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let broker: ProductBroker;
const clients: MqttClient[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  broker = await startEmbeddedBroker(database.url);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await broker?.stop();
  await database?.drop();
});

async function connect(url: string, username?: string, password?: string) {
  const client = await mqtt.connectAsync(url, {
    username,
    password,
    reconnectPeriod: 0,
    connectTimeout: 3_000,
  });
  clients.push(client);
  return client;
}

describe('the embedded broker (aedes)', () => {
  it('lets a device publish its own telemetry to the servers, nothing else, and read only its topics', async () => {
    const { sensor, secret } = await provisionSensor(database.db, {
      serialNumber: `AEDES-${Date.now()}`,
      userId: null,
    });
    const { sensor: other } = await provisionSensor(database.db, {
      serialNumber: `AEDES-OTHER-${Date.now()}`,
      userId: null,
    });
    await expect(connect(broker.publicUrl, sensor.serialNumber, 'wrong')).rejects.toThrow();
    await expect(connect(broker.publicUrl)).rejects.toThrow();
    const server = await connect(broker.url);
    await server.subscribeAsync('aircloud/v1/devices/+/telemetry', { qos: 1 });
    const received: string[] = [];
    server.on('message', (topic) => received.push(topic));
    const device = await connect(broker.publicUrl, sensor.serialNumber, secret);
    const mine = deviceTopics(sensor.serialNumber);
    const theirs = deviceTopics(other.serialNumber);
    const [own] = await device.subscribeAsync(mine.desired, { qos: 1 });
    expect(own!.qos).toBe(1);
    await expect(device.subscribeAsync(theirs.desired, { qos: 1 })).rejects.toMatchObject({
      packet: { granted: [128] },
    });
    await device.publishAsync(mine.telemetry, '{}', { qos: 1 });
    await expect.poll(() => received).toEqual([mine.telemetry]);
    // Publishing as another device: refused, and the offender is disconnected.
    const closed = new Promise<void>((resolve) => device.once('close', () => resolve()));
    device.publish(theirs.telemetry, '{}', { qos: 1 });
    await closed;
    expect(received).toEqual([mine.telemetry]);
  });
});
