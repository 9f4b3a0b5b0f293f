import { spawn, type ChildProcess } from 'node:child_process';
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Socket, createServer } from 'node:net';
import path from 'node:path';
import {
  DEFAULT_ACL_ACCESS,
  DEVICE_GROUP,
  SERVER_ACLS,
  SERVER_ROLE,
  deviceAcls,
  deviceRole,
} from './dynamic-security.ts';

/**
 * A Mosquitto of our own (the start script, tests, benchmarks, fault scenarios): its own port,
 * a generated configuration in `dir` (persistence on, anonymous clients refused, the
 * dynamic-security plugin on with a generated administrator who also holds the servers' role).
 * Never the machine's own broker: nothing outside `dir` is read or written.
 */
export interface LocalBroker {
  /** `mqtt://admin:password@127.0.0.1:port`, for the servers (MQTT_URL). */
  url: string;
  /** `mqtt://127.0.0.1:port`, for the devices (MQTT_PUBLIC_URL). */
  publicUrl: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** `mosquitto` on PATH, or null. */
export function findMosquitto(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'mosquitto');
    if (dir && existsSync(candidate)) return candidate;
  }
  for (const candidate of ['/usr/sbin/mosquitto', '/usr/local/sbin/mosquitto'])
    if (existsSync(candidate)) return candidate;
  return null;
}

/** The dynamic-security plugin of the installed Mosquitto (Debian's multiarch folders), or null. */
export function findDynamicSecurityPlugin(): string | null {
  const name = 'mosquitto_dynamic_security.so';
  const roots = ['/usr/lib', '/usr/local/lib', '/usr/lib64'];
  for (const root of roots) {
    if (existsSync(path.join(root, name))) return path.join(root, name);
    if (!existsSync(root)) continue;
    for (const entry of readdirSync(root))
      if (existsSync(path.join(root, entry, name))) return path.join(root, entry, name);
  }
  return null;
}

/** A free TCP port on 127.0.0.1 within [from, to] (the first that binds), or 0 for any. */
export async function freePort(from = 0, to = from): Promise<number> {
  for (let port = from; port <= to; port += 1) {
    const bound = await new Promise<number | null>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
      });
    });
    if (bound) return bound;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

/** Mosquitto 2.0's password hash: PBKDF2-SHA512, 101 iterations, 12 bytes of salt, base64. */
function dynsecPassword(password: string) {
  const salt = randomBytes(12);
  return {
    password: pbkdf2Sync(password, salt, 101, 64, 'sha512').toString('base64'),
    salt: salt.toString('base64'),
    iterations: 101,
  };
}

/** A device account written into a new broker's configuration (benchmarks: thousands at once). */
export interface SeededDevice {
  serial: string;
  secret: string;
}

/**
 * A first dynamic-security file: the administrator, the servers' role, the devices' group, and
 * the accounts of `devices` (as `setDeviceAccount` makes them, without one command each).
 */
function dynsecFile(admin: string, password: string, devices: SeededDevice[]) {
  return {
    clients: [
      {
        username: admin,
        textname: 'AirCloud servers',
        ...dynsecPassword(password),
        roles: [{ rolename: 'admin' }, { rolename: SERVER_ROLE }],
      },
      ...devices.map((d) => ({
        username: d.serial,
        textname: 'AirCloud device',
        ...dynsecPassword(d.secret),
        roles: [{ rolename: deviceRole(d.serial) }],
        groups: [{ groupname: DEVICE_GROUP }],
      })),
    ],
    groups: [
      {
        groupname: DEVICE_GROUP,
        roles: [],
        clients: devices.map((d) => ({ username: d.serial })),
      },
    ],
    roles: [
      ...devices.map((d) => ({ rolename: deviceRole(d.serial), acls: deviceAcls(d.serial) })),
      {
        rolename: 'admin',
        acls: [
          { acltype: 'publishClientSend', topic: '$CONTROL/dynamic-security/#', allow: true },
          { acltype: 'publishClientReceive', topic: '$CONTROL/dynamic-security/#', allow: true },
          { acltype: 'subscribePattern', topic: '$CONTROL/dynamic-security/#', allow: true },
          { acltype: 'publishClientReceive', topic: '$SYS/#', allow: true },
          { acltype: 'subscribePattern', topic: '$SYS/#', allow: true },
          { acltype: 'unsubscribePattern', topic: '#', allow: true },
        ],
      },
      { rolename: SERVER_ROLE, acls: SERVER_ACLS },
    ],
    defaultACLAccess: Object.fromEntries(DEFAULT_ACL_ACCESS.map((a) => [a.acltype, a.allow])),
  };
}

/**
 * Starts Mosquitto with a configuration generated in `dir` (kept there: a second start finds
 * its administrator, accounts and retained messages again). `port` 0: the first free one in
 * `portRange`, else any.
 */
export async function startMosquitto(options: {
  dir: string;
  port?: number;
  portRange?: [number, number];
  mosquitto?: string;
  plugin?: string;
  /** Device accounts to write into a new configuration (ignored when `dir` has one). */
  devices?: SeededDevice[];
}): Promise<LocalBroker> {
  const mosquitto = options.mosquitto ?? findMosquitto();
  const plugin = options.plugin ?? findDynamicSecurityPlugin();
  if (!mosquitto) throw new Error('mosquitto is not installed');
  if (!plugin) throw new Error('the mosquitto dynamic-security plugin is not installed');
  const dir = path.resolve(options.dir);
  mkdirSync(path.join(dir, 'data'), { recursive: true, mode: 0o700 });
  const adminFile = path.join(dir, 'admin.json');
  if (!existsSync(adminFile))
    writeFileSync(
      adminFile,
      JSON.stringify({ username: 'aircloud', password: randomBytes(24).toString('base64url') }),
      { mode: 0o600 },
    );
  const admin = JSON.parse(readFileSync(adminFile, 'utf8')) as {
    username: string;
    password: string;
  };
  const dynsec = path.join(dir, 'dynamic-security.json');
  if (!existsSync(dynsec))
    writeFileSync(
      dynsec,
      JSON.stringify(dynsecFile(admin.username, admin.password, options.devices ?? []), null, 2),
      {
        mode: 0o600,
      },
    );
  const port =
    options.port || (options.portRange ? await freePort(...options.portRange) : await freePort());
  const config = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    config,
    [
      '# Generated by AirCloud (core/src/mqtt/local-broker.ts) at each start.',
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      // Started as root, Mosquitto would become the `mosquitto` user, who cannot read `dir`.
      ...(process.getuid?.() === 0 ? ['user root'] : []),
      'persistence true',
      `persistence_location ${path.join(dir, 'data')}/`,
      'autosave_interval 5',
      'max_queued_messages 100000',
      'max_inflight_messages 100',
      // A server session that never comes back (a replica removed) stops holding messages.
      'persistent_client_expiration 1d',
      `plugin ${plugin}`,
      `plugin_opt_config_file ${dynsec}`,
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      '',
    ].join('\n'),
  );
  const child = spawn(mosquitto, ['-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  await waitForPort(port, child, () => stderr);
  const credentials = `${encodeURIComponent(admin.username)}:${encodeURIComponent(admin.password)}`;
  return {
    url: `mqtt://${credentials}@127.0.0.1:${port}`,
    publicUrl: `mqtt://127.0.0.1:${port}`,
    port,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Resolves once something listens on `port` (Mosquitto is ready), or throws if it exited. */
async function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited: ${log().trim()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
      socket.connect(port, '127.0.0.1');
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGTERM');
  throw new Error(`mosquitto did not listen on ${port}: ${log().trim()}`);
}
