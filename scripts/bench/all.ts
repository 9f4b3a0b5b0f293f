/**
 * Every benchmark, one table: npm run bench [-- --only bundle,ingest,mqtt,alerts,notifications,graphs,api,fleet,air-changes,loaded]
 *
 * Runs the benchmarks one after the other (each on its own product and database: run at the same
 * time on two cores they would measure each other), collects their figures and prints the
 * targets of decisions.md section 5 beside the measured figures, the same-run ceilings and the
 * verdicts, then writes that table into docs/performance.md (section "Latest run").
 * The alert benchmark is where ingest and evaluation run together: it measures crossings while
 * the ingest load posts 5,000 samples/s. `loaded` runs the 5,000 samples/s ingest phase and the
 * alert benchmark again with a second CPU-bound process taking half a core (competing.ts): the
 * latency targets of issue 22 hold on a machine shared with another process.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  printAlertsFigures,
  runAlertsBench,
  ALERTS_DEFAULTS,
  type AlertsFigures,
} from './alerts.ts';
import { API_DEFAULTS, printApiFigures, runApiBench, type ApiFigures } from './api.ts';
import { measureLoginBundle, type BundleFigures } from './bundle.ts';
import { root, writePerformanceSection } from './common.ts';
import { withCompetingLoad } from './competing.ts';
import { runGraphsBench, type GraphsFigures } from './graphs.ts';
import {
  NOTIFICATION_TARGETS,
  notificationsSection,
  pathMet,
  printNotificationsFigures,
  runNotificationsBench,
  type NotificationsFigures,
} from './notifications.ts';
import { FLEET_TARGET_P95_MS, runFleetBench, type FleetFigures } from './fleet.ts';
import {
  AIR_CHANGES_TARGET_P95_MS,
  printAirChangesFigures,
  runAirChangesBench,
  type AirChangesFigures,
} from './air-changes.ts';
import {
  INGEST_DEFAULTS,
  printIngestFigures,
  runIngestBench,
  type IngestFigures,
} from './ingest.ts';
import { mqttGoals, printMqttFigures, runMqttBench, type MqttFigures } from './mqtt.ts';

const BENCHES = [
  'bundle',
  'ingest',
  'mqtt',
  'alerts',
  'notifications',
  'graphs',
  'api',
  'fleet',
  'air-changes',
  'loaded',
] as const;
type Bench = (typeof BENCHES)[number];

const { values } = parseArgs({ options: { only: { type: 'string', default: BENCHES.join(',') } } });
const only = new Set(values.only.split(',') as Bench[]);

const fmt = (n: number | undefined, digits = 0) =>
  n === undefined || Number.isNaN(n)
    ? '–'
    : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

interface Line {
  target: string;
  measured: string;
  ceiling: string;
  met: string;
}

const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');

/** Issue 22's targets. */
const DEVICE_TO_BROWSER_P99_MS = 150;
const CROSSING_P99_MS = 500;
const API_SHARE_OF_CEILING = 50;
const API_P99_MS = 250;
const BATCHED_RATE = 50_000;
const BATCHED_P99_MS = 250;

