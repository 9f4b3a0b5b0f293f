/**
 * AirCloud on a Redis Cluster (REDIS_CLUSTER_NODES): three masters started from `redis-server`
 * on free ports, then the server and the worker on it, and ingest → alert → push through it: a
 * sensor posts a CO2 level above its rule's threshold, the worker's rule switches the linked
 * purifier to boost, and the owner's browser socket receives the live sample and the purifier
 * update. The cluster must have served the traffic (queue keys under the `{prefix}` hash tag).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ClientToServerEvents,
  PurifierLive,
  SensorSamplesEvent,
  ServerToClientEvents,
} from '@aircloud/shared/realtime';
import { io, type Socket } from 'socket.io-client';
import { createTestDatabase, type TestDatabase } from '@aircloud/core/test/database';
import { seedDemo, seedDemoDevices } from './demo/seed-demo.ts';
import type { DeviceCredentials } from './demo/device-fleet.ts';
import { createRule } from './faults/context.ts';
import { ProductProcess, productEnv, signIn } from './faults/product.ts';
import { freePort, sleep, waitPort } from './faults/services.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'aircloud-redis-cluster-'));
const nodes: { port: number; child: ChildProcess }[] = [];
let database: TestDatabase | undefined;
let server: ProductProcess | undefined;
let worker: ProductProcess | undefined;
let devices: DeviceCredentials[] = [];
let redisPrefix = '';
const sockets: Socket[] = [];

function redisCli(...args: string[]): string {
  const run = spawnSync('redis-cli', args, { encoding: 'utf8', timeout: 20_000 });
  if (run.status !== 0) throw new Error(`redis-cli ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
}

/** Three empty masters on free ports, joined into one cluster covering all 16384 slots. */
async function startCluster(): Promise<number[]> {
  for (let i = 0; i < 3; i += 1) {
    const port = await freePort();
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        path.join(dir, `nodes-${port}.conf`),
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'no',
      ],
      { stdio: 'ignore' },
    );
    nodes.push({ port, child });
    await waitPort(port);
  }
  const addresses = nodes.map((n) => `127.0.0.1:${n.port}`);
  redisCli('--cluster', 'create', ...addresses, '--cluster-replicas', '0', '--cluster-yes');
  const deadline = Date.now() + 20_000;
  for (const { port } of nodes) {
    while (!redisCli('-p', String(port), 'cluster', 'info').includes('cluster_state:ok')) {
      if (Date.now() > deadline) throw new Error(`cluster not ok on ${port}`);
      await sleep(100);
    }
  }
  return nodes.map((n) => n.port);
}

beforeAll(async () => {
  const ports = await startCluster();
  database = await createTestDatabase();
  await seedDemo(database.db);
  devices = await seedDemoDevices(database.db);
  const env: NodeJS.ProcessEnv = {
    ...productEnv(database.url, 'redis://127.0.0.1:6379'),
    // REDIS_URL's host is not used: the clients are ioredis Clusters from these seed nodes.
    REDIS_URL: 'redis://127.0.0.1:1',
    REDIS_CLUSTER_NODES: ports.map((p) => `127.0.0.1:${p}`).join(','),
    WORKER_METRICS_PORT: '0',
    SHUTDOWN_DRAIN_MS: '0',
  };
  redisPrefix = env.REDIS_PREFIX!;
  server = new ProductProcess('cluster-server', 'server/src/main.ts', env, await freePort());
  worker = new ProductProcess('cluster-worker', 'worker/src/main.ts', env);
  await Promise.all([server.start(), worker.start()]);
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await Promise.all([server?.kill('SIGTERM'), worker?.kill('SIGTERM')]);
  await database?.drop();
  for (const { child } of nodes) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Keys held by each master (DBSIZE), and the queue keys found across the cluster. */
function clusterKeys(prefix: string): { perMaster: number[]; queueKeys: string[] } {
  const perMaster = nodes.map(({ port }) => Number(redisCli('-p', String(port), 'dbsize').trim()));
  const queueKeys = nodes.flatMap(({ port }) =>
    redisCli('-p', String(port), '--scan', '--pattern', `{${prefix}}:bull:*`)
      .split('\n')
      .filter(Boolean),
  );
  return { perMaster, queueKeys };
}

describe('on a Redis Cluster', () => {
  it('carries ingest → alert rule → purifier switch → browser push', async () => {
    const base = server!.base;
    const sensor = devices.find((d) => d.serial === 'DEMO-SENSOR-000001')!;
    const purifier = devices.find((d) => d.serial === sensor.linked![0])!;
    // Sign-in goes through the rate limiter (EVALSHA on the cluster), the rule through the API.
    const cookie = await signIn(base);
    await createRule({ server: { base }, cookie, databaseUrl: database!.url }, sensor.id);

    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(base, {
      transports: ['websocket'],
      forceNew: true,
      extraHeaders: { cookie, origin: base },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const onPurifier = await socket
      .timeout(10_000)
      .emitWithAck('subscribe', { purifier: purifier.id });
    expect(onPurifier.ok && 'purifier' in onPurifier && onPurifier.purifier.mode).not.toBe('boost');
    expect((await socket.timeout(10_000).emitWithAck('subscribe', { sensor: sensor.id })).ok).toBe(
      true,
    );

    const sample = new Promise<SensorSamplesEvent>((resolve) =>
      socket.on('sensor:samples', (event) => {
        if (event.sensor === sensor.id) resolve(event);
      }),
    );
    const boosted = new Promise<PurifierLive>((resolve) =>
      socket.on('purifier:updated', (live) => {
        if (live.ulid === purifier.id && live.mode === 'boost') resolve(live);
      }),
    );
    const res = await fetch(`${base}/device/v1/telemetry`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${sensor.serial}:${sensor.secret}`).toString('base64')}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ ts: new Date().toISOString(), measures: { co2: 1500 } }),
    });
    expect(res.status).toBe(200);

    const timeout = (what: string) =>
      sleep(20_000).then(() => Promise.reject(new Error(`no ${what} within 20 s`)));
    const live = await Promise.race([sample, timeout('live sample')]);
    expect(live.samples.at(-1)?.co2).toBe(1500);
    const update = await Promise.race([boosted, timeout('purifier:updated in boost')]);
    expect(update.mode).toBe('boost');

    // The cluster served it: its masters hold keys, the queues' under the `{prefix}` hash tag.
    const { perMaster, queueKeys } = clusterKeys(redisPrefix);
    expect(perMaster.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(
      queueKeys.some((key) => key.includes(':alert-rules:') || key.includes(':samples:')),
    ).toBe(true);
  });
});
