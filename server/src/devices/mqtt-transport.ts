import { createHash } from 'node:crypto';
import type { TelemetryRejection } from '@aircloud/shared/devices';
import type { Violation } from '@aircloud/shared/errors';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import type { DeviceBroker } from '@aircloud/core/mqtt/device-broker';
import {
  DEVICE_TOPIC_ROOT,
  SHARED_CREDENTIAL_ACK_SUBSCRIPTION,
  SHARED_TELEMETRY_SUBSCRIPTION,
  deviceTopics,
  serialOfTopic,
} from '@aircloud/core/mqtt/topics';
import type { AppContext } from '../context.ts';
import type { DeviceAuthenticator, VerifiedDevice } from './device-auth.ts';
import { followUpCredential } from './credential-follow-up.ts';
import type { DeviceMetrics } from './metrics.ts';
import { announcePurifierReports, applyPurifierReports } from './purifier-reports.ts';
import { rejectionBody } from './rejections.ts';
import type { SampleBatcher } from './sample-batcher.ts';
import { parsePurifierTelemetry, parseSensorTelemetry } from './telemetry.ts';

interface MqttTransportDeps {
  ctx: AppContext;
  auth: DeviceAuthenticator;
  batcher: SampleBatcher;
  metrics: DeviceMetrics;
  broker: DeviceBroker;
}

/** The telemetry side of the broker in one server process. */
export interface MqttTransport {
  /** Resolves once every connection has subscribed. */
  ready: Promise<void>;
  /** Stops taking messages (those not acknowledged yet go to another server or come back). */
  close(): Promise<void>;
}

/**
 * Takes the devices' MQTT telemetry into the same pipeline as POST /device/v1/telemetry: same
 * parsing and validation, the same group commit (and with it live push, roll-up and rule jobs,
 * last heard), the same purifier reports. Servers split the devices through a shared
 * subscription; each message is acknowledged (PUBACK) only once its rows are committed, so a
 * server that dies mid-flush leaves its messages to the broker, which delivers them again (the
 * samples' unique key absorbs what was already stored).
 *
 * The broker's own PUBACK to a device is not the end of the story: a broker restart loses what
 * it accepted before the servers subscribed again (Mosquitto 2.0 restores no shared
 * subscription), so once committed the samples' timestamps go back to the device on its `acks`
 * topic, and a device republishes what stays unacknowledged (docs/api-devices.md, "MQTT").
 *
 * mqtt.js acknowledges the messages of one connection in order, one at a time (it reads the
 * next only once the previous is acknowledged): each server opens `connections` of them (one
 * persistent session each, 192 by default) so that as many messages wait in one flush.
 */
export function startMqttTransport(deps: MqttTransportDeps): MqttTransport {
  const { ctx } = deps;
  const settings = ctx.config.mqtt!;
  const clients: MqttClient[] = [];
  const subscriptions =
    settings.kind === 'mosquitto'
      ? [SHARED_TELEMETRY_SUBSCRIPTION, SHARED_CREDENTIAL_ACK_SUBSCRIPTION]
      : // The embedded broker has no shared subscriptions: one server, one connection.
        [`${DEVICE_TOPIC_ROOT}/+/telemetry`, `${DEVICE_TOPIC_ROOT}/+/credentials/ack`];
  const count = settings.kind === 'mosquitto' ? settings.connections : 1;
  const subscribed: Promise<void>[] = [];
  for (let i = 0; i < count; i += 1) {
    const client = mqtt.connect(settings.url, {
      clientId: `${settings.clientId}-${i}`,
      // A persistent session: what was delivered but not acknowledged comes again.
      clean: false,
      // Subscribe at every connection ourselves (below). mqtt.js skips its own resubscription
      // when the broker says the session is present, and drops a subscribe it believes it
      // already holds; but Mosquitto 2.0 restores a persistent session without its shared
      // subscriptions, so after a broker restart this server would take nothing at all.
      resubscribe: false,
      reconnectPeriod: 1_000,
      connectTimeout: 5_000,
    });
    client.on('error', (err) => ctx.logger.warn({ err }, 'mqtt telemetry connection error'));
    client.handleMessage = (packet, done) => {
      handle(deps, client, packet).then(
        () => done(),
        (err: unknown) => {
          // Not acknowledged: the connection is dropped and the broker delivers it again.
          ctx.logger.warn({ err, topic: packet.topic }, 'mqtt telemetry failed; redelivered');
          client.stream.destroy();
          done(err instanceof Error ? err : new Error(String(err)));
        },
      );
    };
    subscribed.push(
      new Promise<void>((resolve) => {
        client.on('connect', () => {
          client
            .subscribeAsync(subscriptions, { qos: 1 })
            .then(() => resolve())
            .catch((err: unknown) => ctx.logger.warn({ err }, 'mqtt subscription failed'));
        });
      }),
    );
    clients.push(client);
  }
  return {
    ready: Promise.all(subscribed).then(() => undefined),
    async close() {
      await Promise.all(clients.map((c) => c.endAsync()));
    },
  };
}

/** One message: telemetry, or the acknowledgement of a rotation's new secret. */
async function handle(
  deps: MqttTransportDeps,
  client: MqttClient,
  packet: IPublishPacket,
): Promise<void> {
  const serial = serialOfTopic(packet.topic);
  if (!serial) return;
  if (packet.topic.endsWith('/credentials/ack')) return acknowledgeSecret(deps, serial, packet);
  const stored = await ingest(deps, serial, packet);
  if (stored) acknowledgeStored(client, serial, stored);
}