/** The rows of the summary table from whatever benchmarks ran. */
function summary(f: {
  ingest?: IngestFigures;
  mqtt?: MqttFigures;
  alerts?: AlertsFigures;
  notifications?: NotificationsFigures;
  graphs?: GraphsFigures;
  api?: ApiFigures;
  bundle?: BundleFigures;
  fleet?: FleetFigures;
  airChanges?: AirChangesFigures;
  /** The same benchmarks with a second CPU-bound process on the machine (its share of a core). */
  loaded?: { ingest?: IngestFigures; alerts?: AlertsFigures; share: number };
}): Line[] {
  const lines: Line[] = [];
  if (f.ingest) {
    const at = (phase: string) => f.ingest!.rows.find((r) => r.phase === phase);
    const target = at('5000/s');
    const low = at('1000/s');
    const max = f.ingest.rows.find((r) => String(r.phase).startsWith('max'));
    if (target) {
      const sustained = Number(target['sustained/s']);
      const errors = Number(target.errors);
      const complete = f.ingest.stored === f.ingest.rolledUp;
      lines.push({
        target: '5,000 samples/s (16 measures) over HTTP, stored and pushed',
        measured:
          `${fmt(sustained)}/s sustained, ${errors} errors, ${fmt(Number(target['pushed/s']))}/s pushed; ` +
          `${fmt(f.ingest.stored)} rows stored, ${fmt(f.ingest.rolledUp)} rolled up`,
        ceiling:
          `bare node:http ${fmt(f.ingest.rawRps * 5)} samples/s (${fmt(f.ingest.rawRps)} req/s); ` +
          `AirCloud closed loop ${fmt(Number(max?.['sustained/s']))}/s`,
        met: verdict(sustained >= 4950 && errors === 0 && complete),
      });
      lines.push({
        target: `(issue 22) device-to-browser p99 ≤ ${DEVICE_TO_BROWSER_P99_MS} ms at 5,000/s`,
        measured: `p99 ${fmt(Number(target['p99 ms']))} ms (p50 ${fmt(Number(target['p50 ms']))})`,
        ceiling: `p99 ${fmt(Number(low?.['p99 ms']))} ms at 1,000/s`,
        met: verdict(Number(target['p99 ms']) <= DEVICE_TO_BROWSER_P99_MS),
      });
    }
  }
  const loadedTarget = f.loaded?.ingest?.rows.find((r) => r.phase === '5000/s');
  if (f.loaded && loadedTarget) {
    lines.push({
      target: `(issue 22) device-to-browser p99 ≤ ${DEVICE_TO_BROWSER_P99_MS} ms at 5,000/s, a second process taking half a core`,
      measured:
        `p99 ${fmt(Number(loadedTarget['p99 ms']))} ms (p50 ${fmt(Number(loadedTarget['p50 ms']))}), ` +
        `${fmt(Number(loadedTarget['sustained/s']))}/s sustained, ${loadedTarget.errors} errors; ` +
        `the other process took ${fmt(f.loaded.share * 100)} % of a core`,
      ceiling: `quiet run p99 ${fmt(Number(f.ingest?.rows.find((r) => r.phase === '5000/s')?.['p99 ms']))} ms`,
      met: verdict(Number(loadedTarget['p99 ms']) <= DEVICE_TO_BROWSER_P99_MS),
    });
  }
  if (f.mqtt) {
    const http = f.mqtt.rows.find((r) => r.transport === 'http' && r.batch === 1);
    const ceilings = [
      `HTTP single: ${fmt(http?.['server CPU ms / 1,000 samples'])} server CPU ms per 1,000 samples, ${fmt(http?.['sustained/s'])}/s`,
      `HTTP single p99 ${fmt(http?.['p99 ms'])} ms`,
      `HTTP batches of 100: ${fmt(f.mqtt.rows.find((r) => r.transport === 'http' && r.batch > 1)?.['sustained/s'])}/s`,
    ];
    mqttGoals(f.mqtt).forEach((g, i) =>
      lines.push({
        target: `(issue 19) MQTT: ${g.goal}`,
        measured: g.measured,
        ceiling: ceilings[i] ?? '',
        met: verdict(g.met),
      }),
    );
  }
  if (f.mqtt) {
    // Issue 22: batched devices, 100 samples a message, over either transport.
    for (const transport of ['http', 'mqtt'] as const) {
      const row = f.mqtt.rows.find((r) => r.transport === transport && r.batch > 1);
      if (!row) continue;
      lines.push({
        target: `(issue 22) ${fmt(BATCHED_RATE)} samples/s in batches of ${row.batch} over ${transport.toUpperCase()}, p99 ≤ ${BATCHED_P99_MS} ms`,
        measured:
          `${fmt(row['sustained/s'])}/s of ${fmt(row['offered/s'])}/s sustained, ` +
          `p99 ${fmt(row['p99 ms'])} ms (p50 ${fmt(row['p50 ms'])}), ${fmt(row['server CPU ms / 1,000 samples'])} ms server CPU per 1,000 samples`,
        ceiling: '–',
        met: verdict(
          row['offered/s'] >= BATCHED_RATE &&
            row['sustained/s'] >= BATCHED_RATE * 0.99 &&
            row['p99 ms'] <= BATCHED_P99_MS,
        ),
      });
    }
  }
  for (const [alerts, loaded] of [
    [f.alerts, false],
    [f.loaded?.alerts, true],
  ] as const) {
    if (!alerts) continue;
    const r = alerts.row;
    const server = alerts.probe.find((p) => p.role === 'server');
    lines.push({
      target:
        `(issue 22) stored samples evaluated: crossing → purifier command p99 ≤ ${CROSSING_P99_MS} ms` +
        (loaded ? ', a second process taking half a core' : ''),
      measured:
        `p99 ${fmt(alerts.p99)} ms over ${r.crossings} crossings, ${alerts.missed} missed, ` +
        `while ${fmt(Number(r['ingest sustained/s']))}/s of ${fmt(Number(r['ingest offered/s']))}/s ingested` +
        (server
          ? `; server loop delay p99 ≤ ${fmt(server.loopP99Worst)} ms, pool wait ≤ ${fmt(server.poolWaitMax)} ms`
          : '') +
        (loaded && f.loaded
          ? `; the other process took ${fmt(f.loaded.share * 100)} % of a core`
          : ''),
      ceiling: `POST answered p50/p99 ${r['POST answered p50/p99 ms']} ms; answer → command ${r['answer → command p50/p99 ms']} ms`,
      met: verdict(alerts.p99 <= CROSSING_P99_MS && alerts.missed === 0),
    });
  }
  if (f.notifications) {
    const n = f.notifications;
    const names = {
      mail: 'e-mail handed to SMTP',
      webhook: 'webhook delivered',
      bell: 'in-app bell',
    };
    for (const p of n.paths)
      lines.push({
        target: `(issue 20) trigger → ${names[p.path]} p99 ≤ ${fmt(NOTIFICATION_TARGETS[p.path])} ms at 5,000 samples/s`,
        measured: `p99 ${fmt(p.p99)} ms (p50 ${fmt(p.p50)}) over ${n.triggers} triggers, ${p.missed} missed, while ${fmt(n.ingestSustained)}/s ingested`,
        ceiling: `crossing POST answered p99 ${fmt(n.postP99)} ms`,
        met: verdict(pathMet(p)),
      });
  }
  if (f.graphs) {
    for (const [range, limit] of [
      ['month', 50],
      ['year', 250],
    ] as const) {
      const all = f.graphs.cases.find((c) => c.range === range && c.measures > 3);
      const typical = f.graphs.cases.find((c) => c.range === range && c.measures === 3);
      if (!all || !typical) continue;
      lines.push({
        target: `${range} of one-minute data as a graph, p95 ≤ ${limit} ms`,
        measured: `p95 ${fmt(all.httpP95, 1)} ms (${all.measures} measures), ${fmt(typical.httpP95, 1)} ms (3)`,
        ceiling: `SQL alone p95 ${fmt(all.sqlP95, 1)} ms, ${fmt(typical.sqlP95, 1)} ms`,
        met: verdict(all.httpP95 <= limit),
      });
    }
  }
  if (f.api?.sockets) {
    const s = f.api.sockets;
    lines.push({
      target: `${fmt(s.wanted)} connected dashboard sockets`,
      measured:
        `${fmt(s.subscribed)} connected and subscribed in ${s.connectSeconds} s; ` +
        `${fmt(s.delivered)} / ${fmt(s.expectedDeliveries)} pushes delivered, p99 ${fmt(s.p99)} ms`,
      ceiling: '–',
      met: verdict(
        s.wanted >= 2000 && s.subscribed === s.wanted && s.delivered === s.expectedDeliveries,
      ),
    });
  }
  if (f.bundle) {
    lines.push({
      target: 'login page initial JavaScript ≤ 170 kB gzip',
      measured: `${fmt(f.bundle.gzipBytes / 1024, 1)} kB gzip (${fmt(f.bundle.bytes / 1024)} kB, ${f.bundle.files.length} files)`,
      ceiling: '–',
      met: verdict(f.bundle.gzipBytes <= 170 * 1024),
    });
  }
  if (f.fleet) {
    const summaries = f.fleet.endpoints.filter((e) => e.name.startsWith('GET /api/fleet'));
    const worst = Math.max(...summaries.map((e) => e.p95));
    lines.push({
      target: `(issue 21) fleet summary p95 ≤ ${FLEET_TARGET_P95_MS} ms, ${fmt(f.fleet.purifiers)} purifiers + ${fmt(f.fleet.sensors)} sensors`,
      measured: summaries
        .map(
          (e) =>
            `${e.name.replace('GET /api/fleet', 'summary')} ×${e.clients}: p95 ${fmt(e.p95)} ms`,
        )
        .join('; '),
      ceiling: `while ${fmt(f.fleet.churnPerSecond)} device changes/s`,
      met: verdict(summaries.length > 0 && worst <= FLEET_TARGET_P95_MS),
    });
  }
  if (f.airChanges) {
    const a = f.airChanges;
    lines.push({
      target: `(issue 25, no target) decay episodes over ${fmt(a.sensorDays)} sensor-days of one-minute samples, worker CPU`,
      measured: `${fmt(a.estimatorCpuSeconds, 1)} s (${fmt(a.coreShare * 100, 2)} % of a core keeps up with ${fmt(a.sensorDays)} sensors); against PostgreSQL ${fmt(a.task.cpuMsPerSensorDay, 1)} ms CPU per sensor-day`,
      ceiling: '–',
      met: '–',
    });
    const worst = Math.max(...a.endpoint.map((e) => e.p95));
    lines.push({
      target: `(issue 25) GET /api/purifiers/{ulid}/effectiveness p95 ≤ ${AIR_CHANGES_TARGET_P95_MS} ms`,
      measured: a.endpoint.map((e) => `×${e.clients}: p95 ${fmt(e.p95)} ms`).join('; '),
      ceiling: '–',
      met: verdict(a.endpoint.length > 0 && worst <= AIR_CHANGES_TARGET_P95_MS),
    });
  }
  if (f.api) {
    for (const r of f.api.rows.filter((row) => row.group !== 'ceiling'))
      lines.push({
        target: `(issue 22) ${r.endpoint}, ${API_DEFAULTS.clients} clients: ≥ ${API_SHARE_OF_CEILING} % of /healthz, p99 ≤ ${API_P99_MS} ms`,
        measured: `${fmt(r['req/s'])} req/s, p50 ${fmt(r['p50 ms'])} ms, p99 ${fmt(r['p99 ms'])} ms, ${r.errors} errors`,
        ceiling: `/healthz ${fmt(f.api.ceiling)} req/s (${r['of ceiling %']} %)`,
        met: verdict(
          r['req/s'] >= (f.api.ceiling * API_SHARE_OF_CEILING) / 100 &&
            r['p99 ms'] <= API_P99_MS &&
            r.errors === 0,
        ),
      });
  }
  return lines;
}

