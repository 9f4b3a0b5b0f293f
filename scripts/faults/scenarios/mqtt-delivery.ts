/**
 * (f) Sensors on MQTT under load, through our own Mosquitto (a free port, persistence and
 * dynamic security as `npm start` configures it; never the machine's broker): one of two servers
 * is killed (SIGKILL) mid-flush and started again, then the broker itself is restarted. Every
 * sample the broker acknowledged to its device (PUBACK) must be stored exactly once.
 *
 * The devices follow the contract of docs/api-devices.md: they keep each message until the
 * server acknowledges its samples on `acks` and republish it when that does not come. With
 * `--without-mqtt-republish` they stop at the broker's PUBACK, and the broker restart loses
 * what devices published before the servers subscribed again (Mosquitto 2.0 restores no shared
 * subscription): the scenario fails, as it should.
 */
import path from 'node:path';
import type { Logger } from 'pino';
import { DeviceBroker } from '@aircloud/core/mqtt/device-broker';
import { startMosquitto, type LocalBroker } from '@aircloud/core/mqtt/local-broker';
import { checkStored } from '../checks.ts';
import {
  result,
  scenarioSensors,
  withDb,
  type FaultContext,
  type ScenarioResult,
} from '../context.ts';
import type { AckedSample, LoopSensor } from '../devices.ts';
import { ProductProcess, varDir } from '../product.ts';
import { freePort, sleep } from '../services.ts';
import { MqttDevice } from '../../simulator/mqtt-device.ts';

const SENSORS = 20;
/** Each sensor publishes one sample every 40 ms: 500 messages/s in all. */
const INTERVAL_MS = 40;
/** Shorter than the contract's 10 s, so the scenario ends sooner. */
const REPUBLISH_AFTER_MS = 4_000;

const quiet = { warn: () => undefined, info: () => undefined } as unknown as Pick<
  Logger,
  'warn' | 'info'
>;

/** Sensors publishing over MQTT, counting what the broker acknowledged. */
class MqttSensorLoop {
  readonly acked = new Map<string, AckedSample[]>();
  readonly devices: MqttDevice[];
  sent = 0;
  #running = false;
  #loops: Promise<void>[] = [];
  #inflight = new Set<Promise<void>>();

  constructor(
    private readonly sensors: LoopSensor[],
    url: string,
    republishAfterMs: number,
  ) {
    this.devices = sensors.map(
      (s) =>
        new MqttDevice(
          { kind: 'sensor', id: s.id, serial: s.serial, secret: s.secret },
          url,
          {},
          // Devices come back faster than the servers' 1 s: the race a real fleet always wins.
          { republishAfterMs, maxRepublish: 100, reconnectPeriod: 200 },
        ),
    );
    for (const s of sensors) this.acked.set(s.id, []);
  }

  get ackedCount(): number {
    let n = 0;
    for (const list of this.acked.values()) n += list.length;
    return n;
  }

  get republished(): number {
    return this.devices.reduce((n, d) => n + d.republished, 0);
  }

  get givenUp(): number {
    return this.devices.reduce((n, d) => n + d.givenUp, 0);
  }

  get unacknowledged(): number {
    return this.devices.reduce((n, d) => n + d.unacknowledged, 0);
  }

  async connected(): Promise<void> {
    await Promise.all(
      this.devices.map((d) =>
        d.client.connected ? undefined : new Promise((r) => d.client.once('connect', r)),
      ),
    );
  }

  start(): void {
    this.#running = true;
    this.#loops = this.sensors.map((s, i) => this.#loop(s, this.devices[i]!, i));
  }

