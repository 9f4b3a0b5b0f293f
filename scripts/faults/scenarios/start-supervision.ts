/**
 * (e) The product as `npm start` runs it (scripts/start.ts: compiled server and worker under its
 * supervisor) while rule sensors post crossing samples; the worker is killed (SIGKILL) by its
 * pid, as an operator's `kill -9` would: the start script starts it again while the server keeps
 * taking samples, nothing acknowledged is lost, and the rules act again within seconds of the
 * worker's return, with every transition of the outage caught up exactly once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root, waitReady } from '../../bench/common.ts';
import {
  awaitRollup,
  awaitTransitions,
  checkStored,
  expectedTransitions,
  ROLLUP_WAIT_MS,
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
  type ProductTarget,
  type ScenarioResult,
} from '../context.ts';
import { SensorLoop } from '../devices.ts';
import { prepareDatabase, productEnv, signIn, varDir } from '../product.ts';
import { freePort, sleep } from '../services.ts';

const RULE_SENSORS = 10;

/** `npm start` (the script behind it) as a child, its output kept and watched line by line. */
class StartScript {
  readonly #child: ChildProcess;
  readonly varDir = path.join(varDir, 'start');
  readonly lines: { at: number; text: string }[] = [];

  constructor(env: NodeJS.ProcessEnv) {
    this.#child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      cwd: root,
      env: { ...env, VAR_DIR: this.varDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log = createWriteStream(path.join(varDir, 'logs', 'npm-start.log'), { flags: 'a' });
    let partial = '';
    const onData = (chunk: Buffer) => {
      log.write(chunk);
      const text = partial + chunk.toString();
      const parts = text.split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) this.lines.push({ at: Date.now(), text: line });
    };
    this.#child.stdout!.on('data', onData);
    this.#child.stderr!.on('data', onData);
  }

  /** When a line containing `text` was printed after `since`, waiting up to `timeoutMs`. */
  async waitLine(text: string, since: number, timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.lines.find((l) => l.at >= since && l.text.includes(text));
      if (found) return found.at;
      if (Date.now() > deadline) throw new Error(`npm start printed no "${text}"`);
      if (this.#child.exitCode !== null) throw new Error('npm start exited');
      await sleep(50);
    }
  }

  /**
   * The pid of the compiled worker this run supervises: the process whose command line runs
   * `<VAR_DIR>/build/<start pid>/worker.js`.
   */
  workerPid(): number | null {
    const bundle = path.join(this.varDir, 'build', String(this.#child.pid), 'worker.js');
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
        if (cmdline.includes(bundle)) return Number(entry);
      } catch {
        // gone between the listing and the read
      }
    }
    return null;
  }

  /** SIGTERM, as Ctrl-C would; answers the exit code (null when it had to be killed). */
  async stop(timeoutMs = 30_000): Promise<number | null> {
    const child = this.#child;
    if (child.exitCode !== null) return child.exitCode;
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const code = await exited;
    clearTimeout(timer);
    return code;
  }
}

/** When the first rule transition was written after `since` (the database's clock is ours). */
async function firstTransitionAfter(target: ProductTarget, ids: string[], since: number) {
  return withDb(target, async (db) => {
    const { rows } = await db.query<{ first: Date | null }>(
      `SELECT min(created_at) AS first FROM alert_triggers
        WHERE sensor_id = ANY($1) AND created_at > to_timestamp($2 / 1000.0)`,
      [ids, since],
    );
    return rows[0]?.first ? rows[0].first.getTime() : null;
  });
}

