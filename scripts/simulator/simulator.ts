/**
 * Simulated devices talking to AirCloud like real ones: sensors post their samples over HTTP,
 * purifiers hold a /device socket, apply commands (reported mode = desired, ack) and report; or,
 * with `transport` mqtt (or both: every other device), the same over the MQTT broker;
 * now and then a device drops off for a few minutes and comes back (sensors then send what they
 * buffered). A purifier running harder clears the PM of its sensors' room. A purifier installs
 * the firmware its desired state names (firmware-update.ts), failing at a chosen rate.
 */
import type { DesiredState, MaintenanceLevels, PurifierMode } from '@aircloud/shared/purifiers';
import { PURIFIER_MODES, fullMaintenanceLevels } from '@aircloud/shared/purifiers';
import type {
  DeviceServerToClientEvents,
  DeviceClientToServerEvents,
  TelemetryReply,
} from '@aircloud/shared/devices';
import { io as connect, type Socket } from 'socket.io-client';
import type { DeviceCredentials } from '../demo/device-fleet.ts';
import { Room } from './room.ts';
import { wear } from './wear.ts';
import {
  DEFAULT_FIRMWARE_BEHAVIOUR,
  installFirmware,
  type FirmwareBehaviour,
} from './firmware-update.ts';
import type { DesiredFirmware, FirmwareReport } from '@aircloud/shared/firmware-rollouts';
import { MqttDevice } from './mqtt-device.ts';

/** How the simulated devices reach the server and how often they report. */
export interface SimulatorOptions {
  baseUrl: string;
  /** Seconds between two reports of a device. */
  intervalS: number;
  /** Chance per report that a device drops off (0 disables). */
  dropRate?: number;
  /** How purifiers install the firmware a rollout sends them. */
  firmware?: FirmwareBehaviour;
  /** The firmware version each purifier runs at start, by serial (default 2.4.1). */
  softVersions?: Record<string, string>;
  /** Called once a purifier runs a new firmware version (to keep it across restarts). */
  onFirmwareInstalled?: (serial: string, version: string) => void;
  /** How devices talk: HTTP (and the socket), MQTT, or both (every other device on MQTT). */
  transport?: 'http' | 'mqtt' | 'both';
  /** The broker devices use on MQTT (`mqtt://host:port`). */
  mqttUrl?: string;
  log?: (line: string) => void;
}

/** The version a simulated purifier runs until a rollout installs another. */
export const SIMULATED_SOFT_VERSION = '2.4.1';

const authorization = (d: DeviceCredentials) =>
  `Basic ${Buffer.from(`${d.serial}:${d.secret}`).toString('base64')}`;

