/**
 * Ingest benchmark: npm run bench:ingest [-- --phase-seconds 20 --sensors 2000 --subscribers 200]
 *
 * Starts the product (server + worker, like `scripts/start.ts --e2e`) on its own database, drives
 * simulated sensors over HTTP on loopback at rising rates (batches of a few samples per request,
 * as buffering devices send), keeps browser-like sockets subscribed to every sensor, and prints
 * offered vs sustained samples/s, errors, device-to-browser latency (sample `ts` set at send
 * time, measured when a subscriber receives it) and CPU of server, worker, PostgreSQL and Redis.
 * Then measures a bare node:http JSON endpoint, the machine's ceiling for such requests.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  demoOwner,
  insertBenchSensors,
  percentile,
  root,
  startLoad,
  startProduct,
  waitReady,
} from './common.ts';
import { cpuPercent, cpuSnapshot, groups } from './cpu.ts';
import { openSubscribers } from './live.ts';
import type { LoadCommand } from './load.ts';

export interface IngestBenchOptions {
  phaseSeconds: number;
  /** Open-loop rates, samples/s. */
  rates: number[];
  sensors: number;
  subscribers: number;
  batch: number;
  port: number;
}

export const INGEST_DEFAULTS: IngestBenchOptions = {
  phaseSeconds: 20,
  rates: [1000, 2500, 5000, 7500],
  sensors: 2000,
  subscribers: 200,
  batch: 5,
  port: 3871,
};

const DATABASE = 'aircloud_bench';

type Row = Record<string, string | number>;

export interface IngestFigures {
  /** One row per phase (open-loop rates, then the closed-loop maximum). */
  rows: Row[];
  stored: number;
  rolledUp: number;
  /** Requests/s of a bare node:http JSON endpoint, same client, same run. */
  rawRps: number;
  /** Best telemetry requests/s of the run. */
  bestRps: number;
  subscribers: number;
}

