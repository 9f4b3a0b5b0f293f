/**
 * (b) Redis is killed for 10 s while sensors post: their posts keep getting 2xx (the samples go
 * to PostgreSQL), the browser gets live samples again once Redis is back, and the rules judge the
 * samples that arrived during the outage (catch-up), each transition once.
 */
import {
  awaitRollup,
  ROLLUP_WAIT_MS,
  awaitTransitions,
  checkStored,
  expectedTransitions,
  type Transition,
} from '../checks.ts';
import {
  CO2_RULE,
  createRule,
  crossing,
  result,
  scenarioSensors,
  withDb,
  type FaultContext,
  type ScenarioResult,
} from '../context.ts';
import { QUEUES, createQueue } from '@aircloud/core/queues';
import { redisOptionsFromUrl } from '@aircloud/core/lib/redis';
import { Browser, SensorLoop } from '../devices.ts';
import { sleep } from '../services.ts';

const SENSORS = 5;
/** The worker's repeatable jobs: Redis came back empty, they must be put back. */
const SCHEDULED = [QUEUES.schedule, QUEUES.deviceWatch, QUEUES.alertSweep] as const;

/** Queues (of SCHEDULED) without a job scheduler, after waiting up to `timeoutMs`. */
async function missingSchedulers(ctx: FaultContext, timeoutMs: number): Promise<string[]> {
  const queues = SCHEDULED.map((name) =>
    createQueue(name, redisOptionsFromUrl(ctx.redis.url), ctx.env.REDIS_PREFIX!),
  );
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const missing: string[] = [];
      for (const queue of queues)
        if ((await queue.getJobSchedulersCount()) === 0) missing.push(queue.name);
      if (missing.length === 0 || Date.now() > deadline) return missing;
      await sleep(250);
    }
  } finally {
    await Promise.all(queues.map((q) => q.close()));
  }
}
const OUTAGE_MS = 10_000;

export async function redisOutage(ctx: FaultContext): Promise<ScenarioResult> {
  const problems: string[] = [];
  const sensors = await scenarioSensors(ctx, 'B', SENSORS, crossing());
  for (const s of sensors) await createRule(ctx, s.id);
  const watched = sensors[0]!.id;
  const browser = new Browser([ctx.server.base], ctx.cookie, [watched]);
  await browser.open();
  const loop = new SensorLoop([ctx.server.base], sensors, 200);
  loop.start();
  await browser.waitSample(watched, 0, 10_000);

  const ackedBefore = loop.ackedCount;
  await ctx.redis.stop();
  await sleep(OUTAGE_MS);
  const ackedDuring = loop.ackedCount - ackedBefore;
  const statusesDuring = new Map(loop.statuses);
  await ctx.redis.start();
  const restoredAt = Date.now();

  // Live again: a sample posted after Redis is back reaches the browser.
  let liveAgainMs: number | null = null;
  try {
    liveAgainMs = (await browser.waitSample(watched, restoredAt, 30_000)) - restoredAt;
  } catch {
    problems.push('the browser got no live sample after Redis came back');
  }
  const noScheduler = await missingSchedulers(ctx, 15_000);
  if (noScheduler.length > 0)
    problems.push(`no job scheduler after the outage on ${noScheduler.join(', ')}`);
  await sleep(2000);
  await loop.stop();

  // Catch-up: a reloaded tab's snapshot shows the newest sample.
  const reloaded = new Browser([ctx.server.base], ctx.cookie, [watched]);
  await reloaded.open();
  const snapshot = reloaded.snapshots.get(watched)?.[0] ?? null;
  reloaded.close();
  browser.close();
  if (snapshot !== loop.lastAcked(watched))
    problems.push(
      `snapshot after the outage is ${snapshot}, newest sample ${loop.lastAcked(watched)}`,
    );

  const expected = new Map<string, Transition[]>();
  for (const s of sensors) expected.set(s.id, expectedTransitions(loop.acked.get(s.id)!, CO2_RULE));
  // The worker's sweep (every 30 s) catches up flushes whose jobs Redis never got.
  const rules = await awaitTransitions(ctx.server.base, ctx.cookie, expected, 75_000);
  const samples = await withDb(ctx, (db) => checkStored(db, loop.acked));
  const ids = sensors.map((s) => s.id);
  const rollup = await withDb(ctx, (db) => awaitRollup(db, ids, ROLLUP_WAIT_MS));

  if (ackedDuring === 0) problems.push('no sample was acknowledged while Redis was down');
  const refusedDuring = [...statusesDuring.entries()].filter(([s]) => !/^2/.test(s));
  if (refusedDuring.length > 0)
    problems.push(
      `device posts during the outage answered ${refusedDuring.map(([s, n]) => `${s}×${n}`).join(', ')}`,
    );
  const unexpected = loop.unexpected();
  if (unexpected.length > 0) problems.push(`device posts answered ${unexpected.join(', ')}`);
  if (samples.missing > 0) problems.push(`${samples.missing} acknowledged samples missing`);
  if (samples.duplicates > 0) problems.push(`${samples.duplicates} duplicate samples`);
  if (rollup.rolledUp !== rollup.stored)
    problems.push(`hourly roll-up counts ${rollup.rolledUp} of ${rollup.stored} samples`);
  if (rules.skipped > 0) problems.push(`${rules.skipped} rule transitions skipped`);
  if (rules.extra > 0) problems.push(`${rules.extra} rule transitions fired twice or unexpected`);

  return result(
    '(b) Redis down 10 s',
    `samples sent ${loop.sent} acked ${loop.ackedCount} (${ackedDuring} during the outage) ` +
      `stored ${samples.stored} missing ${samples.missing} dup ${samples.duplicates} rolled up ${rollup.rolledUp}; ` +
      `browser live again ${liveAgainMs ?? '-'} ms after Redis (disconnects ${browser.disconnects}); ` +
      `rule transitions expected ${rules.expected} seen ${rules.seen} skipped ${rules.skipped} ` +
      `extra ${rules.extra} (settled ${(rules.waitedMs / 1000).toFixed(1)} s after the devices stopped)`,
    problems,
  );
}