function markdown(lines: Line[]): string {
  return [
    '| target (decisions §5) | measured | same-run ceiling | met? |',
    '| --- | --- | --- | --- |',
    ...lines.map((l) => `| ${l.target} | ${l.measured} | ${l.ceiling} | ${l.met} |`),
  ].join('\n');
}

async function postgresVersion(): Promise<string> {
  const db = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await db.connect();
  const { rows } = await db.query<{ v: string }>(`SELECT current_setting('server_version') AS v`);
  await db.end();
  return rows[0]!.v.split(' ')[0]!;
}

const started = Date.now();
const load = [loadavg()[0]!];
const figures: Parameters<typeof summary>[0] = {};
const durations: Record<string, number> = {};
const failures: string[] = [];
const timed = async <T>(name: Bench, run: () => Promise<T>): Promise<T | undefined> => {
  if (!only.has(name)) return undefined;
  console.log(`\n=== ${name} ===`);
  const t = Date.now();
  try {
    return await run();
  } catch (err) {
    // One failed benchmark does not cost the others' figures; the table names it.
    console.error(err);
    failures.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  } finally {
    durations[name] = Math.round((Date.now() - t) / 1000);
    load.push(loadavg()[0]!);
  }
};

figures.bundle = await timed('bundle', measureLoginBundle);
figures.ingest = await timed('ingest', () => runIngestBench());
if (figures.ingest) printIngestFigures(figures.ingest, INGEST_DEFAULTS);
figures.mqtt = await timed('mqtt', () => runMqttBench());
if (figures.mqtt) printMqttFigures(figures.mqtt);
figures.alerts = await timed('alerts', () => runAlertsBench());
if (figures.alerts) printAlertsFigures(figures.alerts, ALERTS_DEFAULTS);
figures.loaded = await timed('loaded', async () => {
  console.log(
    'a second process takes half a core during the 5,000 samples/s ingest and the alerts',
  );
  const ingest = await withCompetingLoad(() => runIngestBench({ rates: [5000] }));
  printIngestFigures(ingest.figures, { ...INGEST_DEFAULTS, rates: [5000] });
  const alerts = await withCompetingLoad(() => runAlertsBench());
  printAlertsFigures(alerts.figures, ALERTS_DEFAULTS);
  return {
    ingest: ingest.figures,
    alerts: alerts.figures,
    share: (ingest.share + alerts.share) / 2,
  };
});
figures.notifications = await timed('notifications', () => runNotificationsBench());
if (figures.notifications) {
  printNotificationsFigures(figures.notifications);
  await writePerformanceSection('## Notifications', notificationsSection(figures.notifications));
}
figures.graphs = await timed('graphs', () => runGraphsBench());
figures.api = await timed('api', () => runApiBench());
if (figures.api) printApiFigures(figures.api, API_DEFAULTS);
figures.fleet = await timed('fleet', () => runFleetBench());
if (figures.fleet) console.table(figures.fleet.endpoints);
figures.airChanges = await timed('air-changes', () => runAirChangesBench());
if (figures.airChanges) printAirChangesFigures(figures.airChanges);