/** The server's flush counters (GET /metrics): flushes, rows and commit seconds so far. */
async function flushCounters(base: string, token: string) {
  const text = await (
    await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${token}` } })
  ).text();
  const value = (name: string) =>
    Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return {
    flushes: value('aircloud_telemetry_flush_commit_seconds_count'),
    rows: value('aircloud_telemetry_flush_rows_sum'),
    seconds: value('aircloud_telemetry_flush_commit_seconds_sum'),
  };
}

// ---- main ----------------------------------------------------------------------------------

/** Runs the ingest benchmark on its own product and database; returns its figures. */
export async function runIngestBench(
  options: Partial<IngestBenchOptions> = {},
): Promise<IngestFigures> {
  const {
    phaseSeconds,
    rates: RATES,
    sensors: SENSORS,
    subscribers: SUBSCRIBERS,
    batch: BATCH,
    port: PORT,
  } = {
    ...INGEST_DEFAULTS,
    ...options,
  };
  const PHASE_MS = phaseSeconds * 1000;
  const product = startProduct({ port: PORT, database: DATABASE, varDir: 'var/bench' });
  const metricsToken = () =>
    readFileSync(path.join(root, 'var/bench/metrics-token'), 'utf8').trim();
  const BASE = product.base;
  const stopProduct = product.stop;

  try {
    await waitReady(BASE);
    const db = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:5432/${DATABASE}`,
    });
    await db.connect();
    const { ids, devices } = await insertBenchSensors(db, {
      count: SENSORS,
      owner: await demoOwner(db),
      serialPrefix: 'BENCH',
      idPrefix: '01BENCH',
    });

    // Browser-like subscribers, signed in as the owner, each following SENSORS / SUBSCRIBERS sensors.
    const live = await openSubscribers(BASE, ids, SUBSCRIBERS);

    const load = startLoad();
    const runLoad = load.run;
    const g = groups(product.process.pid!);
    // The benchmark's own processes (subscribers here, HTTP load in the child) share the 2 cores.
    g.client = [process.pid, load.pid];

    const rows: Row[] = [];
    const phase = async (label: string, cmd: LoadCommand, offered: number | string) => {
      live.reset();
      const flushesBefore = await flushCounters(BASE, metricsToken());
      const before = cpuSnapshot(g);
      const result = await runLoad(cmd);
      await new Promise((r) => setTimeout(r, 500)); // the last pushes
      const after = cpuSnapshot(g);
      const flushesAfter = await flushCounters(BASE, metricsToken());
      const flushes = flushesAfter.flushes - flushesBefore.flushes;
      const sorted = live.latencies();
      const sent = live.sentLatencies();
      const cpu = cpuPercent(before, after);
      const row: Row = {
        phase: label,
        'offered/s': offered,
        'sustained/s': Math.round(result.samplesAccepted / (result.durationMs / 1000)),
        'req/s': Math.round(result.ok / (result.durationMs / 1000)),
        errors: result.errors,
        // Which statuses failed (0: the connection dropped before an answer).
        'error statuses': Object.entries(result.statuses)
          .filter(([status]) => status !== '200')
          .map(([status, n]) => `${status}×${n}`)
          .join(' '),
        'not sent': result.notSent,
        'pushed/s': Math.round(live.received() / (result.durationMs / 1000)),
        'p50 ms': percentile(sorted, 50),
        'p95 ms': percentile(sorted, 95),
        'p99 ms': percentile(sorted, 99),
        // Against the message's send time (its newest sample's `ts`), without the samples' age.
        'sent p50 ms': percentile(sent, 50),
        'sent p99 ms': percentile(sent, 99),
        // The group commit: statements per second, rows per statement, its mean duration.
        'flushes/s': Math.round(flushes / (result.durationMs / 1000)),
        'rows/flush':
          flushes > 0 ? Math.round((flushesAfter.rows - flushesBefore.rows) / flushes) : 0,
        'commit ms':
          flushes > 0
            ? Math.round(((flushesAfter.seconds - flushesBefore.seconds) / flushes) * 1000)
            : 0,
        'server %': cpu.server,
        'worker %': cpu.worker,
        'postgres %': cpu.postgres,
        'redis %': cpu.redis,
        'bench client %': cpu.client,
        'machine % (of 200)': cpu.machine,
      };
      rows.push(row);
      console.log(JSON.stringify(row));
    };

    // Warm-up (JIT, connection pools, caches), not reported.
    await runLoad({
      type: 'open',
      url: BASE,
      devices,
      samplesPerSecond: 1000,
      batch: BATCH,
      durationMs: 5000,
      maxInflight: 512,
    });
    for (const rate of RATES)
      await phase(
        `${rate}/s`,
        {
          type: 'open',
          url: BASE,
          devices,
          samplesPerSecond: rate,
          batch: BATCH,
          durationMs: PHASE_MS,
          maxInflight: 512,
        },
        rate,
      );
    await phase(
      'max (closed loop, 64 in flight)',
      { type: 'closed', url: BASE, devices, batch: BATCH, durationMs: 10_000, concurrency: 64 },
      'max',
    );

    // Let the worker finish its roll-ups, then check that every accepted sample is stored.
    await new Promise((r) => setTimeout(r, 2000));
    const stored = Number(
      (await db.query(`SELECT count(*)::int AS n FROM sensor_measures`)).rows[0].n,
    );
    const hourly = Number(
      (await db.query(`SELECT coalesce(sum(samples), 0)::int AS n FROM sensor_measures_hourly`))
        .rows[0].n,
    );
    await db.end();
    live.close();
    await stopProduct();

    // The ceiling: a bare node:http JSON endpoint on the same machine, same client.
    const raw = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        const parsed = JSON.parse(body) as { samples: unknown[] };
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ accepted: parsed.samples.length, duplicates: 0 }));
      });
    });
    await new Promise<void>((r) => raw.listen(PORT + 1, '127.0.0.1', r));
    const rawResult = await runLoad({
      type: 'closed',
      url: `http://127.0.0.1:${PORT + 1}`,
      devices,
      batch: BATCH,
      durationMs: 5000,
      concurrency: 64,
      raw: true,
    });
    raw.close();
    load.kill();
    const rawRps = Math.round(rawResult.ok / (rawResult.durationMs / 1000));
    const best = Math.max(...rows.map((r) => Number(r['req/s'])));

    return { rows, stored, rolledUp: hourly, rawRps, bestRps: best, subscribers: SUBSCRIBERS };
  } catch (err) {
    await stopProduct();
    throw err;
  }
}

/** Prints the figures of the ingest benchmark. */
export function printIngestFigures(f: IngestFigures, o: IngestBenchOptions): void {
  console.log(
    '\nIngest benchmark (loopback, batches of %d samples, %d sensors, %d subscribers)',
    o.batch,
    o.sensors,
    o.subscribers,
  );
  console.table(f.rows);
  console.log(`stored rows: ${f.stored}, rolled up: ${f.rolledUp}`);
  console.log(
    `bare node:http JSON endpoint (same client, in-process): ${f.rawRps} req/s; ` +
      `AirCloud telemetry best: ${f.bestRps} req/s = ${((f.bestRps / f.rawRps) * 100).toFixed(0)} % of it`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      'phase-seconds': { type: 'string', default: String(INGEST_DEFAULTS.phaseSeconds) },
      rates: { type: 'string', default: INGEST_DEFAULTS.rates.join(',') },
      sensors: { type: 'string', default: String(INGEST_DEFAULTS.sensors) },
      subscribers: { type: 'string', default: String(INGEST_DEFAULTS.subscribers) },
      batch: { type: 'string', default: String(INGEST_DEFAULTS.batch) },
      port: { type: 'string', default: String(INGEST_DEFAULTS.port) },
    },
  });
  const options: IngestBenchOptions = {
    phaseSeconds: Number(values['phase-seconds']),
    rates: values.rates.split(',').map(Number),
    sensors: Number(values.sensors),
    subscribers: Number(values.subscribers),
    batch: Number(values.batch),
    port: Number(values.port),
  };
  try {
    printIngestFigures(await runIngestBench(options), options);
    process.exit(0);
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
}
