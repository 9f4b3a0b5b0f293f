import { createHash } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { DesiredState } from '@aircloud/shared/purifiers';
import { deviceTopics } from '@aircloud/core/mqtt/topics';
import type { DeviceCredentials } from '../demo/device-fleet.ts';

/** What an MQTT device hears from the server. */
export interface MqttDeviceHandlers {
  desired?: (desired: DesiredState) => void;
  log?: (line: string) => void;
  /** Samples (their `ts`, ms) the server acknowledged as stored. */
  stored?: (ts: number[]) => void;
}

/** How a device keeps what it published until the server says it is stored. */
export interface MqttDeviceOptions {
  /** Republish a message whose samples are not all acknowledged after this long (0: never). */
  republishAfterMs?: number;
  /** Give a message up after this many republications (one refused on `errors` is dropped at once). */
  maxRepublish?: number;
  /** mqtt.js reconnect period. */
  reconnectPeriod?: number;
}

/** A telemetry message not yet acknowledged as stored. */
interface Unacknowledged {
  payload: string;
  /** SHA-256 of the payload (hex): how a refusal on `errors` names it. */
  sha256: string;
  /** `ts` (ms) of its samples not acknowledged yet. */
  waiting: Set<number>;
  sentAt: number;
  republished: number;
}

/** The `ts` (ms) of the samples of a telemetry body (one sample or `{samples: [...]}`). */
function sampleTimes(body: unknown): number[] {
  const list = (body as { samples?: unknown[] }).samples ?? [body];
  return list.map((s) => Date.parse(String((s as { ts?: unknown }).ts)));
}

/**
 * One simulated device on MQTT (docs/api-devices.md, "MQTT"), as firmware would do it: connects
 * with its serial and secret, publishes telemetry at QoS 1, reads its desired state (retained),
 * its refusals and a rotation's new secret, which it acknowledges and reconnects with. It keeps
 * each telemetry message until the server acknowledges its samples on `acks` and republishes
 * it when that does not come (a broker restart can drop what the broker had accepted).
 */
export class MqttDevice {
  readonly client: MqttClient;
  readonly topics: ReturnType<typeof deviceTopics>;
  /** Messages republished because their acknowledgement did not come. */
  republished = 0;
  /** Messages given up after `maxRepublish` republications. */
  givenUp = 0;
  /** Messages the server refused (named on `errors`): dropped, never published again. */
  refused = 0;
  readonly #unacknowledged = new Set<Unacknowledged>();
  /** Which waiting message holds each `ts` (ms). */
  readonly #byTs = new Map<number, Unacknowledged>();
  readonly #timer: NodeJS.Timeout | undefined;
  readonly #republishAfterMs: number;
  readonly #maxRepublish: number;

  constructor(
    readonly device: DeviceCredentials,
    url: string,
    private readonly handlers: MqttDeviceHandlers,
    options: MqttDeviceOptions = {},
  ) {
    this.topics = deviceTopics(device.serial);
    this.#republishAfterMs = options.republishAfterMs ?? 10_000;
    this.#maxRepublish = options.maxRepublish ?? 5;
    this.client = mqtt.connect(url, {
      clientId: `sim-${device.serial}`,
      username: device.serial,
      password: device.secret,
      reconnectPeriod: options.reconnectPeriod ?? 2_000,
      connectTimeout: 5_000,
    });
    if (this.#republishAfterMs > 0) {
      const every = Math.min(1_000, this.#republishAfterMs);
      this.#timer = setInterval(() => this.#republishLate(), every);
      this.#timer.unref();
    }
    this.client.on('connect', () => {
      const wanted = [this.topics.errors, this.topics.credentials, this.topics.acks];
      if (device.kind === 'purifier') wanted.push(this.topics.desired);
      this.client.subscribe(wanted, { qos: 1 });
    });
    this.client.on('error', (err) => handlers.log?.(`${device.serial}: mqtt ${err.message}`));
    this.client.on('message', (topic, payload) => {
      if (payload.length === 0) return;
      const body = JSON.parse(payload.toString('utf8')) as Record<string, unknown>;
      if (topic === this.topics.acks) this.#acknowledged(body.ts);
      else if (topic === this.topics.desired) handlers.desired?.(body as unknown as DesiredState);
      else if (topic === this.topics.errors) this.#refused(body);
      else if (topic === this.topics.credentials) this.#rotate(String(body.device_secret));
    });
  }

  /**
   * Publishes a telemetry body (QoS 1); resolves once the broker has it. The message is kept
   * until the server acknowledges its samples as stored.
   */
  async publish(body: unknown): Promise<void> {
    const payload = JSON.stringify(body);
    if (this.#republishAfterMs > 0) {
      const entry: Unacknowledged = {
        payload,
        sha256: createHash('sha256').update(payload).digest('hex'),
        waiting: new Set(sampleTimes(body)),
        sentAt: Date.now(),
        republished: 0,
      };
      this.#unacknowledged.add(entry);
      for (const ts of entry.waiting) this.#byTs.set(ts, entry);
    }
    await this.client.publishAsync(this.topics.telemetry, payload, { qos: 1 });
  }

  /** Messages whose samples are not all acknowledged as stored yet. */
  get unacknowledged(): number {
    return this.#unacknowledged.size;
  }

  #acknowledged(list: unknown): void {
    if (!Array.isArray(list)) return;
    const times = list.map((ts) => Date.parse(String(ts)));
    for (const ts of times) {
      const entry = this.#byTs.get(ts);
      if (!entry) continue;
      this.#byTs.delete(ts);
      entry.waiting.delete(ts);
      if (entry.waiting.size === 0) this.#unacknowledged.delete(entry);
    }
    this.handlers.stored?.(times);
  }

  /** A refusal: the message it names (by its payload's SHA-256) is dropped, not republished. */
  #refused(body: Record<string, unknown>): void {
    this.handlers.log?.(`${this.device.serial}: refused (${String(body['hydra:description'])})`);
    const sha256 = (body.message as { sha256?: unknown } | undefined)?.sha256;
    for (const entry of this.#unacknowledged) {
      if (entry.sha256 !== sha256) continue;
      this.refused += 1;
      this.#unacknowledged.delete(entry);
      for (const ts of entry.waiting) this.#byTs.delete(ts);
    }
  }

  /** Publishes again what waited too long for its acknowledgement (same body, same `ts`). */
  #republishLate(): void {
    if (!this.client.connected) return;
    const late = Date.now() - this.#republishAfterMs;
    for (const entry of this.#unacknowledged) {
      if (entry.sentAt > late) continue;
      if (entry.republished >= this.#maxRepublish) {
        this.givenUp += 1;
        this.#unacknowledged.delete(entry);
        for (const ts of entry.waiting) this.#byTs.delete(ts);
        continue;
      }
      entry.republished += 1;
      entry.sentAt = Date.now();
      this.republished += 1;
      this.client.publish(this.topics.telemetry, entry.payload, { qos: 1 });
    }
  }

  /** Stores a rotation's new secret, acknowledges it, and uses it from the next connection on. */
  #rotate(secret: string): void {
    if (secret === this.device.secret) return;
    this.device.secret = secret;
    this.client.options.password = secret;
    this.client.publish(this.topics.credentialsAck, JSON.stringify({ device_secret: secret }), {
      qos: 1,
    });
  }

  /** Drops off (a device out of range). */
  disconnect(): void {
    this.client.end(true);
  }

  /** Stops for good: no more republications. */
  close(): Promise<void> {
    clearInterval(this.#timer);
    return this.client.endAsync(true);
  }

  /** Comes back. */
  reconnect(): void {
    this.client.reconnect();
  }
}
