/**
 * The MQTT load generator of `npm run bench:mqtt`, in its own process as load.ts is for HTTP:
 * one MQTT.js connection per sensor (its serial and secret, as firmware), telemetry at QoS 1
 * in open loop at a given rate, the same bodies as the HTTP load. A sample counts as sustained
 * when the server acknowledges it as stored on the device's `acks` topic, not at the broker's
 * PUBACK.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { deviceTopics } from '@aircloud/core/mqtt/topics';
import type { LoadDevice } from './load.ts';
import { paceOpenLoop, telemetryBody } from './samples.ts';

export type MqttLoadCommand =
  | { type: 'connect'; url: string; devices: LoadDevice[] }
  | {
      type: 'open';
      samplesPerSecond: number;
      batch: number;
      durationMs: number;
      /** Messages not yet PUBACKed beyond which a due message is counted as not sent. */
      maxInflight: number;
    }
  | { type: 'close' };

export interface MqttLoadResult {
  messages: number;
  pubacked: number;
  errors: number;
  notSent: number;
  samplesSent: number;
  /** Samples the servers acknowledged as stored (on `acks`). */
  samplesStored: number;
  /** From the first message to the last acknowledgement (or the phase's end). */
  durationMs: number;
  /** Samples sent but not acknowledged once the wait was over. */
  unacknowledged: number;
}

interface Device {
  client: MqttClient;
  telemetry: string;
}

let devices: Device[] = [];
let stored = 0;
let lastStoredAt = 0;

async function connectAll(url: string, list: LoadDevice[]): Promise<void> {
  devices = [];
  // A few hundred connections at a time: the broker checks each password (PBKDF2).
  for (let i = 0; i < list.length; i += 200) {
    const chunk = list.slice(i, i + 200);
    devices.push(
      ...(await Promise.all(
        chunk.map(async (d) => {
          const topics = deviceTopics(d.serial);
          const client = await mqtt.connectAsync(url, {
            clientId: `bench-${d.serial}`,
            username: d.serial,
            password: d.secret,
            reconnectPeriod: 1_000,
            connectTimeout: 30_000,
          });
          client.on('message', (_topic, payload) => {
            stored += (JSON.parse(payload.toString('utf8')) as { ts: unknown[] }).ts.length;
            lastStoredAt = Date.now();
          });
          await client.subscribeAsync(topics.acks, { qos: 0 });
          return { client, telemetry: topics.telemetry };
        }),
      )),
    );
  }
}

async function open(cmd: Extract<MqttLoadCommand, { type: 'open' }>): Promise<MqttLoadResult> {
  const result: MqttLoadResult = {
    messages: 0,
    pubacked: 0,
    errors: 0,
    notSent: 0,
    samplesSent: 0,
    samplesStored: 0,
    durationMs: 0,
    unacknowledged: 0,
  };
  const storedBefore = stored;
  let inflight = 0;
  let next = 0;
  const fire = () => {
    const device = devices[next++ % devices.length]!;
    inflight += 1;
    result.messages += 1;
    result.samplesSent += cmd.batch;
    device.client.publish(device.telemetry, telemetryBody(cmd.batch), { qos: 1 }, (err) => {
      inflight -= 1;
      if (err) result.errors += 1;
      else result.pubacked += 1;
    });
  };
  const start = Date.now();
  await paceOpenLoop({
    perSecond: cmd.samplesPerSecond / cmd.batch,
    durationMs: cmd.durationMs,
    busy: () => inflight >= cmd.maxInflight,
    send: fire,
    skip: () => (result.notSent += 1),
  });
  // What was sent is stored within seconds, or the servers could not keep up.
  const end = Date.now();
  const deadline = end + 10_000;
  while (stored - storedBefore < result.samplesSent && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  result.samplesStored = stored - storedBefore;
  result.unacknowledged = result.samplesSent - result.samplesStored;
  result.durationMs = Math.max(end, lastStoredAt) - start;
  return result;
}

process.on('message', (cmd: MqttLoadCommand) => {
  const answer = (value: unknown) => process.send!(value);
  if (cmd.type === 'connect')
    void connectAll(cmd.url, cmd.devices).then(
      () => answer({ connected: devices.length }),
      (err: unknown) => answer({ error: String(err) }),
    );
  else if (cmd.type === 'open') void open(cmd).then(answer);
  else
    void Promise.all(devices.map((d) => d.client.endAsync(true))).then(() =>
      answer({ closed: true }),
    );
});
