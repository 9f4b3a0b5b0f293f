/**
 * Starts the whole product: makes sure PostgreSQL, Redis and an MQTT broker are there (falling
 * back to an embedded PostgreSQL, a local redis-server, and Mosquitto or an embedded aedes
 * broker; scripts/lib/mqtt-broker.ts), applies migrations, seeds the demo data when
 * asked, then runs the server and the worker (and Vite with --dev) until stopped, starting again
 * any of them that crashes (with a backoff; it gives up after repeated crashes).
 *
 *   --demo   demo accounts, demo machines and simulated devices reporting live (SIMULATOR=0: none)
 *   --dev    Vite hot reload on :5173 in front of the API, server and worker restarted on change
 *   --e2e    a fresh database (E2E_DATABASE) and mail folder, for the Playwright journeys
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase } from '@aircloud/core/db/client';
import { runMigrations } from '@aircloud/core/db/migrate';
import { seedDemoHistory } from './demo/seed-demo-history.ts';
import { seedDemo, seedDemoDevices, seedDemoFirmware } from './demo/seed-demo.ts';
import { withLevels } from './demo/device-fleet.ts';
import { ensureMeasurePartitions } from '@aircloud/core/db/partitions';
import {
  databaseAppSecret,
  ensurePostgres,
  ensureRedis,
  localMetricsToken,
  localVapidKeys,
} from './lib/services.ts';
import { Supervisor } from './lib/supervisor.ts';
import { ensureMqtt } from './lib/mqtt-broker.ts';
import { DeviceBroker, useDeviceBroker } from '@aircloud/core/mqtt/device-broker';
import { buildServer } from './build-server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const demo = args.has('--demo') || args.has('--e2e') || process.env.DEMO === '1';
const dev = args.has('--dev');
const e2e = args.has('--e2e');
const varDir = path.resolve(root, process.env.VAR_DIR ?? 'var');
mkdirSync(varDir, { recursive: true });
const buildDir = path.join(varDir, 'build', String(process.pid));
// Builds of runs that are gone (killed before they could clean up).
for (const entry of existsSync(path.dirname(buildDir)) ? readdirSync(path.dirname(buildDir)) : [])
  if (!isRunning(Number(entry)))
    rmSync(path.join(path.dirname(buildDir), entry), { recursive: true, force: true });

/** Whether a process with this pid runs. */
function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const postgres = await ensurePostgres(
  varDir,
  e2e ? (process.env.E2E_DATABASE ?? 'aircloud_e2e') : 'aircloud',
  e2e,
);
const redis = await ensureRedis(varDir);
const mqtt = await ensureMqtt(path.join(varDir, e2e ? 'mqtt-e2e' : 'mqtt'), postgres.url);
const mailDir = process.env.MAIL_DIR ?? path.join(varDir, 'mail');
if (e2e) rmSync(mailDir, { recursive: true, force: true });

const db = createDatabase(postgres.url, 2);
await runMigrations(db);
await ensureMeasurePartitions(db);
// Demo accounts; demo machines and their credentials for the simulator (sensor secrets are
// renewed at each start).
const demoDevicesFile = path.join(varDir, 'demo-devices.json');
const uploadDir = process.env.UPLOAD_DIR ?? path.join(varDir, 'uploads');
// Not for the e2e journeys: they start from accounts without machines.
if (demo) await seedDemo(db);
if (demo && !e2e) {
  // The demo devices' new secrets go to their broker accounts as they are made.
  const seeding = DeviceBroker.open({ url: mqtt.url, kind: mqtt.kind }, console);
  useDeviceBroker(seeding);
  const devices = await seedDemoDevices(db);
  useDeviceBroker(null);
  await seeding.close();
  // A newer firmware file, ready for a rollout to the simulated purifiers.
  await seedDemoFirmware(db, uploadDir);
  // A month of history behind the live curves (the rooms' air, the purifiers' modes and wear),
  // so graphs, measured air changes and replacement forecasts show something at once.
  await seedDemoHistory(
    db,
    devices.filter((d) => d.kind === 'sensor').map((d) => d.id),
  );
  // The simulated purifiers go on from the levels the month of wear left.
  writeFileSync(demoDevicesFile, JSON.stringify(await withLevels(db, devices), null, 2), {
    mode: 0o600,
  });
}
await db.$client.end();

// Never a constant: outside production, 48 random bytes made once and kept beside the database
// (in the embedded one's data directory, else in this user's state directory under the
// cluster's identity), so a new checkout finds the secret that sealed the database's values;
// in production the server refuses to start without one. APP_SECRET in the environment wins.
let appSecret = process.env.APP_SECRET || undefined;
if (!appSecret && process.env.NODE_ENV !== 'production') {
  const kept = await databaseAppSecret(postgres.url, varDir, {
    dataDir: postgres.dataDir,
    fresh: e2e,
  });
  appSecret = kept.secret;
  console.log(
    kept.movedFrom
      ? `[start] APP_SECRET moved from ${kept.movedFrom} to ${kept.file} (beside its database)`
      : `[start] APP_SECRET kept beside its database in ${kept.file}`,
  );
}

