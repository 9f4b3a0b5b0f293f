import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMosquitto, type LocalBroker } from '@aircloud/core/mqtt/local-broker';
import { provisionSensor } from '@aircloud/core/sensors/provisioning';
import { startTestApp, type TestApp } from '../../server/test/app.ts';
import { signIn, type Session } from '../../server/test/support/purifiers.ts';
import { MqttDevice } from './mqtt-device.ts';

/**
 * The simulator's MQTT device against the real server and a Mosquitto of its own: what it keeps
 * until the server acknowledges it, and what it drops when the server refuses it.
 */

let dir: string;
let broker: LocalBroker;
let t: TestApp;
let owner: Session;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'aircloud-mqtt-device-'));
  broker = await startMosquitto({ dir, portRange: [18900, 18949] });
  t = await startTestApp({ MQTT_URL: broker.url, MQTT_PUBLIC_URL: broker.publicUrl });
  await t.devices.ready;
  owner = await signIn(t);
}, 30_000);

afterAll(async () => {
  await t?.stop();
  await broker?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const sample = (co2: number, ts = new Date()) => ({ ts: ts.toISOString(), measures: { co2 } });

describe('MQTT device (simulator)', () => {
  it('drops the message the server refused by name and keeps the others until stored', async () => {
    const { sensor, secret } = await provisionSensor(t.db, {
      serialNumber: `SIM-MQTT-${Date.now()}`,
      userId: owner.user.id,
    });
    const device = new MqttDevice(
      { kind: 'sensor', id: sensor.id, serial: sensor.serialNumber, secret },
      broker.publicUrl,
      {},
      // No republication during the test: only the refusal and the acknowledgement decide.
      { republishAfterMs: 60_000 },
    );
    try {
      await new Promise((resolve) => device.client.once('connect', resolve));
      // Its subscriptions leave on connect; give the broker their SUBACK before publishing.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await device.publish(sample(99_999, new Date(Date.now() - 1_000)));
      await device.publish(sample(700));
      expect(device.unacknowledged).toBe(2);
      await expect.poll(() => device.refused).toBe(1);
      await expect.poll(() => device.unacknowledged).toBe(0);
      const { rows } = await t.db.$client.query<{ co2: number }>(
        'SELECT co2 FROM sensor_measures WHERE sensor_id = $1',
        [sensor.id],
      );
      expect(rows.map((r) => Number(r.co2))).toEqual([700]);
      expect(device.givenUp).toBe(0);
    } finally {
      await device.close();
    }
  });
});
