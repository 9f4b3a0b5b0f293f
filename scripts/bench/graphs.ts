/**
 * Graph query benchmark: npm run bench:graphs [-- --iterations 50 --port 3872]
 *
 * Creates its own database (aircloud_bench_graphs, dropped at the end), loads one year of
 * one-minute samples for one sensor (525,600 rows, 16 measures, one INSERT … SELECT
 * generate_series) and builds its hourly roll-up with one INSERT … SELECT, then starts the
 * server in this process and measures p50/p95 latency of GET /api/sensors/{ulid}/measures for the
 * last hour, day, month and year (all 15 graph measures, then 3; signed in with a real session cookie),
 * beside the same SQL statement run directly in PostgreSQL. Prints a table with the targets and
 * writes it into docs/performance.md (section "Graph queries").
 */
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { pino } from 'pino';
import { ulid } from '@aircloud/core/lib/ulid';
import { GRAPH_MEASURES, type GraphMeasure } from '@aircloud/shared/sensors';
import { createApp } from '../../server/src/app.ts';
import { loadConfig } from '@aircloud/core/config';
import { createDatabase, type Database } from '@aircloud/core/db/client';
import { runMigrations } from '@aircloud/core/db/migrate';
import { QUEUES, createQueue } from '@aircloud/core/queues';
import { redisOptionsFromUrl } from '@aircloud/core/lib/redis';
import { hashPassword } from '../../server/src/modules/auth/password-hash.ts';
import { measuresStatement } from '../../server/src/modules/sensors/measures.ts';
import { provisionSensor } from '@aircloud/core/sensors/provisioning';
import { insertUser } from '@aircloud/core/users/repository';
import {
  loadMinuteHistory,
  nearestRankPercentile as percentile,
  writePerformanceSection,
} from './common.ts';

export interface GraphsBenchOptions {
  /** Requests per case, after 5 warm-up ones. */
  iterations: number;
  port: number;
  /** Keep the loaded database for the next run (which then skips the load). */
  keep: boolean;
}

export const GRAPHS_DEFAULTS: GraphsBenchOptions = { iterations: 50, port: 3872, keep: false };

/** One range and measure set: sizes and latencies (ms). */
export interface GraphCase {
  range: string;
  measures: number;
  resolution: string;
  points: number;
  bodyKb: number;
  sqlP50: number;
  sqlP95: number;
  httpP50: number;
  httpP95: number;
  /** Target p95 in ms, when the decisions set one. */
  target: number | null;
}

export interface GraphsFigures {
  cases: GraphCase[];
  loadAverage: [number, number];
}

const DATABASE = 'aircloud_bench_graphs';
const ADMIN_URL = process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'Bench123secret';
const TARGETS: Record<string, number> = { month: 50, year: 250 };

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(sql);
  await client.end();
}

const timed = async (fn: () => Promise<unknown>) => {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
};

async function stats(fn: () => Promise<unknown>, iterations: number) {
  for (let i = 0; i < 5; i += 1) await fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < iterations; i += 1) samples.push(await timed(fn));
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

async function databaseExists(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
  await client.end();
  return (found.rowCount ?? 0) > 0;
}

/** Loads one year of one-minute samples for a new sensor and builds its hourly roll-up. */
async function loadYear(db: Database): Promise<{ sensor: { id: string }; end: Date }> {
  const user = await insertUser(db, {
    id: ulid(),
    email: 'bench@example.com',
    passwordHash: await hashPassword(PASSWORD),
    firstname: 'Bench',
    lastname: 'Graphs',
    company: '',
    lang: 'en',
    role: 'ROLE_USER',
    enabled: true,
  });
  const { sensor } = await provisionSensor(db, { serialNumber: 'BENCH-GRAPHS', userId: user.id });

  // One year of one-minute samples, ending at the current minute.
  const end = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const start = new Date(end.getTime() - 365 * 24 * 3600_000);
  const { loadSeconds, rollupSeconds } = await loadMinuteHistory(
    db.$client,
    [sensor.id],
    start,
    end,
  );
  console.log(
    `loaded 525,600 samples in ${loadSeconds.toFixed(1)} s, hourly roll-up in ${rollupSeconds.toFixed(1)} s`,
  );

  return { sensor, end };
}

