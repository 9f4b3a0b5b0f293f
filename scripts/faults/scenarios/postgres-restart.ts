/**
 * (c) PostgreSQL is stopped (fast shutdown) for a few seconds and started again while sensors
 * post and a browser reads the API: the server answers 503 `service_unavailable` meanwhile (never
 * a 500, never no answer), devices retry, and every acknowledged sample is stored, once.
 */
import { awaitRollup, ROLLUP_WAIT_MS, checkStored } from '../checks.ts';
import {
  crossing,
  result,
  scenarioSensors,
  withDb,
  type FaultContext,
  type ScenarioResult,
} from '../context.ts';
import { SensorLoop } from '../devices.ts';
import { sleep } from '../services.ts';

const SENSORS = 5;
const DOWN_MS = 5000;

/** A browser reading a sensor page over and over; counts statuses and the 503 catalogue keys. */
function pollApi(ctx: FaultContext, sensorId: string) {
  const statuses = new Map<string, number>();
  const badBodies: string[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      let status = 'network';
      try {
        const res = await fetch(`${ctx.server.base}/api/sensors/${sensorId}`, {
          headers: { cookie: ctx.cookie, Accept: 'application/ld+json' },
          signal: AbortSignal.timeout(10_000),
        });
        status = String(res.status);
        const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
        if (res.status === 503 && body['hydra:description'] !== 'service_unavailable')
          badBodies.push(String(body['hydra:description']));
      } catch {
        /* no answer: counted as network */
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      await sleep(200);
    }
  })();
  return {
    statuses,
    badBodies,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

const show = (m: Map<string, number>) => [...m.entries()].map(([s, n]) => `${s}×${n}`).join(' ');

export async function postgresRestart(ctx: FaultContext): Promise<ScenarioResult> {
  const problems: string[] = [];
  const sensors = await scenarioSensors(ctx, 'C', SENSORS, crossing());
  const loop = new SensorLoop([ctx.server.base], sensors, 200);
  loop.start();
  const api = pollApi(ctx, sensors[0]!.id);
  await sleep(2000);

  await ctx.postgres.stop();
  const stoppedAt = Date.now();
  await sleep(DOWN_MS);
  const readyWhileDown = (await fetch(`${ctx.server.base}/readyz`)).status;
  const ackedAtRestart = loop.ackedCount;
  await ctx.postgres.start();
  const startedAt = Date.now();
  // Devices get through again.
  while (loop.ackedCount <= ackedAtRestart + SENSORS && Date.now() - startedAt < 30_000)
    await sleep(100);
  const recoveredMs = Date.now() - startedAt;
  await sleep(2000);
  await loop.stop();
  await api.stop();

  const samples = await withDb(ctx, (db) => checkStored(db, loop.acked));
  const ids = sensors.map((s) => s.id);
  const rollup = await withDb(ctx, (db) => awaitRollup(db, ids, ROLLUP_WAIT_MS));
  if (rollup.rolledUp !== rollup.stored)
    problems.push(`hourly roll-up counts ${rollup.rolledUp} of ${rollup.stored} samples`);
  const device503 = loop.count(503);
  if (device503 === 0) problems.push('no device post was answered 503 while PostgreSQL was down');
  if (readyWhileDown !== 503) problems.push(`/readyz answered ${readyWhileDown} while down`);
  const unexpected = loop.unexpected([503]);
  if (unexpected.length > 0) problems.push(`device posts answered ${unexpected.join(', ')}`);
  if (loop.count('network') > 0) problems.push(`${loop.count('network')} device posts unanswered`);
  const api503 = api.statuses.get('503') ?? 0;
  const apiOther = [...api.statuses.entries()].filter(([s]) => s !== '200' && s !== '503');
  if (api503 === 0) problems.push('the API never answered 503 while PostgreSQL was down');
  if (apiOther.length > 0) problems.push(`the API answered ${show(new Map(apiOther))}`);
  if (api.badBodies.length > 0) problems.push(`503 bodies said ${api.badBodies.join(', ')}`);
  if (samples.missing > 0) problems.push(`${samples.missing} acknowledged samples missing`);
  if (samples.duplicates > 0) problems.push(`${samples.duplicates} duplicate samples`);
  if (loop.ackedCount <= ackedAtRestart) problems.push('no sample acknowledged after the restart');

  return result(
    '(c) PostgreSQL restarted',
    `down ${((startedAt - stoppedAt) / 1000).toFixed(1)} s; device posts ${show(loop.statuses)}; ` +
      `API ${show(api.statuses)}; /readyz while down ${readyWhileDown}; devices through again ` +
      `${recoveredMs} ms after the start; samples sent ${loop.sent} acked ${loop.ackedCount} ` +
      `stored ${samples.stored} missing ${samples.missing} dup ${samples.duplicates} rolled up ${rollup.rolledUp}`,
    problems,
  );
}
