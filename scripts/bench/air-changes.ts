/**
 * Measured air changes benchmark: npm run bench:air-changes [-- --sensor-days 10000 --seconds 10]
 *
 * 1. The estimator alone (what the worker's MeasureAirChanges task spends its CPU on): the
 *    decay episodes of PM2.5 and CO2 found and fitted over `--sensor-days` of one-minute
 *    samples, a day at a time with its look-back as the task does, on rooms of the simulator's
 *    model run by the demo's weekly plan. Figure: seconds of CPU, and the share of one core that
 *    keeps up with that many sensors (each makes one sensor-day a day).
 * 2. The task against PostgreSQL: the demo's rooms (a month each) examined by
 *    `measureDueSensors`, CPU of this process and wall time per sensor-day.
 * 3. GET /api/purifiers/{ulid}/effectiveness (what the summary tab asks), 1 and 10 clients.
 *    Target (issue 25): p95 ≤ 100 ms.
 */
import http from 'node:http';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  EPISODE_LOOKBACK_MS,
  findCo2Episodes,
  findPm25Episodes,
  type ModeSpan,
  type Sample,
} from '@aircloud/core/effectiveness';
import { mergeTimelines } from '@aircloud/core/effectiveness/history';
import { measureDueSensors } from '@aircloud/core/effectiveness/measure';
import { createDatabase } from '@aircloud/core/db/client';
import { DEMO_PASSWORD, DEMO_SCHEDULE, seedDemoDevices } from '../demo/seed-demo.ts';
import { seedDemoHistory, DEMO_HISTORY_DAYS } from '../demo/seed-demo-history.ts';
import { planChanges, roomReadings } from '../demo/room-history.ts';
import { get } from './api.ts';
import { percentile, root, startProduct, waitReady } from './common.ts';

const PORT = 3877;
const DATABASE = 'aircloud_bench_air_changes';
const DAY = 86_400_000;
/** Distinct simulated rooms the estimator run cycles through. */
const ROOMS = 10;
export const AIR_CHANGES_TARGET_P95_MS = 100;

export interface AirChangesFigures {
  sensorDays: number;
  estimatorCpuSeconds: number;
  /** Share of one core that keeps up with `sensorDays` sensors (one sensor-day each a day). */
  coreShare: number;
  episodesPerSensorDay: number;
  task: { sensorDays: number; cpuMsPerSensorDay: number; wallMsPerSensorDay: number };
  endpoint: { clients: number; requests: number; p50: number; p95: number; p99: number }[];
}

/** A month of one room: its PM2.5 and CO2 readings and the modes its plan ran. */
function monthOfRoom(seed: number, from: number, to: number) {
  const timeline: ModeSpan[] = mergeTimelines(
    planChanges(
      `bench-${seed}`,
      { mode: 'auto', schedule: DEMO_SCHEDULE },
      'Europe/Paris',
      from,
      to,
    ),
    from,
    to,
  );
  const pm25: Sample[] = [];
  const co2: Sample[] = [];
  for (const r of roomReadings(seed, from, to, timeline)) {
    if (r.values.pm25 !== undefined) pm25.push({ t: r.t, v: r.values.pm25 });
    if (r.values.co2 !== undefined) co2.push({ t: r.t, v: r.values.co2 });
  }
  return { pm25, co2, timeline };
}

