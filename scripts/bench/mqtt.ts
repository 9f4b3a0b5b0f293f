/**
 * MQTT ingest benchmark: npm run bench:mqtt [-- --phase-seconds 20 --sensors 2000]
 *
 * The sensors and samples of bench:ingest, published through the benchmark's own Mosquitto
 * (persistence and dynamic security, as `npm start` configures it; ports 18830–18839) to the
 * product started with it, and HTTP measured in the same run against the same product: single
 * sample messages/posts at 5,000 samples/s, then batches of 100 at 50,000 samples/s. For each:
 * sustained samples/s (stored, acknowledged back to the device), server CPU per 1,000 samples,
 * device-to-browser p50/p99 through Socket.IO subscribers. Prints them beside the goals of
 * issue 19: MQTT ≥ 3× HTTP's samples/s per server CPU, p99 ≤ 250 ms at 5,000 single samples/s,
 * 50,000 samples/s batched.
 */
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startMosquitto } from '@aircloud/core/mqtt/local-broker';
import {
  BENCH_SECRET,
  demoOwner,
  insertBenchSensors,
  percentile,
  root,
  startLoad,
  startMqttLoad,
  startProduct,
  waitReady,
} from './common.ts';
import { cpuPercent, cpuSnapshot, groups } from './cpu.ts';
import { openSubscribers } from './live.ts';
import type { MqttLoadResult } from './mqtt-load.ts';

export interface MqttBenchOptions {
  phaseSeconds: number;
  sensors: number;
  subscribers: number;
  /** Single-sample rate, samples/s. */
  singleRate: number;
  /** Batched rate, samples/s, in messages of `batch`. */
  batchedRate: number;
  batch: number;
  port: number;
  /** MQTT_INGEST_CONNECTIONS of the server (undefined: its default). */
  connections?: number;
}

export const MQTT_DEFAULTS: MqttBenchOptions = {
  phaseSeconds: 20,
  sensors: 2000,
  subscribers: 200,
  singleRate: 5000,
  batchedRate: 50_000,
  batch: 100,
  port: 3630,
};

const DATABASE = 'aircloud_bench_mqtt';

/** One phase: a transport, a message size, an offered rate. */
export interface MqttBenchRow {
  phase: string;
  transport: 'http' | 'mqtt';
  batch: number;
  'offered/s': number;
  'sustained/s': number;
  'messages/s': number;
  'not sent': number;
  errors: number;
  /** Sent but not stored (HTTP: refused or failed posts; MQTT: not acknowledged on `acks`). */
  'not stored': number;
  'server %': number;
  'server CPU ms / 1,000 samples': number;
  'p50 ms': number;
  'p99 ms': number;
  'sent p50 ms': number;
  'sent p99 ms': number;
  'pushed/s': number;
  'broker %': number;
  'postgres %': number;
  'worker %': number;
  'bench client %': number;
  'machine % (of 200)': number;
}

export interface MqttFigures {
  rows: MqttBenchRow[];
  /** MQTT's samples/s per server CPU over HTTP's, single samples and batches. */
  efficiency: { single: number; batched: number };
  /** Load average (1 min) before the run, the quietness of the machine. */
  loadBefore: number;
}