// Web Push: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY from the environment, else a pair made once
// into var/vapid-keys.json (browsers subscribe with its public key).
const vapid =
  process.env.VAPID_PUBLIC_KEY && process.env.VAPID_PRIVATE_KEY
    ? { publicKey: process.env.VAPID_PUBLIC_KEY, privateKey: process.env.VAPID_PRIVATE_KEY }
    : localVapidKeys(varDir);

const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: postgres.url,
  REDIS_URL: redis.url,
  MQTT_URL: mqtt.url,
  MQTT_PUBLIC_URL: process.env.MQTT_PUBLIC_URL ?? mqtt.publicUrl,
  MQTT_BROKER: mqtt.kind,
  APP_SECRET: appSecret,
  // GET /metrics (server) and the worker's metrics port want this bearer token.
  METRICS_TOKEN:
    process.env.METRICS_TOKEN ||
    (process.env.NODE_ENV === 'production' ? undefined : localMetricsToken(varDir)),
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  MAIL_DIR: mailDir,
  UPLOAD_DIR: uploadDir,
  DEMO: demo ? '1' : '0',
  // The demo lets a webhook reach a receiver on this machine (refused otherwise: SSRF).
  ...(demo ? { WEBHOOK_ALLOW_PRIVATE: process.env.WEBHOOK_ALLOW_PRIVATE ?? '1' } : {}),
  ...(e2e
    ? {
        REDIS_PREFIX: `aircloud-e2e-${process.pid}`,
        LOGIN_RATE_LIMIT: '1000',
        REGISTRATION_RATE_LIMIT: '1000',
      }
    : {}),
  ...(dev && !process.env.PUBLIC_URL ? { PUBLIC_URL: 'http://localhost:5173' } : {}),
};

let stopping = false;
// A process that stops on its own is started again with a backoff while the others keep running
// (scripts/lib/supervisor.ts); after repeated crashes in a short time the product stops.
const supervisor = new Supervisor({
  spawnOptions: { cwd: root, env, stdio: 'inherit' },
  onGiveUp: (_name, reason) => {
    console.error(`[start] ${reason}: stopping everything (see the lines above for its error)`);
    void stop(1);
  },
});

function run(name: string, command: string, commandArgs: string[]): void {
  supervisor.add({ name, command, args: commandArgs });
}

async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await supervisor.stop();
  rmSync(buildDir, { recursive: true, force: true });
  redis.stop();
  await mqtt.stop();
  await postgres.stop();
  process.exit(code);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

if (dev) {
  // Hot reload: TypeScript run by tsx, restarted on change.
  const node = ['--import', 'tsx', '--watch'];
  run('server', process.execPath, [...node, 'server/src/entry.ts']);
  run('worker', process.execPath, [...node, 'worker/src/entry.ts']);
} else {
  // The same compiled JavaScript as the image (scripts/build-server.ts), run by plain node; built
  // into a folder of this run, so two products started side by side never share one.
  const started = Date.now();
  await buildServer(buildDir);
  console.log(`[start] server and worker compiled in ${Date.now() - started} ms`);
  // SERVER_CPU_PROF_DIR (benchmarks' --cpu-prof): a V8 CPU profile of the server, written at its exit.
  const profile = process.env.SERVER_CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVER_CPU_PROF_DIR}`]
    : [];
  run('server', process.execPath, [
    ...profile,
    '--enable-source-maps',
    path.join(buildDir, 'server.js'),
  ]);
  run('worker', process.execPath, ['--enable-source-maps', path.join(buildDir, 'worker.js')]);
}
if (dev) run('vite', 'npx', ['vite', '--config', 'client/vite.config.ts', 'client']);
// The demo comes alive: simulated devices report every 5 s (not in e2e runs: journeys need calm).
if (demo && !e2e && process.env.SIMULATOR !== '0')
  run('simulator', process.execPath, [
    '--import',
    'tsx',
    'scripts/simulator/cli.ts',
    '--devices',
    demoDevicesFile,
    '--interval',
    '5',
    '--url',
    `http://127.0.0.1:${env.PORT ?? '3000'}`,
    // Firmware rollouts in the demo: SIM_FIRMWARE_FAILURE_RATE=0.3 makes some installs fail.
    '--firmware-failure-rate',
    process.env.SIM_FIRMWARE_FAILURE_RATE ?? '0',
    // Every other demo device on MQTT: both paths are live for a newcomer.
    '--transport',
    'both',
    '--mqtt-url',
    env.MQTT_PUBLIC_URL!,
    '--quiet',
  ]);

const port = env.PORT ?? '3000';
if (env.METRICS_TOKEN && !process.env.METRICS_TOKEN)
  console.log(
    `[start] metrics: http://localhost:${port}/metrics and the worker's ` +
      `http://localhost:${env.WORKER_METRICS_PORT ?? '9465'}/metrics, ` +
      `Authorization: Bearer <${path.relative(root, path.join(varDir, 'metrics-token'))}>`,
  );
console.log(
  `[start] ${demo ? 'demo ' : ''}product starting: ${dev ? 'http://localhost:5173 (Vite)' : `http://localhost:${port}`}` +
    (demo ? ' - accounts admin@demo.test, tech@demo.test, user@demo.test, password Demo-1234' : ''),
);