  /** Stops publishing; resolves once every message sent got its PUBACK (or `timeoutMs`). */
  async stop(timeoutMs = 30_000): Promise<void> {
    this.#running = false;
    await Promise.all(this.#loops);
    await Promise.race([Promise.all([...this.#inflight]), sleep(timeoutMs)]);
  }

  async close(): Promise<void> {
    await Promise.all(this.devices.map((d) => d.close()));
  }

  async #loop(sensor: LoopSensor, device: MqttDevice, index: number): Promise<void> {
    await sleep((index * INTERVAL_MS) / this.sensors.length);
    let last = 0;
    for (let seq = 0; this.#running; seq += 1) {
      const ts = Math.max(Date.now(), last + 1);
      last = ts;
      const measures = sensor.measures(seq);
      this.sent += 1;
      // mqtt.js keeps a message through a lost connection and sends it again on reconnection;
      // what counts is the broker's PUBACK.
      const publishing = device.publish({ ts: new Date(ts).toISOString(), measures }).then(
        () => void this.acked.get(sensor.id)!.push({ ts, measures }),
        () => undefined,
      );
      this.#inflight.add(publishing);
      void publishing.then(() => this.#inflight.delete(publishing));
      await sleep(INTERVAL_MS);
    }
  }
}

export async function mqttDelivery(ctx: FaultContext): Promise<ScenarioResult> {
  const problems: string[] = [];
  const republish = !ctx.withoutMqttRepublish;
  const dir = path.join(varDir, 'mqtt');
  let broker: LocalBroker = await startMosquitto({ dir, port: await freePort() });
  const killBroker = () => broker.process.kill('SIGKILL');
  process.once('exit', killBroker);
  const env = (name: string) => ({
    ...ctx.env,
    MQTT_URL: broker.url,
    MQTT_PUBLIC_URL: broker.publicUrl,
    MQTT_CLIENT_ID: `faults-${name}`,
  });
  const servers = [
    new ProductProcess('mqtt-server-a', 'server/src/main.ts', env('a'), await freePort()),
    new ProductProcess('mqtt-server-b', 'server/src/main.ts', env('b'), await freePort()),
  ];
  let loop: MqttSensorLoop | null = null;
  try {
    await Promise.all(servers.map((s) => s.start()));
    const sensors = await scenarioSensors(ctx, 'F', SENSORS, (seq) => ({
      co2: 600 + (seq % 400),
      temperature: 21,
    }));
    // The bench sensors are written straight into the database: their accounts go to the
    // broker here, as provisioning does it when a secret is made.
    const admin = DeviceBroker.open({ url: broker.url, kind: 'mosquitto' }, quiet);
    for (const s of sensors) await admin.provision(s.serial, s.secret);
    await admin.close();

    loop = new MqttSensorLoop(sensors, broker.publicUrl, republish ? REPUBLISH_AFTER_MS : 0);
    await loop.connected();
    loop.start();
    await sleep(3_000);

    await servers[0]!.kill('SIGKILL');
    await sleep(2_000);
    await servers[0]!.start();
    await sleep(3_000);

    const restartAt = Date.now();
    await broker.stop();
    broker = await startMosquitto({ dir, port: broker.port });
    const brokerDownMs = Date.now() - restartAt;
    await sleep(5_000);
    await loop.stop();

    // What was accepted either arrives (queued for a server's session, republished by its
    // device) or never will: wait for the devices' acknowledgements, then for the rows to settle.
    const deadline = Date.now() + 60_000;
    while (republish && loop.unacknowledged > 0 && Date.now() < deadline) await sleep(500);
    let stored = -1;
    for (;;) {
      const now = await withDb(ctx, (db) => checkStored(db, loop!.acked));
      if (now.stored === stored || Date.now() > deadline) break;
      stored = now.stored;
      await sleep(2_000);
    }
    const samples = await withDb(ctx, (db) => checkStored(db, loop!.acked));
    if (samples.missing > 0)
      problems.push(`${samples.missing} samples the broker had acknowledged are missing`);
    if (samples.duplicates > 0) problems.push(`${samples.duplicates} duplicate samples`);
    if (loop.givenUp > 0) problems.push(`${loop.givenUp} messages given up by their devices`);
    if (republish && loop.unacknowledged > 0)
      problems.push(`${loop.unacknowledged} messages never acknowledged by a server`);

    return result(
      `(f) MQTT: a server killed, then the broker restarted${republish ? '' : ' (devices without republication)'}`,
      `${SENSORS} sensors, ${Math.round(1000 / INTERVAL_MS) * SENSORS} msg/s; broker down ` +
        `${brokerDownMs} ms; samples sent ${loop.sent} PUBACKed ${loop.ackedCount} stored ` +
        `${samples.stored} missing ${samples.missing} dup ${samples.duplicates}; republished ` +
        `${loop.republished} (absorbed by the unique key)`,
      problems,
    );
  } finally {
    await loop?.close().catch(() => undefined);
    for (const s of servers) await s.kill('SIGTERM').catch(() => undefined);
    await broker.stop();
    process.off('exit', killBroker);
  }
}