/** Runs the MQTT benchmark (with its HTTP comparison) on its own broker, product and database. */
export async function runMqttBench(options: Partial<MqttBenchOptions> = {}): Promise<MqttFigures> {
  const o = { ...MQTT_DEFAULTS, ...options };
  const loadBefore = loadavg()[0]!;
  const dir = path.join(root, 'var/bench-mqtt');
  rmSync(dir, { recursive: true, force: true });

  // The sensors of bench:ingest; their broker accounts are written into the broker's first
  // configuration (one provisioning command each would take minutes).
  const serials = Array.from({ length: o.sensors }, (_, i) => ({
    serial: `BENCH-${String(i + 1).padStart(6, '0')}`,
  }));
  const brokerDir = path.join(dir, 'broker');
  const accounts = serials.map((s) => ({ ...s, secret: BENCH_SECRET }));
  let broker = await startMosquitto({ dir: brokerDir, portRange: [18830, 18839] });
  const product = startProduct({
    port: o.port,
    database: DATABASE,
    varDir: 'var/bench-mqtt',
    env: {
      MQTT_URL: broker.url,
      MQTT_PUBLIC_URL: broker.publicUrl,
      ...(o.connections ? { MQTT_INGEST_CONNECTIONS: String(o.connections) } : {}),
    },
  });
  const http = startLoad();
  const mqttLoad = startMqttLoad();
  try {
    await waitReady(product.base);
    const db = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:5432/${DATABASE}`,
    });
    await db.connect();
    const { ids, devices } = await insertBenchSensors(db, {
      count: o.sensors,
      owner: await demoOwner(db),
      serialPrefix: 'BENCH',
      idPrefix: '01BENCH',
    });
    await db.end();
    // The accounts go into the broker's configuration now that the sensors exist (the servers'
    // start removes accounts without a credential), all at once: one provisioning command each
    // would take minutes. The servers reconnect to the restarted broker by themselves.
    await broker.stop();
    rmSync(path.join(brokerDir, 'dynamic-security.json'));
    broker = await startMosquitto({ dir: brokerDir, port: broker.port, devices: accounts });
    const connected = (await mqttLoad.run({
      type: 'connect',
      url: broker.publicUrl,
      devices,
    })) as { connected?: number; error?: string };
    if (connected.error) throw new Error(connected.error);
    const live = await openSubscribers(product.base, ids, o.subscribers);

    const g = groups(product.process.pid!);
    g.broker = [broker.process.pid!];
    g.client = [process.pid, http.pid, mqttLoad.pid];
    const rows: MqttBenchRow[] = [];

    const phase = async (transport: 'http' | 'mqtt', batch: number, rate: number, ms: number) => {
      live.reset();
      const before = cpuSnapshot(g);
      let sustained: number;
      let messages: number;
      let notSent: number;
      let errors: number;
      let notStored: number;
      let durationMs: number;
      if (transport === 'http') {
        const r = await http.run({
          type: 'open',
          url: product.base,
          devices,
          samplesPerSecond: rate,
          batch,
          durationMs: ms,
          maxInflight: 512,
        });
        durationMs = r.durationMs;
        sustained = r.samplesAccepted;
        messages = r.ok;
        notSent = r.notSent;
        errors = r.errors;
        notStored = r.errors * batch;
      } else {
        const r = (await mqttLoad.run({
          type: 'open',
          samplesPerSecond: rate,
          batch,
          durationMs: ms,
          maxInflight: 5000,
        })) as MqttLoadResult;
        durationMs = r.durationMs;
        sustained = r.samplesStored;
        messages = r.pubacked;
        notSent = r.notSent;
        errors = r.errors;
        notStored = r.unacknowledged;
      }
      await new Promise((r) => setTimeout(r, 500)); // the last pushes
      const cpu = cpuPercent(before, cpuSnapshot(g));
      const seconds = (Date.now() - before.at) / 1000;
      const sorted = live.latencies();
      const sent = live.sentLatencies();
      const row: MqttBenchRow = {
        phase: `${transport.toUpperCase()} ${batch === 1 ? 'single' : `batch ${batch}`} ${rate}/s`,
        transport,
        batch,
        'offered/s': rate,
        'sustained/s': Math.round(sustained / (durationMs / 1000)),
        'messages/s': Math.round(messages / (durationMs / 1000)),
        'not sent': notSent,
        errors,
        'not stored': notStored,
        'server %': cpu.server,
        // CPU-ms the server processes spent over the phase, per 1,000 samples stored.
        'server CPU ms / 1,000 samples':
          sustained > 0 ? Math.round(((cpu.server / 100) * seconds * 1e6) / sustained) : 0,
        'p50 ms': percentile(sorted, 50),
        'p99 ms': percentile(sorted, 99),
        // Against the message's send time (its newest sample's `ts`), without the samples' age.
        'sent p50 ms': percentile(sent, 50),
        'sent p99 ms': percentile(sent, 99),
        'pushed/s': Math.round(live.received() / (durationMs / 1000)),
        'broker %': cpu.broker,
        'postgres %': cpu.postgres,
        'worker %': cpu.worker,
        'bench client %': cpu.client,
        'machine % (of 200)': cpu.machine,
      };
      rows.push(row);
      console.log(JSON.stringify(row));
    };

    const ms = o.phaseSeconds * 1000;
    // Warm-up of both paths (JIT, pools), not reported.
    await http.run({
      type: 'open',
      url: product.base,
      devices,
      samplesPerSecond: 1000,
      batch: 1,
      durationMs: 3000,
      maxInflight: 512,
    });
    await mqttLoad.run({
      type: 'open',
      samplesPerSecond: 1000,
      batch: 1,
      durationMs: 3000,
      maxInflight: 5000,
    });
    await phase('http', 1, o.singleRate, ms);
    await phase('mqtt', 1, o.singleRate, ms);
    await phase('http', o.batch, o.batchedRate, ms);
    await phase('mqtt', o.batch, o.batchedRate, ms);
    live.close();

    const perCpu = (r: MqttBenchRow | undefined) =>
      r && r['server CPU ms / 1,000 samples'] > 0 ? 1 / r['server CPU ms / 1,000 samples'] : 0;
    const ratio = (batch: number) => {
      const h = perCpu(rows.find((r) => r.transport === 'http' && r.batch === batch));
      const m = perCpu(rows.find((r) => r.transport === 'mqtt' && r.batch === batch));
      return h > 0 ? Math.round((m / h) * 100) / 100 : 0;
    };
    return {
      rows,
      efficiency: { single: ratio(1), batched: ratio(o.batch) },
      loadBefore,
    };
  } finally {
    await mqttLoad.run({ type: 'close' }).catch(() => undefined);
    mqttLoad.kill();
    http.kill();
    await product.stop();
    await broker.stop();
  }
}

/** The goals of issue 19, each with what this run measured. */
export function mqttGoals(f: MqttFigures, o: MqttBenchOptions = MQTT_DEFAULTS) {
  const mqttSingle = f.rows.find((r) => r.transport === 'mqtt' && r.batch === 1);
  const mqttBatched = f.rows.find((r) => r.transport === 'mqtt' && r.batch === o.batch);
  return [
    {
      goal: "≥ 3× HTTP's samples/s per server CPU",
      measured: `single ${f.efficiency.single}×, batches of ${o.batch} ${f.efficiency.batched}×`,
      met: f.efficiency.single >= 3,
    },
    {
      goal: `device → browser p99 ≤ 250 ms at ${o.singleRate.toLocaleString('en-US')} single samples/s`,
      measured: `p99 ${mqttSingle?.['p99 ms']} ms (p50 ${mqttSingle?.['p50 ms']}), ${mqttSingle?.['sustained/s']}/s sustained`,
      met:
        !!mqttSingle &&
        mqttSingle['p99 ms'] <= 250 &&
        mqttSingle['sustained/s'] >= o.singleRate * 0.99,
    },
    {
      goal: `${o.batchedRate.toLocaleString('en-US')} samples/s in batches of ${o.batch}`,
      measured: `${mqttBatched?.['sustained/s']}/s sustained, p99 ${mqttBatched?.['p99 ms']} ms`,
      met: !!mqttBatched && mqttBatched['sustained/s'] >= o.batchedRate * 0.99,
    },
  ];
}

/** Prints the figures beside the goals. */
export function printMqttFigures(f: MqttFigures, o: MqttBenchOptions = MQTT_DEFAULTS): void {
  console.log(
    `\nMQTT vs HTTP ingest (${o.sensors} sensors, ${o.subscribers} subscribers, ` +
      `${o.connections ?? 'default'} MQTT connections per server, ` +
      `${o.phaseSeconds} s phases; load average before: ${f.loadBefore.toFixed(2)})`,
  );
  console.table(
    f.rows.map((r) => ({
      phase: r.phase,
      'sustained/s': r['sustained/s'],
      'msg/s': r['messages/s'],
      'not sent': r['not sent'],
      'not stored': r['not stored'],
      'server %': r['server %'],
      'CPU ms/1k': r['server CPU ms / 1,000 samples'],
      'p50 ms': r['p50 ms'],
      'p99 ms': r['p99 ms'],
      'sent p99': r['sent p99 ms'],
      'broker %': r['broker %'],
      'pg %': r['postgres %'],
      'client %': r['bench client %'],
      'machine %': r['machine % (of 200)'],
    })),
  );
  console.table(mqttGoals(f, o).map((g) => ({ ...g, met: g.met ? 'met' : 'MISSED' })));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      'phase-seconds': { type: 'string', default: String(MQTT_DEFAULTS.phaseSeconds) },
      sensors: { type: 'string', default: String(MQTT_DEFAULTS.sensors) },
      subscribers: { type: 'string', default: String(MQTT_DEFAULTS.subscribers) },
      port: { type: 'string', default: String(MQTT_DEFAULTS.port) },
      connections: { type: 'string' },
    },
  });
  const options: MqttBenchOptions = {
    ...MQTT_DEFAULTS,
    phaseSeconds: Number(values['phase-seconds']),
    sensors: Number(values.sensors),
    subscribers: Number(values.subscribers),
    port: Number(values.port),
    connections: values.connections ? Number(values.connections) : undefined,
  };
  try {
    printMqttFigures(await runMqttBench(options), options);
    process.exit(0);
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
}
