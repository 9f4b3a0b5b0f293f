import mqtt, { type MqttClient } from 'mqtt';
import type { DesiredState } from '@aircloud/shared/purifiers';
import { deviceTopics } from '@aircloud/core/mqtt/topics';
import type { DeviceCredentials } from '../demo/device-fleet.ts';

/** What an MQTT device hears from the server. */
export interface MqttDeviceHandlers {
  desired?: (desired: DesiredState) => void;
  log?: (line: string) => void;
}

/**
 * One simulated device on MQTT (docs/api-devices.md, "MQTT"), as firmware would do it: connects
 * with its serial and secret, publishes telemetry at QoS 1, reads its desired state (retained),
 * its refusals and a rotation's new secret, which it acknowledges and reconnects with.
 */
export class MqttDevice {
  readonly client: MqttClient;
  readonly topics: ReturnType<typeof deviceTopics>;

  constructor(
    readonly device: DeviceCredentials,
    url: string,
    handlers: MqttDeviceHandlers,
  ) {
    this.topics = deviceTopics(device.serial);
    this.client = mqtt.connect(url, {
      clientId: `sim-${device.serial}`,
      username: device.serial,
      password: device.secret,
      reconnectPeriod: 2_000,
      connectTimeout: 5_000,
    });
    this.client.on('connect', () => {
      const wanted = [this.topics.errors, this.topics.credentials];
      if (device.kind === 'purifier') wanted.push(this.topics.desired);
      this.client.subscribe(wanted, { qos: 1 });
    });
    this.client.on('error', (err) => handlers.log?.(`${device.serial}: mqtt ${err.message}`));
    this.client.on('message', (topic, payload) => {
      if (payload.length === 0) return;
      const body = JSON.parse(payload.toString('utf8')) as Record<string, unknown>;
      if (topic === this.topics.desired) handlers.desired?.(body as unknown as DesiredState);
      else if (topic === this.topics.errors)
        handlers.log?.(`${device.serial}: refused (${String(body['hydra:description'])})`);
      else if (topic === this.topics.credentials) this.#rotate(String(body.device_secret));
    });
  }

  /** Publishes a telemetry body (QoS 1); resolves once the broker has it. */
  async publish(body: unknown): Promise<void> {
    await this.client.publishAsync(this.topics.telemetry, JSON.stringify(body), { qos: 1 });
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

  /** Comes back. */
  reconnect(): void {
    this.client.reconnect();
  }
}