export async function startSupervision(ctx: FaultContext): Promise<ScenarioResult> {
  const problems: string[] = [];
  const databaseUrl = ctx.postgres.url('aircloud_faults_start');
  await prepareDatabase(databaseUrl);
  const port = await freePort();
  const start = new StartScript({
    ...productEnv(databaseUrl, ctx.redis.url),
    REDIS_PREFIX: `aircloud-faults-start-${process.pid}`,
    APP_SECRET: randomBytes(32).toString('base64url'),
    METRICS_TOKEN: randomBytes(24).toString('base64url'),
    PORT: String(port),
    WORKER_METRICS_PORT: String(await freePort()),
    LOG_LEVEL: 'info',
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitReady(base, 120_000);
    await start.waitLine('worker ready', 0, 60_000);
    const target: ProductTarget = { databaseUrl, server: { base }, cookie: await signIn(base) };
    const sensors = await scenarioSensors(target, 'E', RULE_SENSORS, crossing());
    for (const s of sensors) await createRule(target, s.id);
    const ids = sensors.map((s) => s.id);

    const loop = new SensorLoop([base], sensors, 100);
    loop.start();
    await sleep(3000);

    const pid = start.workerPid();
    if (pid === null) throw new Error('no compiled worker of npm start found');
    process.kill(pid, 'SIGKILL');
    const killedAt = Date.now();
    const restartLine = await start.waitLine(
      'worker stopped (SIGKILL); restarting',
      killedAt,
      10_000,
    );
    const backAt = await start.waitLine('worker ready', killedAt, 60_000);
    const newPid = start.workerPid();
    if (newPid === null || newPid === pid) problems.push('the worker was not started again');
    // Load goes on a while with the worker back, then the devices stop.
    await sleep(5000);
    await loop.stop();

    // Only the new worker can write after the kill: the old one died at once.
    const firstAfterKill = await firstTransitionAfter(target, ids, killedAt);
    const expected = new Map<string, Transition[]>();
    for (const s of sensors)
      expected.set(s.id, expectedTransitions(loop.acked.get(s.id)!, CO2_RULE));
    const rules = await awaitTransitions(base, target.cookie, expected, 45_000);
    const samples = await withDb(target, (db) => checkStored(db, loop.acked));
    const rollup = await withDb(target, (db) => awaitRollup(db, ids, ROLLUP_WAIT_MS));
    const serverUp = (await fetch(`${base}/readyz`)).status === 200;

    const acting = firstAfterKill === null ? null : firstAfterKill - killedAt;
    if (acting === null) problems.push('no rule transition after the worker came back');
    else if (acting - (backAt - killedAt) > 10_000)
      problems.push(`rules acted again only ${acting} ms after the kill`);
    if (!serverUp) problems.push('the server is not ready after the worker was killed');
    if (samples.missing > 0) problems.push(`${samples.missing} acknowledged samples missing`);
    if (samples.duplicates > 0) problems.push(`${samples.duplicates} duplicate samples`);
    if (rules.skipped > 0) problems.push(`${rules.skipped} rule transitions skipped`);
    if (rules.extra > 0) problems.push(`${rules.extra} rule transitions fired twice or unexpected`);
    if (rollup.rolledUp !== rollup.stored)
      problems.push(`hourly roll-up counts ${rollup.rolledUp} of ${rollup.stored} samples`);
    const unexpected = loop.unexpected();
    if (unexpected.length > 0) problems.push(`device posts answered ${unexpected.join(', ')}`);
    if (loop.count('network') > 0)
      problems.push(`${loop.count('network')} device posts unanswered`);

    const code = await start.stop();
    if (code !== 0) problems.push(`npm start ended with ${code} on SIGTERM`);
    if (start.workerPid() !== null) problems.push('the worker outlived npm start');

    return result(
      '(e) worker killed under npm start',
      `restart announced ${restartLine - killedAt} ms after the kill, worker ready again ` +
        `${backAt - killedAt} ms after it (server answering throughout); first rule transition ` +
        `${acting ?? '-'} ms after the kill; samples sent ${loop.sent} acked ${loop.ackedCount} ` +
        `stored ${samples.stored} missing ${samples.missing} dup ${samples.duplicates} ` +
        `rolled up ${rollup.rolledUp}; rule transitions expected ${rules.expected} seen ` +
        `${rules.seen} skipped ${rules.skipped} extra ${rules.extra} (settled ` +
        `${(rules.waitedMs / 1000).toFixed(1)} s after the devices stopped); ` +
        `npm start stopped with ${code}`,
      problems,
    );
  } finally {
    await start.stop();
  }
}