/** The samples of [from, to) (sorted input; binary searches). */
function between(samples: Sample[], from: number, to: number): Sample[] {
  const at = (t: number) => {
    let lo = 0;
    let hi = samples.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (samples[mid]!.t < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return samples.slice(at(from), at(to));
}

/** Part 1: the estimator over `sensorDays`, a day at a time with its look-back. */
function estimatorRun(sensorDays: number) {
  const days = 30;
  const to = Math.floor(Date.now() / 3_600_000) * 3_600_000;
  const from = to - days * DAY;
  const rooms = Array.from({ length: ROOMS }, (_, i) => monthOfRoom(i + 1, from, to));
  const sensors = Math.ceil(sensorDays / days);
  let episodes = 0;
  const cpu = process.cpuUsage();
  for (let s = 0; s < sensors; s++) {
    const room = rooms[s % ROOMS]!;
    for (let d = 0; d < days; d++) {
      const reportFrom = from + d * DAY;
      const reportTo = reportFrom + DAY;
      const window = { reportFrom, reportTo };
      episodes +=
        findPm25Episodes(
          between(room.pm25, reportFrom - EPISODE_LOOKBACK_MS, reportTo),
          room.timeline,
          window,
        ).length +
        findCo2Episodes(between(room.co2, reportFrom - EPISODE_LOOKBACK_MS, reportTo), window)
          .length;
    }
  }
  const used = process.cpuUsage(cpu);
  const seconds = (used.user + used.system) / 1e6;
  const measured = sensors * days;
  return {
    sensorDays: measured,
    estimatorCpuSeconds: Math.round(seconds * 10) / 10,
    coreShare: Math.round((seconds / 86_400) * 10_000) / 10_000,
    episodesPerSensorDay: Math.round((episodes / measured) * 10) / 10,
  };
}

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/security/token/request`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('access_token='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`sign-in of ${email}: ${res.status}`);
  return cookie;
}

export async function runAirChangesBench(
  options: { sensorDays?: number; seconds?: number } = {},
): Promise<AirChangesFigures> {
  const seconds = options.seconds ?? 10;
  const estimator = estimatorRun(options.sensorDays ?? 10_000);
  console.log(
    `estimator: ${estimator.sensorDays} sensor-days in ${estimator.estimatorCpuSeconds} s of CPU`,
  );

  const varDir = 'var/bench-air-changes';
  mkdirSync(path.join(root, varDir), { recursive: true });
  const product = startProduct({ port: PORT, database: DATABASE, varDir });
  try {
    await waitReady(product.base, 90_000);
    const db = createDatabase(`postgres://postgres@127.0.0.1:5432/${DATABASE}`, 4);
    const devices = await seedDemoDevices(db);
    const sensorIds = devices.filter((d) => d.kind === 'sensor').map((d) => d.id);
    await seedDemoHistory(db, sensorIds);
    await db.$client.query('ANALYZE');
    const cpu = process.cpuUsage();
    const started = performance.now();
    const run = await measureDueSensors(db, new Date(), { budgetMs: 3_600_000 });
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const taskDays = run.hours / 24;
    const purifier = devices.find((d) => d.kind === 'purifier')!;
    await db.$client.end();

    const cookie = await signIn(product.base, 'user@demo.test');
    const base = new URL(product.base);
    const pathname = `/api/purifiers/${purifier.id}/effectiveness`;
    const endpoint: AirChangesFigures['endpoint'] = [];
    for (const clients of [1, 10]) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
      const latencies: number[] = [];
      let errors = 0;
      for (const [duration, keep] of [
        [2, false],
        [seconds, true],
      ] as const) {
        const end = Date.now() + duration * 1000;
        await Promise.all(
          Array.from({ length: clients }, async () => {
            while (Date.now() < end) {
              const start = performance.now();
              const status = await get(agent, base, pathname, cookie);
              if (status !== 200) errors += 1;
              else if (keep) latencies.push(performance.now() - start);
            }
          }),
        );
      }
      agent.destroy();
      if (errors > 0) throw new Error(`${pathname}: ${errors} failed requests`);
      latencies.sort((a, b) => a - b);
      endpoint.push({
        clients,
        requests: latencies.length,
        p50: Math.round(percentile(latencies, 50)),
        p95: Math.round(percentile(latencies, 95)),
        p99: Math.round(percentile(latencies, 99)),
      });
    }
    return {
      ...estimator,
      task: {
        sensorDays: Math.round(taskDays),
        cpuMsPerSensorDay: Math.round(((used.user + used.system) / 1000 / taskDays) * 10) / 10,
        wallMsPerSensorDay: Math.round((wall / taskDays) * 10) / 10,
      },
      endpoint,
    };
  } finally {
    await product.stop();
  }
}

export function printAirChangesFigures(f: AirChangesFigures): void {
  console.log(
    `estimator: ${f.sensorDays} sensor-days, ${f.estimatorCpuSeconds} s CPU ` +
      `(${(f.coreShare * 100).toFixed(2)} % of a core to keep up with ${f.sensorDays} sensors), ` +
      `${f.episodesPerSensorDay} episodes per sensor-day`,
  );
  console.log(
    `task against PostgreSQL: ${f.task.sensorDays} sensor-days (${DEMO_HISTORY_DAYS} days of the ` +
      `demo rooms), ${f.task.cpuMsPerSensorDay} ms CPU and ${f.task.wallMsPerSensorDay} ms wall per sensor-day`,
  );
  console.table(f.endpoint);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      'sensor-days': { type: 'string', default: '10000' },
      seconds: { type: 'string', default: '10' },
    },
  });
  const figures = await runAirChangesBench({
    sensorDays: Number(values['sensor-days']),
    seconds: Number(values.seconds),
  });
  printAirChangesFigures(figures);
  process.exit(0);
}