/**
 * Tells the device which of its samples are committed (stored now or before): `{ts: [...]}` on
 * its `acks` topic, at QoS 0 on the connection the message came by. A lost acknowledgement
 * costs a republication, which the unique key absorbs.
 */
function acknowledgeStored(client: MqttClient, serial: string, ts: string[]): void {
  client.publish(deviceTopics(serial).acks, JSON.stringify({ ts }), { qos: 0 });
}

/**
 * What names a refused message to its device, which may hold several unacknowledged (and stops
 * republishing this one): its topic, the SHA-256 of its payload (hex) and, when they could be
 * read, the `ts` of its samples.
 */
export function refusedMessage(packet: IPublishPacket, body?: unknown): RefusedMessage {
  const named: RefusedMessage = {
    topic: packet.topic,
    sha256: createHash('sha256').update(packet.payload).digest('hex'),
  };
  if (body && typeof body === 'object') {
    const samples = (body as { samples?: unknown }).samples;
    const list = Array.isArray(samples) ? samples : [body];
    const ts = list
      .map((item) => (item && typeof item === 'object' ? (item as { ts?: unknown }).ts : undefined))
      .filter((t): t is string => typeof t === 'string');
    if (ts.length > 0) named.ts = ts;
  }
  return named;
}

/** The refused message, as a refusal on `errors` names it. */
interface RefusedMessage {
  topic: string;
  sha256: string;
  ts?: string[];
}

/** Publishes a refusal on the device's `errors` topic: the HTTP error body and the message. */
async function refuse(
  deps: MqttTransportDeps,
  serial: string,
  message: RefusedMessage,
  reason: TelemetryRejection,
  violations?: Violation[],
): Promise<void> {
  deps.metrics.reject(reason);
  await deps.broker.publishError(serial, { ...rejectionBody(reason, violations), message });
}

/** Stores one telemetry message; answers the timestamps committed (null: refused). */
async function ingest(
  deps: MqttTransportDeps,
  serial: string,
  packet: IPublishPacket,
): Promise<string[] | null> {
  const { ctx, auth, batcher, metrics, broker } = deps;
  metrics.request();
  // The broker checked the password and its ACLs bind the topic to the device.
  const device = await auth.identify(serial);
  if (!device) return refused(deps, serial, refusedMessage(packet), 'unauthorized');
  if (packet.payload.length > 1024 * 1024)
    return refused(deps, serial, refusedMessage(packet), 'too_large');
  let body: unknown;
  try {
    body = JSON.parse(packet.payload.toString('utf8'));
  } catch {
    return refused(deps, serial, refusedMessage(packet), 'invalid_json');
  }
  if (device.kind === 'sensor') {
    const parsed = parseSensorTelemetry(device.id, body);
    if (!parsed.ok)
      return refused(deps, serial, refusedMessage(packet, body), 'validation', parsed.violations);
    const outcome = await batcher.store(parsed.items);
    metrics.samples(outcome.accepted, outcome.duplicates);
    return parsed.items.map((row) => new Date(row.ts).toISOString());
  }
  const parsed = parsePurifierTelemetry(body);
  if (!parsed.ok)
    return refused(deps, serial, refusedMessage(packet, body), 'validation', parsed.violations);
  const outcome = await applyPurifierReports(ctx.db, device.id, parsed.items);
  metrics.samples(parsed.items.length);
  await announcePurifierReports(ctx, outcome);
  // As the HTTP reply does: a desired state not yet applied, a rotation's secret waiting.
  if (outcome.desired) await broker.publishDesired(serial, outcome.desired);
  if (device.pendingSealed) {
    const current: VerifiedDevice = {
      ...device,
      credential: 'current',
      tag: '',
      hash: '',
      pendingSealed: device.pendingSealed,
    };
    const secret = await followUpCredential(ctx, current, '');
    if (secret) await broker.publishCredentials(serial, secret);
  }
  return parsed.items.map((report) => new Date(report.ts).toISOString());
}

/** Refuses a telemetry message: nothing of it is stored. */
async function refused(
  deps: MqttTransportDeps,
  serial: string,
  message: RefusedMessage,
  reason: TelemetryRejection,
  violations?: Violation[],
): Promise<null> {
  await refuse(deps, serial, message, reason, violations);
  return null;
}

/**
 * `{device_secret}` on `…/credentials/ack`: the device stored its new secret. When it is the
 * rotation's, the rotation completes as at the first HTTP use of the new secret: the broker
 * account takes the new secret (closing the session that used the old one) and the device
 * connects again with it.
 */
async function acknowledgeSecret(deps: MqttTransportDeps, serial: string, packet: IPublishPacket) {
  let secret: unknown;
  try {
    secret = (JSON.parse(packet.payload.toString('utf8')) as { device_secret?: unknown })
      .device_secret;
  } catch {
    return refuse(deps, serial, refusedMessage(packet), 'invalid_json');
  }
  const device = typeof secret === 'string' ? await deps.auth.verify(serial, secret) : null;
  if (!device || device.credential !== 'next')
    return refuse(deps, serial, refusedMessage(packet), 'unauthorized');
  await followUpCredential(deps.ctx, device, secret as string);
}
