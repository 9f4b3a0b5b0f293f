/**
 * What every fault scenario gets (the services, the product processes, a signed-in user) and the
 * fixtures they share: sensors with the bench secret, CO2 rules, the crossing pattern.
 */
import pg from 'pg';
import type { MeasureValues } from '@aircloud/shared/sensors';
import { demoOwner, insertBenchSensors } from '../bench/common.ts';
import type { LoopSensor } from './devices.ts';
import type { ProductProcess } from './product.ts';
import type { PostgresCluster, RedisServer } from './services.ts';

export interface FaultContext {
  postgres: PostgresCluster;
  redis: RedisServer;
  databaseUrl: string;
  /** Environment of every server and worker process. */
  env: NodeJS.ProcessEnv;
  server: ProductProcess;
  worker: ProductProcess;
  /** Cookie header of the demo user (user@demo.test). */
  cookie: string;
  /** `--without-mqtt-republish`: MQTT devices trust the broker's PUBACK alone (shows the loss). */
  withoutMqttRepublish?: boolean;
}

/**
 * What the fixtures need of a product: its database, its base URL and a signed-in user. The
 * suite's own product is one; scenario (e) starts another through `npm start`.
 */
export interface ProductTarget {
  databaseUrl: string;
  server: { base: string };
  cookie: string;
}

/** What a scenario reports: one line of figures, and whether it held. */
export interface ScenarioResult {
  name: string;
  ok: boolean;
  line: string;
  problems: string[];
}

/** The rule every rule sensor gets: CO2 above 1000 ppm → boost, stop at or below 950, at once. */
export const CO2_RULE = { measure: 'co2', threshold: 1000, hysteresis: 50, confirmS: 0 } as const;

/** CO2 crossing the rule's threshold every `run` samples (800, 800, 800, 1200, 1200, 1200, ...). */
export const crossing =
  (run = 3) =>
  (seq: number): MeasureValues => ({
    co2: Math.floor(seq / run) % 2 === 0 ? 800 : 1200,
    temperature: 21 + (seq % 10) / 10,
  });

/** Runs `fn` with a fresh connection to the suite's database (it may have restarted since). */
export async function withDb<T>(
  ctx: Pick<ProductTarget, 'databaseUrl'>,
  fn: (db: pg.Client) => Promise<T>,
): Promise<T> {
  const db = new pg.Client({ connectionString: ctx.databaseUrl });
  await db.connect();
  try {
    return await fn(db);
  } finally {
    await db.end();
  }
}

/**
 * `count` sensors of the demo user for one scenario (ids `01FX<tag>…`, serials `FAULT<tag>-…`),
 * each posting `measures`.
 */
export async function scenarioSensors(
  ctx: ProductTarget,
  tag: string,
  count: number,
  measures: LoopSensor['measures'],
): Promise<LoopSensor[]> {
  return withDb(ctx, async (db) => {
    const owner = await demoOwner(db);
    const { ids, devices } = await insertBenchSensors(db, {
      count,
      owner,
      serialPrefix: `FAULT${tag}`,
      idPrefix: `01FX${tag}`,
    });
    return ids.map((id, i) => ({ id, ...devices[i]!, measures }));
  });
}

/** Creates the CO2 rule on a sensor through the API, as the user would. */
export async function createRule(ctx: ProductTarget, sensorId: string): Promise<void> {
  const res = await fetch(`${ctx.server.base}/api/sensors/${sensorId}/alert_rules`, {
    method: 'POST',
    headers: {
      cookie: ctx.cookie,
      Origin: ctx.server.base,
      'Content-Type': 'application/ld+json',
    },
    body: JSON.stringify({
      measure: CO2_RULE.measure,
      threshold: CO2_RULE.threshold,
      hysteresis: CO2_RULE.hysteresis,
      mode: 'boost',
      confirm_s: CO2_RULE.confirmS,
      confirm_noise: true,
    }),
  });
  if (res.status !== 201) throw new Error(`creating a rule answered ${res.status}`);
}

/** A scenario result from its checks: ok when there is no problem. */
export function result(name: string, line: string, problems: string[]): ScenarioResult {
  return { name, ok: problems.length === 0, line, problems };
}
