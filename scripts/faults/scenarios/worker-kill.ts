/**
 * (a) The worker is killed (SIGKILL) in the middle of a CSV import while rule sensors keep
 * posting crossing samples, then started again: the import resumes and ends `completed` with
 * every timestamp stored once, and every rule shows each expected trigger and stop exactly once.
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
import { SensorLoop } from '../devices.ts';
import { sleep } from '../services.ts';

const IMPORT_ROWS = 200_000;
const RULE_SENSORS = 10;

/** A CSV of one-minute CO2 rows ending a day ago (ISO timestamps). */
function importCsv(rows: number): string {
  const start = Date.now() - 86_400_000 - rows * 60_000;
  const lines = ['timestamp,co2,temperature'];
  for (let i = 0; i < rows; i += 1)
    lines.push(`${new Date(start + i * 60_000).toISOString()},${400 + (i % 600)},${20 + (i % 7)}`);
  return `${lines.join('\n')}\n`;
}

interface ImportState {
  state: string;
  rows_read: number;
  rows_stored: number;
  rows_duplicate: number;
  rows_rejected: number;
}

async function importState(ctx: FaultContext, id: string): Promise<ImportState> {
  const res = await fetch(`${ctx.server.base}/api/sensor_imports/${id}`, {
    headers: { cookie: ctx.cookie },
  });
  if (res.status !== 200) throw new Error(`import answered ${res.status}`);
  return (await res.json()) as ImportState;
}

export async function workerKill(ctx: FaultContext): Promise<ScenarioResult> {
  const problems: string[] = [];
  const [importSensor] = await scenarioSensors(ctx, 'A0', 1, crossing());
  const ruleSensors = await scenarioSensors(ctx, 'A1', RULE_SENSORS, crossing());
  for (const s of ruleSensors) await createRule(ctx, s.id);

  const form = new FormData();
  form.append('file', new Blob([importCsv(IMPORT_ROWS)], { type: 'text/csv' }), 'history.csv');
  const upload = await fetch(`${ctx.server.base}/api/sensors/${importSensor!.id}/imports`, {
    method: 'POST',
    headers: { cookie: ctx.cookie, Origin: ctx.server.base },
    body: form,
  });
  if (upload.status !== 202) throw new Error(`import upload answered ${upload.status}`);
  const importId = ((await upload.json()) as { id: string }).id;

  const loop = new SensorLoop([ctx.server.base], ruleSensors, 100);
  loop.start();

  // Kill once a quarter of the file is stored (mid-import, and mid-evaluation: jobs flow).
  let atKill: ImportState;
  for (;;) {
    atKill = await importState(ctx, importId);
    if (atKill.state !== 'pending' && atKill.state !== 'running') break;
    if (atKill.rows_stored >= IMPORT_ROWS / 4) break;
    await sleep(50);
  }
  if (atKill.state !== 'running')
    problems.push(`import was ${atKill.state} before the kill (not mid-import)`);
  await ctx.worker.kill('SIGKILL');
  const killedAt = Date.now();
  await sleep(3000); // devices keep posting while no worker runs
  await ctx.worker.start();

  let final: ImportState;
  for (;;) {
    final = await importState(ctx, importId);
    if (final.state !== 'pending' && final.state !== 'running') break;
    if (Date.now() - killedAt > 120_000) break;
    await sleep(250);
  }
  const importSeconds = (Date.now() - killedAt) / 1000;
  await loop.stop();

  const expected = new Map<string, Transition[]>();
  for (const s of ruleSensors)
    expected.set(s.id, expectedTransitions(loop.acked.get(s.id)!, CO2_RULE));
  const rules = await awaitTransitions(ctx.server.base, ctx.cookie, expected, 45_000);

  const { stored, distinct } = await withDb(ctx, async (db) => {
    const { rows } = await db.query<{ stored: number; distinct: number }>(
      `SELECT count(*)::int AS stored, count(DISTINCT ts)::int AS distinct
         FROM sensor_measures WHERE sensor_id = $1`,
      [importSensor!.id],
    );
    return rows[0]!;
  });
  const samples = await withDb(ctx, (db) => checkStored(db, loop.acked));
  const ids = ruleSensors.map((s) => s.id);
  const rollup = await withDb(ctx, (db) => awaitRollup(db, ids, ROLLUP_WAIT_MS));
  const importRollup = await withDb(ctx, (db) => awaitRollup(db, [importSensor!.id], 0));
  if (rollup.rolledUp !== rollup.stored)
    problems.push(`hourly roll-up counts ${rollup.rolledUp} of ${rollup.stored} device samples`);
  if (importRollup.rolledUp !== IMPORT_ROWS)
    problems.push(`hourly roll-up counts ${importRollup.rolledUp} of ${IMPORT_ROWS} imported rows`);

  if (final.state !== 'completed') problems.push(`import ended ${final.state}`);
  if (stored !== IMPORT_ROWS || distinct !== IMPORT_ROWS)
    problems.push(`import stored ${stored} rows (${distinct} distinct), expected ${IMPORT_ROWS}`);
  if (final.rows_stored !== IMPORT_ROWS || final.rows_duplicate !== 0 || final.rows_rejected !== 0)
    problems.push(
      `import counters stored ${final.rows_stored} duplicate ${final.rows_duplicate} rejected ${final.rows_rejected}`,
    );
  if (samples.missing > 0) problems.push(`${samples.missing} acknowledged samples missing`);
  if (samples.duplicates > 0) problems.push(`${samples.duplicates} duplicate samples`);
  if (rules.skipped > 0) problems.push(`${rules.skipped} rule transitions skipped`);
  if (rules.extra > 0) problems.push(`${rules.extra} rule transitions fired twice or unexpected`);
  const unexpected = loop.unexpected();
  if (unexpected.length > 0) problems.push(`device posts answered ${unexpected.join(', ')}`);
  if (loop.count('network') > 0) problems.push(`${loop.count('network')} device posts unanswered`);

  return result(
    '(a) worker killed mid-import and mid-evaluation',
    `import ${IMPORT_ROWS} rows: killed at ${atKill.rows_stored} stored, ended ${final.state} ` +
      `${importSeconds.toFixed(1)} s after the kill, ${stored} rows (${distinct} distinct, ` +
      `counters stored ${final.rows_stored} dup ${final.rows_duplicate}); device samples ` +
      `sent ${loop.sent} acked ${loop.ackedCount} stored ${samples.stored} missing ${samples.missing} ` +
      `dup ${samples.duplicates} rolled up ${rollup.rolledUp} (import ${importRollup.rolledUp}); rule transitions expected ${rules.expected} seen ${rules.seen} ` +
      `skipped ${rules.skipped} extra ${rules.extra} (settled in ${(rules.waitedMs / 1000).toFixed(1)} s)`,
    problems,
  );
}