async function postTelemetry(
  baseUrl: string,
  device: DeviceCredentials,
  body: unknown,
): Promise<{ status: number; body: TelemetryReply | null }> {
  const res = await fetch(`${baseUrl}/device/v1/telemetry`, {
    method: 'POST',
    headers: { Authorization: authorization(device), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as TelemetryReply) : null,
  };
}

class SimPurifier {
  mode: PurifierMode = 'auto';
  trh = 5;
  ackVersion = 0;
  levels: MaintenanceLevels;
  /** When the levels were last worn down (ms). */
  #woreAt = Date.now();
  offlineUntil = 0;
  socket: Socket<DeviceServerToClientEvents, DeviceClientToServerEvents> | undefined;
  mqtt: MqttDevice | undefined;
  readonly mac: string;
  softVersion: string;
  /** The firmware version being installed, if any. */
  updating: string | null = null;

  constructor(
    readonly device: DeviceCredentials,
    readonly options: SimulatorOptions,
    index: number,
    readonly onMqtt: boolean,
  ) {
    this.softVersion = options.softVersions?.[device.serial] ?? SIMULATED_SOFT_VERSION;
    // The levels the purifier had when the fleet was made (the demo's month of wear), else new.
    this.levels = { ...fullMaintenanceLevels(), ...device.levels };
    this.mac = `02:00:00:00:${(index >> 8).toString(16).padStart(2, '0')}:${(index & 255).toString(16).padStart(2, '0')}`;
  }

  connect(): void {
    if (this.onMqtt) {
      this.mqtt = new MqttDevice(this.device, this.options.mqttUrl!, {
        desired: (desired) => void this.apply(desired),
        log: this.options.log,
      });
      return;
    }
    this.socket = connect(`${this.options.baseUrl}/device`, {
      transports: ['websocket'],
      forceNew: true,
      // Read at each connection: a new secret (change of owner) is used from then on.
      auth: (give) => give({ serial: this.device.serial, secret: this.device.secret }),
      reconnectionDelay: 2000,
    });
    this.socket.on('command', ({ desired }) => void this.apply(desired));
    this.socket.on('credentials', ({ device_secret }) => this.rotate(device_secret));
    this.socket.on('connect_error', (err) =>
      this.options.log?.(`${this.device.serial}: socket refused (${err.message})`),
    );
  }

  /** Applies a desired state, acknowledges it, then reports at once. */
  async apply(desired: DesiredState): Promise<void> {
    if (desired.version <= this.ackVersion) return;
    this.mode = desired.mode;
    this.trh = desired.trh;
    this.ackVersion = desired.version;
    this.socket?.emit('ack', { version: desired.version });
    this.options.log?.(`${this.device.serial}: mode ${this.mode} (v${desired.version})`);
    await this.report();
    const firmware = desired.firmware;
    if (firmware && firmware.version !== this.softVersion && this.updating === null)
      this.update(firmware);
  }

  /** Installs the firmware of the desired state, in the background (reports as it goes). */
  update(firmware: DesiredFirmware): void {
    this.updating = firmware.version;
    this.options.log?.(`${this.device.serial}: installing firmware ${firmware.version}`);
    installFirmware(
      firmware,
      this.softVersion,
      this.options.baseUrl,
      this.options.firmware ?? DEFAULT_FIRMWARE_BEHAVIOUR,
      async (fields) => {
        if (fields.soft_version) {
          this.softVersion = fields.soft_version;
          this.options.onFirmwareInstalled?.(this.device.serial, fields.soft_version);
        }
        await this.report(fields);
      },
    )
      .then((version) => this.options.log?.(`${this.device.serial}: runs firmware ${version}`))
      .catch((err: unknown) =>
        this.options.log?.(
          `${this.device.serial}: firmware update failed (${err instanceof Error ? err.message : String(err)})`,
        ),
      )
      .finally(() => {
        this.updating = null;
      });
  }

  async report(extra: { firmware?: FirmwareReport; soft_version?: string } = {}): Promise<void> {
    const now = Date.now();
    this.levels = wear(this.levels, this.mode, (now - this.#woreAt) / 1000);
    this.#woreAt = now;
    const report = {
      ts: new Date().toISOString(),
      mode: this.mode,
      trh: this.trh,
      state:
        this.levels.filters < 10 ? 'alert' : this.levels.prefilter < 20 ? 'warning' : 'operational',
      maintenance: this.levels,
      ip_address: `192.168.1.${10 + (this.mac.charCodeAt(16) % 200)}`,
      mac_address: this.mac,
      soft_version: this.softVersion,
      ssid: 'AirCloud-Demo',
      desired_version_ack: this.ackVersion,
      ...extra,
    };
    // On MQTT the report carries the acknowledgement; commands come on the desired topic.
    if (this.mqtt) return this.mqtt.publish(report);
    const { body } = await postTelemetry(this.options.baseUrl, this.device, report);
    if (body?.credentials) this.rotate(body.credentials.device_secret);
    if (body?.desired) await this.apply(body.desired);
  }

  /** Keeps the new device secret of a rotation (the purifier changed owner) and reconnects. */
  rotate(secret: string): void {
    if (secret === this.device.secret) return;
    this.device.secret = secret;
    this.options.log?.(`${this.device.serial}: new device secret`);
    this.socket?.disconnect().connect();
  }

  /** One reporting tick: maybe drop off, come back, or report. */
  async tick(now: number): Promise<void> {
    if (this.offlineUntil > now) return;
    if (this.offlineUntil !== 0) {
      this.offlineUntil = 0;
      this.options.log?.(`${this.device.serial}: back online`);
      this.socket?.connect();
      this.mqtt?.reconnect();
    } else if (Math.random() < (this.options.dropRate ?? 0)) {
      this.offlineUntil = now + (60 + Math.random() * 240) * 1000;
      this.options.log?.(`${this.device.serial}: drops off for a while`);
      this.socket?.disconnect();
      this.mqtt?.disconnect();
      return;
    }
    await this.report();
  }
}

class SimSensor {
  offlineUntil = 0;
  buffer: { ts: string; measures: ReturnType<Room['read']> }[] = [];

  readonly mqtt: MqttDevice | undefined;

  constructor(
    readonly device: DeviceCredentials,
    readonly room: Room,
    readonly options: SimulatorOptions,
    onMqtt: boolean,
  ) {
    this.mqtt = onMqtt ? new MqttDevice(device, options.mqttUrl!, { log: options.log }) : undefined;
  }

  async tick(now: number): Promise<void> {
    this.buffer.push({ ts: new Date(now).toISOString(), measures: this.room.read() });
    if (this.buffer.length > 500) this.buffer.shift();
    if (this.offlineUntil > now) return;
    if (this.offlineUntil !== 0) {
      this.offlineUntil = 0;
      this.options.log?.(`${this.device.serial}: back online, sends ${this.buffer.length} samples`);
    } else if (Math.random() < (this.options.dropRate ?? 0)) {
      this.offlineUntil = now + (60 + Math.random() * 240) * 1000;
      this.options.log?.(`${this.device.serial}: drops off for a while`);
      return;
    }
    const samples = this.buffer;
    this.buffer = [];
    try {
      if (this.mqtt) {
        // Only while connected: offline, the samples stay buffered here, as firmware would.
        if (!this.mqtt.client.connected) throw new Error('not connected');
        await this.mqtt.publish({ samples });
        return;
      }
      const res = await postTelemetry(this.options.baseUrl, this.device, { samples });
      if (res.status >= 500)
        this.buffer = [...samples, ...this.buffer]; // kept for the next try
      else if (res.status !== 200)
        this.options.log?.(`${this.device.serial}: telemetry answered ${res.status}`);
    } catch {
      this.buffer = [...samples, ...this.buffer]; // server not reachable yet: try again later
    }
  }
}

/** A running fleet; `stop` ends it. */
export interface Simulation {
  stop(): void;
}

/** Starts simulating these devices; rooms are built from the sensors' linked purifiers. */
export function simulate(devices: DeviceCredentials[], options: SimulatorOptions): Simulation {
  const transport = options.transport ?? 'http';
  if (transport !== 'http' && !options.mqttUrl) throw new Error('MQTT needs a broker (mqttUrl)');
  const onMqtt = (i: number) => transport === 'mqtt' || (transport === 'both' && i % 2 === 0);
  const purifiers = new Map<string, SimPurifier>();
  devices
    .filter((d) => d.kind === 'purifier')
    .forEach((d, i) => purifiers.set(d.serial, new SimPurifier(d, options, i, onMqtt(i))));
  const rooms: { room: Room; purifiers: SimPurifier[] }[] = [];
  const sensors = devices
    .filter((d) => d.kind === 'sensor')
    .map((d, i) => {
      const room = new Room(i + 1);
      const linked = (d.linked ?? []).flatMap((s) => purifiers.get(s) ?? []);
      rooms.push({ room, purifiers: linked });
      return new SimSensor(d, room, options, onMqtt(i));
    });
  for (const p of purifiers.values()) p.connect();

  const intervalMs = options.intervalS * 1000;
  let last = Date.now();
  // The rooms evolve every second; each device reports on its own phase of the interval.
  const physics = setInterval(() => {
    const now = Date.now();
    for (const { room, purifiers: ps } of rooms) {
      const strongest = ps
        .filter((p) => p.offlineUntil === 0)
        .reduce<PurifierMode>(
          (m, p) => (PURIFIER_MODES.indexOf(p.mode) > PURIFIER_MODES.indexOf(m) ? p.mode : m),
          'off',
        );
      room.purifierMode = strongest;
      room.step(new Date(now), (now - last) / 1000);
    }
    last = now;
  }, 1000);
  const timers: NodeJS.Timeout[] = [physics];
  const schedule = (tick: (now: number) => Promise<void>, phase: number) => {
    const start = setTimeout(() => {
      const run = () =>
        void tick(Date.now()).catch((err: unknown) =>
          options.log?.(`telemetry failed: ${err instanceof Error ? err.message : String(err)}`),
        );
      run();
      timers.push(setInterval(run, intervalMs));
    }, phase);
    timers.push(start);
  };
  [...sensors, ...purifiers.values()].forEach((device, i, all) =>
    schedule((now) => device.tick(now), Math.round((i / all.length) * intervalMs)),
  );
  return {
    stop() {
      timers.forEach((t) => clearTimeout(t));
      for (const p of purifiers.values()) p.socket?.disconnect();
      for (const device of [...purifiers.values(), ...sensors]) device.mqtt?.disconnect();
    },
  };
}