// The raw figures first, so nothing measured is lost if the summary below fails.
mkdirSync(path.join(root, 'var'), { recursive: true });
writeFileSync(path.join(root, 'var/bench-last-run.json'), JSON.stringify(figures, null, 2));
const seconds = Math.round((Date.now() - started) / 1000);
const lines = summary(figures);
const table =
  markdown(lines) + failures.map((f) => `\n\nFailed: ${f.replaceAll('\n', ' ')}`).join('');
const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
const machine =
  `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB, ` +
  `Node ${process.versions.node}, PostgreSQL ${await postgresVersion()}`;
const timing = Object.entries(durations)
  .map(([name, s]) => `${name} ${s} s`)
  .join(', ');
console.log(`\nnpm run bench, ${when} UTC, ${machine}`);
console.table(lines);
console.log(
  `took ${Math.floor(seconds / 60)} min ${seconds % 60} s (${timing}); ` +
    `load average (1 min) at each step: ${load.map((l) => l.toFixed(1)).join(' → ')}`,
);

await writePerformanceSection(
  '## Latest run',
  `## Latest run

\`npm run bench\` (${when} UTC, ${machine}) took ${Math.floor(seconds / 60)} min ${seconds % 60} s
(${timing}). Machine load average (1 min) before and after each benchmark:
${load.map((l) => l.toFixed(1)).join(' → ')}; above 2, other work competed for the two cores.

${table}
`,
);
console.log('written to docs/performance.md');
if (failures.length > 0) console.error(`failed: ${failures.join('; ')}`);
process.exit(failures.length > 0 ? 1 : 0);
