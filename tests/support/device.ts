import { createHash } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import type {
  DeviceClientToServerEvents,
  DeviceServerToClientEvents,
} from '@aircloud/shared/devices';
import type { DesiredState, PurifierMode } from '@aircloud/shared/purifiers';
import type { DesiredFirmware } from '@aircloud/shared/firmware-rollouts';

/**
 * A purifier as its label knows it: serial and product key. The key only claims it: the device
 * exchanges it once for a secret of its own (docs/api-devices.md), which TestPurifier does.
 */
export interface PurifierCredentials {
  serial: string;
  key: string;
}

const portAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** The e2e server's database, found as scripts/start.ts --e2e finds it (scripts/lib/services.ts). */
async function e2eDatabaseUrl(port: number): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const name = `aircloud_e2e_${port}`;
  if (await portAnswers(5432)) {
    const user = process.getuid?.() === 0 ? 'postgres' : (process.env.USER ?? 'postgres');
    return `postgres://${user}@127.0.0.1:5432/${name}`;
  }
  return `postgres://postgres:postgres@127.0.0.1:54329/${name}`;
}

/**
 * Sets a purifier's reporting interval. No API sets it (the device's firmware does, 60 s by
 * default); a short one lets a journey see a disconnection within seconds.
 */
export async function setReportingInterval(
  e2ePort: number,
  serial: string,
  seconds: number,
): Promise<void> {
  const client = new pg.Client({ connectionString: await e2eDatabaseUrl(e2ePort) });
  await client.connect();
  try {
    const res = await client.query(
      'UPDATE purifiers SET reporting_interval_s = $1 WHERE serial_number = $2',
      [seconds, serial],
    );
    if (res.rowCount !== 1) throw new Error(`no purifier ${serial}`);
  } finally {
    await client.end();
  }
}

/**
 * A simulated purifier for one journey: holds its /device socket, applies and acknowledges the
 * commands it gets, and reports every `intervalS` while reporting is on.
 */
export class TestPurifier {
  mode: PurifierMode = 'auto';
  ackVersion = 0;
  /** The firmware it runs; a rollout's desired firmware replaces it (or fails, see below). */
  softVersion = '2.4.1';
  /** When set, an installation fails with this reason (after a download that checks out). */
  failInstallWith: string | null = null;
  private updating: string | null = null;
  readonly commands: DesiredState[] = [];
  private socket: Socket<DeviceServerToClientEvents, DeviceClientToServerEvents> | null = null;
  private secret: string | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly baseUrl: string,
    private readonly device: PurifierCredentials,
    private readonly intervalS: number,
  ) {}

  /** Exchanges the product key for the device secret, the first time. */
  private async claim(): Promise<string> {
    if (this.secret) return this.secret;
    const label = Buffer.from(`${this.device.serial}:${this.device.key}`).toString('base64');
    const res = await fetch(`${this.baseUrl}/device/v1/credentials`, {
      method: 'POST',
      headers: { Authorization: `Basic ${label}` },
    });
    if (res.status !== 201) throw new Error(`credentials exchange answered ${res.status}`);
    this.secret = ((await res.json()) as { device_secret: string }).device_secret;
    return this.secret;
  }

  /** Connects the socket and reports now, then every interval. */
  async start(): Promise<void> {
    const secret = await this.claim();
    if (!this.socket) {
      this.socket = io(`${this.baseUrl}/device`, {
        transports: ['websocket'],
        forceNew: true,
        auth: (give) => give({ serial: this.device.serial, secret: this.secret ?? secret }),
      });
      this.socket.on('command', ({ desired }) => {
        this.commands.push(desired);
        void this.apply(desired);
      });
      // A new owner: store the new secret; the next connection and post use it.
      this.socket.on('credentials', ({ device_secret }) => {
        this.secret = device_secret;
        this.socket?.disconnect().connect();
      });
    } else this.socket.connect();
    await this.report();
    this.timer ??= setInterval(
      () => void this.report().catch(() => undefined),
      this.intervalS * 1000,
    );
  }

  /** Goes silent: no more reports, socket closed (the server will call it disconnected). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.socket?.disconnect();
  }

  /** Applies a desired state: acknowledges its version on the socket, then reports at once. */
  private async apply(desired: DesiredState): Promise<void> {
    if (desired.version <= this.ackVersion) return;
    this.mode = desired.mode;
    this.ackVersion = desired.version;
    this.socket?.emit('ack', { version: desired.version });
    await this.report();
    const firmware = desired.firmware;
    if (firmware && firmware.version !== this.softVersion && this.updating === null) {
      this.updating = firmware.version;
      void this.updateWithRetries(firmware).finally(() => {
        this.updating = null;
      });
    }
  }

  /**
   * As firmware does, a download or report that failed (a refused or cut request) is tried again
   * after a pause, up to 5 times, rather than leaving the rollout waiting for its time-out.
   */
  private async updateWithRetries(firmware: DesiredFirmware): Promise<void> {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      try {
        return await this.update(firmware);
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  }

  /**
   * What a purifier's firmware does with a desired firmware (docs/api-devices.md): downloads it
   * in two ranged halves (as after a cut connection), checks the SHA-256, installs, reports.
   */
  private async update(firmware: DesiredFirmware): Promise<void> {
    const { version } = firmware;
    await this.report({ firmware: { status: 'downloading', version } });
    const path = new URL(firmware.url).pathname;
    const half = Math.floor(firmware.size / 2);
    const parts: Buffer[] = [];
    for (const range of [`bytes=0-${half - 1}`, `bytes=${half}-`]) {
      const res = await fetch(`${this.baseUrl}${path}`, { headers: { Range: range } });
      if (res.status !== 206) throw new Error(`firmware download answered ${res.status}`);
      parts.push(Buffer.from(await res.arrayBuffer()));
    }
    const file = Buffer.concat(parts);
    if (createHash('sha256').update(file).digest('hex') !== firmware.sha256) {
      await this.report({ firmware: { status: 'failed', version, reason: 'hash_mismatch' } });
      return;
    }
    await this.report({ firmware: { status: 'installing', version } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (this.failInstallWith) {
      await this.report({ firmware: { status: 'failed', version, reason: this.failInstallWith } });
      return;
    }
    this.softVersion = version;
    await this.report();
  }

  /** Posts one report (with `extra` fields); applies the desired state the answer may carry. */
  async report(extra: Record<string, unknown> = {}): Promise<void> {
    const credentials = Buffer.from(`${this.device.serial}:${await this.claim()}`).toString(
      'base64',
    );
    const res = await fetch(`${this.baseUrl}/device/v1/telemetry`, {
      method: 'POST',
      headers: { Authorization: `Basic ${credentials}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        ts: new Date().toISOString(),
        mode: this.mode,
        state: 'operational',
        soft_version: this.softVersion,
        desired_version_ack: this.ackVersion,
        ...extra,
      }),
    });
    if (res.status !== 200) throw new Error(`telemetry answered ${res.status}`);
    const body = (await res.json()) as {
      desired?: DesiredState;
      credentials?: { device_secret: string };
    };
    if (body.credentials) this.secret = body.credentials.device_secret;
    if (body.desired) await this.apply(body.desired);
  }
}
