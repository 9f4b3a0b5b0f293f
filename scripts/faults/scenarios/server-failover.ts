/**
 * (d) Two server processes share PostgreSQL and Redis; a browser and the sensors talk to the
 * first one, which is killed (SIGKILL): the browser moves to the second (as a proxy would send
 * it) and receives live samples again, the sensors retry there, nothing acknowledged is lost.
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
import { Browser, SensorLoop } from '../devices.ts';
import { ProductProcess } from '../product.ts';
import { freePort, sleep } from '../services.ts';

const SENSORS = 5;

export async function serverFailover(ctx: FaultContext): Promise<ScenarioResult> {
  const problems: string[] = [];
  const second = new ProductProcess('server-2', 'server/src/main.ts', ctx.env, await freePort());
  await second.start();
  try {
    const sensors = await scenarioSensors(ctx, 'D', SENSORS, crossing());
    const watched = sensors[0]!.id;
    const urls = [ctx.server.base, second.base];
    const browser = new Browser(urls, ctx.cookie, [watched]);
    await browser.open();
    const loop = new SensorLoop(urls, sensors, 200);
    loop.start();
    await browser.waitSample(watched, 0, 10_000);

    await ctx.server.kill('SIGKILL');
    const killedAt = Date.now();
    let movedMs: number | null = null;
    try {
      movedMs = (await browser.waitSample(watched, killedAt, 30_000)) - killedAt;
    } catch {
      problems.push('the browser got no live sample after its server died');
    }
    await sleep(2000);
    await loop.stop();
    browser.close();

    const samples = await withDb(ctx, (db) => checkStored(db, loop.acked));
    const ids = sensors.map((s) => s.id);
    const rollup = await withDb(ctx, (db) => awaitRollup(db, ids, ROLLUP_WAIT_MS));
    if (rollup.rolledUp !== rollup.stored)
      problems.push(`hourly roll-up counts ${rollup.rolledUp} of ${rollup.stored} samples`);
    if (browser.url !== second.base) problems.push(`the browser ended on ${browser.url}`);
    const unexpected = loop.unexpected();
    if (unexpected.length > 0) problems.push(`device posts answered ${unexpected.join(', ')}`);
    if (samples.missing > 0) problems.push(`${samples.missing} acknowledged samples missing`);
    if (samples.duplicates > 0) problems.push(`${samples.duplicates} duplicate samples`);

    return result(
      '(d) one of two servers killed',
      `browser live again on the other server ${movedMs ?? '-'} ms after the kill ` +
        `(connects ${browser.connects}); device posts without answer ${loop.count('network')} ` +
        `(retried on the other server); samples sent ${loop.sent} acked ${loop.ackedCount} ` +
        `stored ${samples.stored} missing ${samples.missing} dup ${samples.duplicates} rolled up ${rollup.rolledUp} ` +
        `(already-stored replies to first attempts ${loop.firstAttemptDuplicates})`,
      problems,
    );
  } finally {
    await second.kill('SIGTERM');
  }
}
