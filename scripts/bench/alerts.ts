/**
 * Alert benchmark: npm run bench:alerts [-- --seconds 30 --rate 5000 --rule-sensors 20]
 *
 * Starts the product (server + worker, like `scripts/start.ts --e2e`) on its own database, runs
 * the ingest benchmark's HTTP load (scripts/bench/load.ts, in a child process) at `--rate`
 * samples/s from `--sensors` background sensors, and meanwhile `--rule-sensors` sensors, each with
 * a CO2 rule (> 1000 ppm → boost, confirm time 0) linked to its own purifier connected on the
 * /device socket, post crossing samples in turn (1,200 ppm, then 800 ppm: trigger, then stop).
 * For each crossing it measures the time from the start of the sample's POST to the purifier's
 * `command` carrying the expected mode, and prints p50/p95/p99 against the target p99 ≤ 1 s.
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import type {
  DeviceClientToServerEvents,
  DeviceServerToClientEvents,
} from '@aircloud/shared/devices';
import { fullMaintenanceLevels, type PurifierMode } from '@aircloud/shared/purifiers';
import { sha256 } from '@aircloud/core/lib/crypto';
import {
  BENCH_SECRET as SECRET,
  clearProbe,
  demoOwner,
  insertBenchSensors,
  percentile,
  readProbe,
  root,
  startLoad,
  startProduct,
  waitReady,
  type ProbeSummary,
} from './common.ts';
import type { LoadDevice } from './load.ts';

export interface AlertsBenchOptions {
  seconds: number;
  /** Background ingest, samples/s. */
  rate: number;
  sensors: number;
  ruleSensors: number;
  crossingMs: number;
  batch: number;
  port: number;
}

export const ALERTS_DEFAULTS: AlertsBenchOptions = {
  seconds: 30,
  rate: 5000,
  sensors: 2000,
  ruleSensors: 20,
  crossingMs: 150,
  batch: 5,
  port: 3304,
};

const DATABASE = 'aircloud_bench_alerts';
const TARGET_P99_MS = 1000;
const PROBE_DIR = path.join(root, 'var/bench-alerts/probe');

export interface AlertsFigures {
  row: Record<string, string | number>;
  p99: number;
  missed: number;
  /** Event-loop delay and pool queue of server and worker during the measured window. */
  probe: ProbeSummary[];
}

/** p50/p99 of a list, as "p50 / p99". */
function spread(list: number[]): string {
  const sorted = list.slice().sort((a, b) => a - b);
  return `${Math.round(percentile(sorted, 50))} / ${Math.round(percentile(sorted, 99))}`;
}

/** One rule sensor, its purifier's socket and the crossing in flight. */
interface Pair {
  sensor: LoadDevice;
  purifierId: string;
  socket: Socket<DeviceServerToClientEvents, DeviceClientToServerEvents>;
  high: boolean;
  waiting: {
    mode: PurifierMode;
    sentAt: number;
    /** When the POST was answered (the sample committed). */
    storedAt: number | null;
    resolve: (ms: number) => void;
  } | null;
}

