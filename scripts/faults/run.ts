/**
 * The fault suite: npm run test:faults [-- --only a,c] [--without-mqtt-republish]
 *
 * Runs its own PostgreSQL and Redis on free ports (never the shared ones), the product's server
 * and worker as separate processes, then the scenarios one after the other:
 *   (a) worker killed mid-import and mid-evaluation, (b) Redis down 10 s, (c) PostgreSQL
 *   restarted, (d) one of two servers killed, (e) the worker killed under `npm start` itself (its
 *   supervisor starts it again), (f) sensors on MQTT through our own Mosquitto: a server
 *   killed mid-flush, then the broker restarted (`--without-mqtt-republish`: the devices trust
 *   the broker's PUBACK alone, and the scenario shows what that loses).
 * Prints one line of figures per scenario; exits 1 on any lost sample, duplicate, skipped or
 * double-fired rule, or 5xx other than the expected 503s. Logs: var/faults/logs/.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FaultContext, ScenarioResult } from './context.ts';
import { ProductProcess, prepareDatabase, productEnv, signIn, varDir } from './product.ts';
import { freePort, PostgresCluster, RedisServer } from './services.ts';
import { postgresRestart } from './scenarios/postgres-restart.ts';
import { redisOutage } from './scenarios/redis-outage.ts';
import { serverFailover } from './scenarios/server-failover.ts';
import { workerKill } from './scenarios/worker-kill.ts';
import { startSupervision } from './scenarios/start-supervision.ts';
import { mqttDelivery } from './scenarios/mqtt-delivery.ts';

const SCENARIOS: Record<string, (ctx: FaultContext) => Promise<ScenarioResult>> = {
  a: workerKill,
  b: redisOutage,
  c: postgresRestart,
  d: serverFailover,
  e: startSupervision,
  f: mqttDelivery,
};

const { values } = parseArgs({
  options: {
    only: { type: 'string', default: 'a,b,c,d,e,f' },
    'without-mqtt-republish': { type: 'boolean', default: false },
  },
});
const selected = values.only.split(',').map((s) => s.trim());
for (const key of selected) if (!SCENARIOS[key]) throw new Error(`unknown scenario ${key}`);

const started = Date.now();
rmSync(varDir, { recursive: true, force: true });
mkdirSync(varDir, { recursive: true });

const postgres = new PostgresCluster(await freePort());
const redis = new RedisServer(await freePort(), path.join(varDir, 'redis'));
let ctx: FaultContext | null = null;

/** Stops everything this run started (processes, Redis, the PostgreSQL cluster). */
async function cleanUp(): Promise<void> {
  await ctx?.server.kill('SIGTERM').catch(() => undefined);
  await ctx?.worker.kill('SIGTERM').catch(() => undefined);
  await redis.stop().catch(() => undefined);
  await postgres.destroy();
  cleaned = true;
}

let cleaned = false;
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));
process.on('SIGTERM', () => void cleanUp().then(() => process.exit(143)));
// An abrupt end (uncaught error) must not leave a PostgreSQL cluster or children behind.
process.on('exit', () => {
  if (cleaned) return;
  ctx?.server.killNow();
  ctx?.worker.killNow();
  redis.killNow();
  postgres.stopNow();
});

// A scenario stuck for good (a device retrying forever) must still end the CI job.
const watchdog = setTimeout(() => {
  console.error('[faults] still running after 10 minutes: giving up');
  process.exit(1);
}, 600_000);
watchdog.unref();

const results: ScenarioResult[] = [];
let failed = false;
try {
  await postgres.init();
  await postgres.start();
  await redis.start();
  const databaseUrl = postgres.url('aircloud_faults');
  await prepareDatabase(databaseUrl);
  const env = productEnv(databaseUrl, redis.url);
  const server = new ProductProcess('server-1', 'server/src/main.ts', env, await freePort());
  const worker = new ProductProcess('worker-1', 'worker/src/main.ts', env);
  await Promise.all([server.start(), worker.start()]);
  ctx = {
    postgres,
    redis,
    databaseUrl,
    env,
    server,
    worker,
    cookie: await signIn(server.base),
    withoutMqttRepublish: values['without-mqtt-republish'],
  };
  console.log(
    `[faults] product up in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
      `(PostgreSQL :${postgres.port}, Redis :${redis.port}, server :${server.port})`,
  );

  for (const [index, key] of selected.entries()) {
    const t0 = Date.now();
    let outcome: ScenarioResult;
    try {
      outcome = await SCENARIOS[key]!(ctx);
    } catch (err) {
      outcome = { name: `(${key})`, ok: false, line: 'crashed', problems: [String(err)] };
    }
    results.push(outcome);
    const seconds = ((Date.now() - t0) / 1000).toFixed(1);
    console.log(`${outcome.ok ? 'PASS' : 'FAIL'} ${outcome.name} [${seconds} s]: ${outcome.line}`);
    for (const p of outcome.problems) console.log(`     ✗ ${p}`);
    // A scenario that left the product down would fail the next ones for the wrong reason.
    if (index === selected.length - 1) break;
    if (!ctx.server.running) await ctx.server.start();
    if (!ctx.worker.running) await ctx.worker.start();
  }
} catch (err) {
  console.error('[faults] setup failed:', err);
  failed = true;
} finally {
  await cleanUp();
}

failed ||= results.some((r) => !r.ok);
console.log(
  `[faults] ${results.filter((r) => r.ok).length}/${results.length} scenarios held, ` +
    `${((Date.now() - started) / 1000).toFixed(0)} s in all${failed ? ' - FAILED' : ''}`,
);
process.exit(failed ? 1 : 0);