/** Runs the graph benchmark (server in this process); returns its figures. */
export async function runGraphsBench(
  options: Partial<GraphsBenchOptions> = {},
): Promise<GraphsFigures> {
  const o = { ...GRAPHS_DEFAULTS, ...options };
  const ITERATIONS = o.iterations;
  const reuse = o.keep && (await databaseExists());
  if (!reuse) {
    await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${DATABASE}`);
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  const db = createDatabase(url.toString(), 10);
  const redis = new Redis(REDIS_URL);
  const prefix = `aircloud-bench-graphs:${process.pid}`;
  const mailQueue = createQueue(QUEUES.mail, redisOptionsFromUrl(REDIS_URL), prefix);
  let server: ReturnType<typeof createApp> | undefined;
  try {
    await runMigrations(db);
    const existing = reuse
      ? (
          await db.$client.query<{ id: string; end: Date }>(
            `SELECT s.id, max(m.ts) + interval '1 minute' AS end
           FROM sensors s JOIN sensor_measures m ON m.sensor_id = s.id
           WHERE s.serial_number = 'BENCH-GRAPHS' GROUP BY s.id`,
          )
        ).rows[0]
      : undefined;
    const { sensor, end } = existing
      ? { sensor: { id: existing.id }, end: new Date(existing.end) }
      : await loadYear(db);

    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: url.toString(),
      REDIS_URL,
      REDIS_PREFIX: prefix,
      PUBLIC_URL: `http://127.0.0.1:${o.port}`,
      CLIENT_DIST: '/nonexistent',
      LOG_LEVEL: 'warn',
      APP_SECRET: 'bench-graphs-secret-0123456789abcdefghijklmnopqrstuvwxyz',
    });
    server = createApp({ config, db, redis, logger: pino({ level: 'warn' }), mailQueue });
    await new Promise<void>((resolve) =>
      server!.server.listen(Number(o.port), '127.0.0.1', resolve),
    );
    const port = (server.server.address() as AddressInfo).port;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const call = (method: string, pathname: string, body?: string, cookie?: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
        (resolve, reject) => {
          const req = http.request(
            {
              host: '127.0.0.1',
              port,
              method,
              path: pathname,
              agent,
              headers: {
                ...(body ? { 'Content-Type': 'application/json' } : {}),
                ...(cookie ? { Cookie: cookie } : {}),
              },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () =>
                resolve({
                  status: res.statusCode ?? 0,
                  headers: res.headers,
                  body: Buffer.concat(chunks).toString(),
                }),
              );
            },
          );
          req.on('error', reject);
          req.end(body);
        },
      );
    const login = await call(
      'POST',
      '/security/token/request',
      JSON.stringify({ email: 'bench@example.com', password: PASSWORD }),
    );
    const setCookie = login.headers['set-cookie'] ?? [];
    const cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
    if (login.status !== 204) throw new Error(`login failed: ${login.status} ${login.body}`);

    const ranges = [
      ['hour', 3600_000],
      ['day', 24 * 3600_000],
      ['month', 30 * 24 * 3600_000],
      ['year', 365 * 24 * 3600_000],
    ] as const;
    const rows: string[] = [];
    const loadBefore = loadavg()[0]!;
    // Every graph measure (the heaviest answer), then three measures (a typical graph).
    const measureSets: GraphMeasure[][] = [[...GRAPH_MEASURES], ['co2', 'pm25', 'temperature']];
    const plan = measureSets.flatMap((set) => ranges.map(([name, span]) => ({ name, span, set })));
    const cases: GraphCase[] = [];
    for (const { name, span, set } of plan) {
      const measures = set.join(',');
      const from = new Date(end.getTime() - span).toISOString();
      const to = end.toISOString();
      const pathname = `/api/sensors/${sensor.id}/measures?from=${from}&to=${to}&measures=${measures}`;
      const probe = await call('GET', pathname, undefined, cookie);
      if (probe.status !== 200) throw new Error(`${name}: ${probe.status} ${probe.body}`);
      const body = JSON.parse(probe.body) as {
        resolution: string;
        bucket_seconds: number | null;
        series: Record<string, { t: number[] }>;
      };
      const points = body.series.co2!.t.length;
      const httpStats = await stats(() => call('GET', pathname, undefined, cookie), ITERATIONS);
      const statement = measuresStatement(sensor.id, {
        from,
        to,
        measures: set,
      });
      const sqlStats = await stats(() => db.$client.query(statement), ITERATIONS);
      const target = TARGETS[name];
      const resolution =
        body.resolution === 'raw' ? 'raw' : `roll-up ${(body.bucket_seconds ?? 0) / 3600} h`;
      cases.push({
        range: name,
        measures: set.length,
        resolution,
        points,
        bodyKb: Math.round(probe.body.length / 1024),
        sqlP50: sqlStats.p50,
        sqlP95: sqlStats.p95,
        httpP50: httpStats.p50,
        httpP95: httpStats.p95,
        target: target ?? null,
      });
      rows.push(
        `| ${name} | ${set.length} | ${resolution} | ${points} | ${(probe.body.length / 1024).toFixed(0)} kB | ` +
          `${sqlStats.p50.toFixed(1)} | ${sqlStats.p95.toFixed(1)} | ${httpStats.p50.toFixed(1)} | ` +
          `${httpStats.p95.toFixed(1)} | ${target ? `≤ ${target}` : '–'} | ` +
          `${target ? (httpStats.p95 <= target ? 'met' : 'MISSED') : '–'} |`,
      );
    }
    agent.destroy();
    const loadAfter = loadavg()[0]!;

    const table = [
      '| range | measures | resolution | points per series | body | SQL p50 ms | SQL p95 ms | HTTP p50 ms | HTTP p95 ms | target p95 ms | |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...rows,
    ].join('\n');
    console.log(`\n${table}\n\nload average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}\n`);

    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const section = `## Graph queries

\`\`\`
npm run bench:graphs
# options: -- --iterations 50 --port 3872
\`\`\`

\`scripts/bench/graphs.ts\` creates its own database (\`${DATABASE}\`, dropped at the end), loads
one year of one-minute samples for one sensor (525,600 rows, 16 columns, one
\`INSERT … SELECT generate_series\`), builds its hourly roll-up with one \`INSERT … SELECT … GROUP BY\`,
then starts the server in the same process and requests \`GET /api/sensors/{ulid}/measures\` with
all 15 graph measures, then 3 (co2, pm25, temperature: a typical graph), for the last hour, day, month and year (one connection, keep-alive, a real
session cookie; ${ITERATIONS} requests each after 5 warm-up ones). "SQL" is the same single
statement (\`measuresStatement\`, server/src/modules/sensors/measures.ts) run directly on a pool
connection: the cost of PostgreSQL alone; HTTP adds authentication, the access check and the
transfer of the body.

How it stays within budget: one statement per request whose plan prunes the monthly partitions
and reads the primary key \`(sensor_id, ts)\` (a \`LIMIT 2001\` probe picks raw or roll-up); PostgreSQL
builds the JSON body as text (\`array_agg\` → \`array_to_string\`, joined in one pass), Node passes it
through without parsing; the statement is prepared per connection (planning the wide statement
costs more than running it for short ranges). The cost grows with the number of values sent:
a year of all 15 measures is about 100,000 numbers (1 MB), a typical graph of 3 measures a fifth.

### Figures (${when} UTC, 2 cores, PostgreSQL 15, Node 20)

Machine load average (1 min) ${loadBefore.toFixed(1)} before the requests, ${loadAfter.toFixed(1)} after:
above 2 means other work (other sessions' test suites, builds) competed for the two cores.

${table}
`;
    await writePerformanceSection('## Graph queries', section);
    console.log('written to docs/performance.md');
    return { cases, loadAverage: [loadBefore, loadAfter] };
  } finally {
    if (server) await server.close();
    await mailQueue.close();
    // The queues' keys carry the prefix in a hash tag (`{prefix}:bull`, core/src/queues.ts).
    const keys = [...(await redis.keys(`${prefix}*`)), ...(await redis.keys(`{${prefix}}*`))];
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await db.$client.end();
    if (!o.keep) await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      iterations: { type: 'string', default: String(GRAPHS_DEFAULTS.iterations) },
      port: { type: 'string', default: String(GRAPHS_DEFAULTS.port) },
      keep: { type: 'boolean', default: false },
    },
  });
  await runGraphsBench({
    iterations: Number(values.iterations),
    port: Number(values.port),
    keep: values.keep,
  });
}
