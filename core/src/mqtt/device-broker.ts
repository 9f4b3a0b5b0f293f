import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import { DynamicSecurity, ensureBrokerLayout, setDeviceAccount } from './dynamic-security.ts';
import { deviceTopics, isMqttSerial } from './topics.ts';

/** How a process reaches the device broker (core/src/config.ts, `mqtt`). */
export interface BrokerSettings {
  /** `mqtt://user:password@host:port`: an administrator of the broker. */
  url: string;
  /** `mosquitto`: accounts through its dynamic-security plugin; `aedes`: the embedded broker. */
  kind: 'mosquitto' | 'aedes';
}

/**
 * One process's connection to the device broker, as an administrator: it keeps the devices'
 * broker accounts in step with their credentials (Mosquitto's dynamic-security plugin; the
 * embedded broker reads the credentials itself) and publishes what the server tells a device
 * (desired state, refusals, a rotation's new secret).
 */
export class DeviceBroker {
  readonly dynsec: DynamicSecurity | null;
  #prepared: Promise<void> | null = null;

  private constructor(
    readonly client: MqttClient,
    readonly settings: BrokerSettings,
    readonly logger: Pick<Logger, 'warn' | 'info'>,
  ) {
    this.dynsec = settings.kind === 'mosquitto' ? new DynamicSecurity(client) : null;
  }

  /** Opens the connection (it reconnects by itself; commands wait for it). */
  static open(
    settings: BrokerSettings,
    logger: Pick<Logger, 'warn' | 'info'>,
    options: IClientOptions = {},
  ): DeviceBroker {
    const client = mqtt.connect(settings.url, {
      clientId: `aircloud-admin-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
      clean: true,
      reconnectPeriod: 1_000,
      connectTimeout: 5_000,
      ...options,
    });
    client.on('error', (err) => logger.warn({ err }, 'device broker connection error'));
    return new DeviceBroker(client, settings, logger);
  }

  /** The administrator's username (given the servers' role). */
  get adminUser(): string {
    return decodeURIComponent(new URL(this.settings.url).username);
  }

  /** Makes sure the broker holds the roles and defaults the devices and servers need (once). */
  prepare(): Promise<void> {
    if (!this.dynsec) return Promise.resolve();
    this.#prepared ??= ensureBrokerLayout(this.dynsec, this.adminUser).catch((err: unknown) => {
      this.#prepared = null;
      throw err;
    });
    return this.#prepared;
  }

  /** Gives a device its account (username = serial, password = secret); closes older sessions. */
  async provision(serial: string, secret: string): Promise<void> {
    if (!this.dynsec || !isMqttSerial(serial)) return;
    await this.prepare();
    await setDeviceAccount(this.dynsec, serial, secret);
  }

  /** Keeps a purifier's desired state on its `desired` topic (retained, QoS 1). */
  async publishDesired(serial: string, desired: unknown): Promise<void> {
    if (!isMqttSerial(serial)) return;
    await this.client.publishAsync(deviceTopics(serial).desired, JSON.stringify(desired), {
      qos: 1,
      retain: true,
    });
  }

  /** Tells a device why its telemetry was refused (same body as the HTTP answer). */
  async publishError(serial: string, body: unknown): Promise<void> {
    await this.client.publishAsync(deviceTopics(serial).errors, JSON.stringify(body), { qos: 1 });
  }

  /** Hands a rotation's new secret to the device (only it may read this topic). */
  async publishCredentials(serial: string, secret: string): Promise<void> {
    if (!isMqttSerial(serial)) return;
    await this.client.publishAsync(
      deviceTopics(serial).credentials,
      JSON.stringify({ device_secret: secret }),
      { qos: 1 },
    );
  }

  /** Closes the connection (after what was queued is sent). */
  async close(): Promise<void> {
    this.dynsec?.close();
    await this.client.endAsync();
  }
}

/**
 * The broker of this process, once the process opened one (server and worker with MQTT_URL,
 * the start script while it seeds the demo). Credential changes and desired-state pushes go
 * through it from wherever they happen in core, so none of them can forget the broker.
 */
let current: DeviceBroker | null = null;

/** Makes `broker` the one this process's credential changes and pushes go to (null: none). */
export function useDeviceBroker(broker: DeviceBroker | null): void {
  current = broker;
}

/** The broker of this process, if any. */
export function currentDeviceBroker(): DeviceBroker | null {
  return current;
}

/**
 * Runs `work` on this process's broker, if it has one. A failure is logged, never thrown: the
 * credential or state change it follows is already decided (HTTP devices are unaffected), and
 * the broker catches up (reconciliation at start, desired state again at the next report).
 */
export async function onDeviceBroker(
  what: string,
  work: (broker: DeviceBroker) => Promise<void>,
): Promise<void> {
  const broker = current;
  if (!broker) return;
  try {
    await work(broker);
  } catch (err) {
    broker.logger.warn({ err }, `device broker: ${what} failed`);
  }
}

/**
 * Gives a device's broker account the secret it now speaks with (MQTT devices): called wherever
 * a secret is known in clear, which is only when it is made or first used (it is kept hashed).
 */
export function provisionDeviceAccount(serial: string, secret: string): Promise<void> {
  return onDeviceBroker('provisioning', (broker) => broker.provision(serial, secret));
}