/** Runs the alert benchmark on its own product and database; returns its figures. */
export async function runAlertsBench(
  options: Partial<AlertsBenchOptions> = {},
): Promise<AlertsFigures> {
  const o = { ...ALERTS_DEFAULTS, ...options };
  const { rate: RATE, sensors: SENSORS, ruleSensors: RULE_SENSORS, crossingMs: CROSSING_MS } = o;
  const { batch: BATCH } = o;
  const DURATION_MS = o.seconds * 1000;
  clearProbe(PROBE_DIR);
  const product = startProduct({
    port: o.port,
    database: DATABASE,
    varDir: 'var/bench-alerts',
    probeDir: PROBE_DIR,
  });
  const BASE = product.base;
  const stopProduct = product.stop;
  try {
    await waitReady(BASE, 90_000);
    const db = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:5432/${DATABASE}`,
    });
    await db.connect();
    const owner = await demoOwner(db);

    // Background sensors for the ingest load (as the ingest benchmark does).
    const { devices: background } = await insertBenchSensors(db, {
      count: SENSORS,
      owner,
      serialPrefix: 'BENCHA',
      idPrefix: '01BENCHA',
    });

    // Rule sensors, each linked to its own purifier (silence), with CO2 > 1000 → boost, confirm 0.
    const pairs: Pair[] = [];
    /** POST answered (sample committed) after the start of the POST, ms. */
    let stored: number[] = [];
    /** Command received after the POST was answered, ms. */
    let afterStore: number[] = [];
    for (let i = 0; i < RULE_SENSORS; i += 1) {
      const n = String(i).padStart(6, '0');
      const sensorId = `01RULESENSOR${n.padStart(14, '0')}`;
      const purifierId = `01RULEPURIF${n.padStart(15, '0')}`;
      const keyId = `01RULEKEY${n.padStart(17, '0')}`;
      const key = `BENCHKEY${n.padStart(8, '0')}`;
      const purifierSerial = `HEPA_COCOON-9${n.slice(1)}`;
      const sensorSerial = `RULE-${n}`;
      await db.query(
        `INSERT INTO product_keys (id, key, serial_number, model, state, user_id)
       VALUES ($1, $2, $3, 'HEPA_COCOON', 'activated', $4) ON CONFLICT DO NOTHING`,
        [keyId, key, purifierSerial, owner],
      );
      await db.query(
        `INSERT INTO purifiers (id, user_id, product_key_id, serial_number, model, name, desired, maintenance_levels, device_secret_hash)
       VALUES ($1, $2, $3, $4, 'HEPA_COCOON', $4, $5, $6, $7)
       ON CONFLICT (id) DO UPDATE SET device_secret_hash = EXCLUDED.device_secret_hash`,
        [
          purifierId,
          owner,
          keyId,
          purifierSerial,
          JSON.stringify({
            mode: 'silence',
            trh: 5,
            silent_trh: 5,
            schedule: null,
            version: 1,
            updated_at: new Date().toISOString(),
            source: 'user',
          }),
          JSON.stringify(fullMaintenanceLevels()),
          // Its device secret (what a real purifier gets in exchange for its product key).
          sha256(SECRET),
        ],
      );
      await db.query(
        `INSERT INTO sensors (id, serial_number, user_id, name, device_secret_hash, reporting_interval_s)
       VALUES ($1, $2, $3, $2, $4, 10) ON CONFLICT DO NOTHING`,
        [sensorId, sensorSerial, owner, sha256(SECRET)],
      );
      await db.query(
        `INSERT INTO sensor_purifiers (sensor_id, purifier_id, linked_by) VALUES ($1, $2, $3)
         ON CONFLICT (sensor_id, purifier_id) DO UPDATE SET linked_by = EXCLUDED.linked_by`,
        [sensorId, purifierId, owner],
      );
      const ruleId = `01RULE${n.padStart(20, '0')}`;
      await db.query(
        `INSERT INTO alert_rules (id, sensor_id, measure, threshold, hysteresis, mode, confirm_s, created_by)
       VALUES ($1, $2, 'co2', 1000, 50, 'boost', 0, $3)
       ON CONFLICT (id) DO UPDATE SET created_by = EXCLUDED.created_by`,
        [ruleId, sensorId, owner],
      );
      await db.query(
        `INSERT INTO alert_rule_states (rule_id, active_from) VALUES ($1, '-infinity') ON CONFLICT DO NOTHING`,
        [ruleId],
      );
      await db.query(
        `INSERT INTO alert_rule_progress (sensor_id) VALUES ($1) ON CONFLICT DO NOTHING`,
        [sensorId],
      );
      const socket: Pair['socket'] = connect(`${BASE}/device`, {
        transports: ['websocket'],
        forceNew: true,
        auth: { serial: purifierSerial, secret: SECRET },
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const pair: Pair = {
        sensor: { serial: sensorSerial, secret: SECRET },
        purifierId,
        socket,
        high: false,
        waiting: null,
      };
      socket.on('command', ({ desired }) => {
        socket.emit('ack', { version: desired.version });
        const w = pair.waiting;
        if (w && desired.mode === w.mode) {
          pair.waiting = null;
          const now = performance.now();
          afterStore.push(now - (w.storedAt ?? now));
          w.resolve(now - w.sentAt);
        }
      });
      pairs.push(pair);
    }
    await db.end();

    // Crossing samples go on their own keep-alive connections (Node's http, as the load does).
    const agent = new http.Agent({ keepAlive: true });
    /** Posts one crossing sample of a pair and resolves with the crossing-to-command time. */
    const cross = (pair: Pair): Promise<number | null> => {
      pair.high = !pair.high;
      const mode: PurifierMode = pair.high ? 'boost' : 'silence';
      const credentials = Buffer.from(`${pair.sensor.serial}:${pair.sensor.secret}`).toString(
        'base64',
      );
      return new Promise((resolve) => {
        const sentAt = performance.now();
        const timeout = setTimeout(() => {
          pair.waiting = null;
          resolve(null);
        }, 10_000);
        const waiting: NonNullable<Pair['waiting']> = {
          mode,
          sentAt,
          storedAt: null,
          resolve: (ms) => {
            clearTimeout(timeout);
            resolve(ms);
          },
        };
        pair.waiting = waiting;
        const body = JSON.stringify({
          ts: new Date().toISOString(),
          measures: { co2: pair.high ? 1200 : 800 },
        });
        const req = http.request(
          `${BASE}/device/v1/telemetry`,
          {
            method: 'POST',
            agent,
            headers: {
              Authorization: `Basic ${credentials}`,
              'Content-Type': 'application/json',
              'Content-Length': Buffer.byteLength(body),
            },
          },
          (res) => {
            waiting.storedAt = performance.now();
            stored.push(waiting.storedAt - sentAt);
            res.resume();
            if (res.statusCode !== 200) {
              clearTimeout(timeout);
              pair.waiting = null;
              resolve(null);
            }
          },
        );
        req.on('error', () => {
          clearTimeout(timeout);
          pair.waiting = null;
          resolve(null);
        });
        req.end(body);
      });
    };

    const load = startLoad();
    const runLoad = load.run;

    // Warm-up, not measured: a little load and one crossing back and forth per pair.
    await runLoad({
      type: 'open',
      url: BASE,
      devices: background,
      samplesPerSecond: 1000,
      batch: BATCH,
      durationMs: 3000,
      maxInflight: 512,
    });
    for (const pair of pairs) {
      await cross(pair);
      await cross(pair);
    }

    // Measured: the ingest load and the crossings at the same time.
    const loadDone = runLoad({
      type: 'open',
      url: BASE,
      devices: background,
      samplesPerSecond: RATE,
      batch: BATCH,
      durationMs: DURATION_MS,
      maxInflight: 512,
    });
    const latencies: number[] = [];
    stored = [];
    afterStore = [];
    let missed = 0;
    // This process times the crossings: a stall of its own event loop would count as latency.
    const clientLoop = monitorEventLoopDelay({ resolution: 10 });
    clientLoop.enable();
    const started = Date.now();
    const crossings: Promise<void>[] = [];
    for (let i = 0; Date.now() - started < DURATION_MS - 1000; i += 1) {
      const pair = pairs[i % pairs.length]!;
      if (!pair.waiting)
        crossings.push(
          cross(pair).then((ms) => {
            if (ms === null) missed += 1;
            else latencies.push(ms);
          }),
        );
      await new Promise((r) => setTimeout(r, CROSSING_MS));
    }
    await Promise.all(crossings);
    clientLoop.disable();
    const loadResult = await loadDone;
    const ended = Date.now();
    load.kill();
    pairs.forEach((p) => p.socket.disconnect());
    await stopProduct();
    const probe = readProbe(PROBE_DIR, started, ended);

    const sorted = latencies.slice().sort((a, b) => a - b);
    const p99 = percentile(sorted, 99);
    const row = {
      'ingest offered/s': RATE,
      'ingest sustained/s': Math.round(loadResult.samplesAccepted / (loadResult.durationMs / 1000)),
      'ingest errors': loadResult.errors,
      'ingest not sent': loadResult.notSent,
      crossings: latencies.length,
      'missed (>10 s or refused)': missed,
      'p50 ms': Math.round(percentile(sorted, 50)),
      'p95 ms': Math.round(percentile(sorted, 95)),
      'p99 ms': Math.round(p99),
      'max ms': Math.round(sorted.at(-1) ?? NaN),
      'POST answered p50/p99 ms': spread(stored),
      'answer → command p50/p99 ms': spread(afterStore),
      'timing loop delay p99/max ms': `${Math.round(clientLoop.percentile(99) / 1e6)} / ${Math.round(clientLoop.max / 1e6)}`,
      'target p99 ms': TARGET_P99_MS,
      verdict: p99 <= TARGET_P99_MS && missed === 0 ? 'met' : 'NOT met',
    };
    return { row, p99, missed, probe };
  } catch (err) {
    await stopProduct();
    throw err;
  }
}

/** Prints the figures of the alert benchmark. */
export function printAlertsFigures(f: AlertsFigures, o: AlertsBenchOptions): void {
  console.log(
    `\nAlert benchmark: crossing sample POST → purifier command on /device, ${o.ruleSensors} rule sensors, ` +
      `a crossing every ${o.crossingMs} ms, during ${o.seconds} s of ingest load (${o.sensors} sensors, batches of ${o.batch})`,
  );
  console.table([f.row]);
  console.log(JSON.stringify(f.row));
  console.log('server and worker during the measured window (probe, per second; ms):');
  console.table(f.probe);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: String(ALERTS_DEFAULTS.seconds) },
      rate: { type: 'string', default: String(ALERTS_DEFAULTS.rate) },
      sensors: { type: 'string', default: String(ALERTS_DEFAULTS.sensors) },
      'rule-sensors': { type: 'string', default: String(ALERTS_DEFAULTS.ruleSensors) },
      'crossing-ms': { type: 'string', default: String(ALERTS_DEFAULTS.crossingMs) },
      batch: { type: 'string', default: String(ALERTS_DEFAULTS.batch) },
      port: { type: 'string', default: String(ALERTS_DEFAULTS.port) },
    },
  });
  const options: AlertsBenchOptions = {
    seconds: Number(values.seconds),
    rate: Number(values.rate),
    sensors: Number(values.sensors),
    ruleSensors: Number(values['rule-sensors']),
    crossingMs: Number(values['crossing-ms']),
    batch: Number(values.batch),
    port: Number(values.port),
  };
  try {
    printAlertsFigures(await runAlertsBench(options), options);
    process.exit(0);
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
}
