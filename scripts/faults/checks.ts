/**
 * What the fault scenarios compare: the samples devices had acknowledged against the rows in
 * PostgreSQL, and the trigger/stop history a rule should have against the one the API shows.
 */
import type pg from 'pg';
import { judgeSample, type RuleState } from '@aircloud/core/alert-rules/rule-state';
import type { AckedSample } from './devices.ts';
import { sleep } from './services.ts';

/** Acknowledged samples missing from the database, and rows stored more than once. */
export interface StoreCheck {
  acked: number;
  stored: number;
  missing: number;
  duplicates: number;
}

/** Compares, per sensor, the acknowledged timestamps with the stored ones. */
export async function checkStored(
  db: pg.Client,
  acked: Map<string, AckedSample[]>,
): Promise<StoreCheck> {
  const result: StoreCheck = { acked: 0, stored: 0, missing: 0, duplicates: 0 };
  const { rows } = await db.query<{ sensor_id: string; ms: string; n: number }>(
    `SELECT sensor_id, (extract(epoch FROM ts) * 1000)::bigint AS ms, count(*)::int AS n
       FROM sensor_measures WHERE sensor_id = ANY($1) GROUP BY 1, 2`,
    [[...acked.keys()]],
  );
  const stored = new Map<string, number>();
  for (const row of rows) {
    stored.set(`${row.sensor_id}|${row.ms}`, row.n);
    result.stored += row.n;
    result.duplicates += row.n - 1;
  }
  for (const [sensor, samples] of acked) {
    result.acked += samples.length;
    for (const s of samples) if (!stored.has(`${sensor}|${s.ts}`)) result.missing += 1;
  }
  return result;
}

/** One entry of a rule's history. */
export interface Transition {
  kind: 'trigger' | 'stop';
  at: number;
}

/** The history a rule must show for these samples (judged like the worker does, in order). */
export function expectedTransitions(
  samples: AckedSample[],
  rule: { measure: 'co2'; threshold: number; hysteresis: number; confirmS: number },
): Transition[] {
  const state: RuleState = { triggered: false, aboveSince: null, belowSince: null };
  const out: Transition[] = [];
  for (const s of samples) {
    const kind = judgeSample(state, rule, new Date(s.ts), s.measures[rule.measure]);
    if (kind) out.push({ kind, at: s.ts });
  }
  return out;
}

/** Every history entry of a sensor's rules (all pages), oldest first. */
export async function fetchTransitions(
  base: string,
  cookie: string,
  sensorId: string,
): Promise<Transition[]> {
  const out: Transition[] = [];
  for (let page = 1; ; page += 1) {
    const res = await fetch(`${base}/api/sensors/${sensorId}/alert_triggers?page=${page}`, {
      headers: { cookie, Accept: 'application/ld+json' },
    });
    if (res.status !== 200) throw new Error(`alert_triggers answered ${res.status}`);
    const body = (await res.json()) as {
      'hydra:member': { kind: 'trigger' | 'stop'; at: string }[];
      'hydra:view'?: { 'hydra:next'?: string };
    };
    for (const t of body['hydra:member']) out.push({ kind: t.kind, at: Date.parse(t.at) });
    if (!body['hydra:view']?.['hydra:next']) break;
  }
  return out.sort((a, b) => a.at - b.at);
}

/** How the seen history differs from the expected one. */
export interface TransitionCheck {
  expected: number;
  seen: number;
  /** Expected entries not in the history. */
  skipped: number;
  /** Entries in the history more than once, or not expected at all. */
  extra: number;
}

/** Compares two histories entry by entry (kind and sample time). */
export function compareTransitions(expected: Transition[], seen: Transition[]): TransitionCheck {
  const key = (t: Transition) => `${t.kind}@${t.at}`;
  const counts = new Map<string, number>();
  for (const t of seen) counts.set(key(t), (counts.get(key(t)) ?? 0) + 1);
  let skipped = 0;
  for (const t of expected) {
    const n = counts.get(key(t)) ?? 0;
    if (n === 0) skipped += 1;
    else counts.set(key(t), n - 1);
  }
  let extra = 0;
  for (const n of counts.values()) extra += n;
  return { expected: expected.length, seen: seen.length, skipped, extra };
}

/**
 * Waits until every sensor's history matches what its samples call for (the worker may still be
 * catching up), or `timeoutMs` passes; returns the totals of the last comparison.
 */
export async function awaitTransitions(
  base: string,
  cookie: string,
  expected: Map<string, Transition[]>,
  timeoutMs: number,
): Promise<TransitionCheck & { waitedMs: number }> {
  const started = Date.now();
  for (;;) {
    const total: TransitionCheck = { expected: 0, seen: 0, skipped: 0, extra: 0 };
    for (const [sensor, list] of expected) {
      const c = compareTransitions(list, await fetchTransitions(base, cookie, sensor));
      total.expected += c.expected;
      total.seen += c.seen;
      total.skipped += c.skipped;
      total.extra += c.extra;
    }
    const waitedMs = Date.now() - started;
    // A double fire never heals: stop waiting at once.
    if ((total.skipped === 0 && total.extra === 0) || total.extra > 0 || waitedMs > timeoutMs)
      return { ...total, waitedMs };
    await sleep(1000);
  }
}

/**
 * How long the roll-up may lag: a flush whose job was lost is rolled up by the worker's sweep
 * (pending for 10 s, sweep every 30 s).
 */
export const ROLLUP_WAIT_MS = 45_000;

/** Samples stored and samples counted by the hourly roll-up (what week and month graphs show). */
export interface RollupCheck {
  stored: number;
  rolledUp: number;
  waitedMs: number;
}

/**
 * Waits until the hourly roll-up of these sensors counts every stored sample (the worker rolls
 * each flush up after the fact), or `timeoutMs` passes.
 */
export async function awaitRollup(
  db: pg.Client,
  sensorIds: string[],
  timeoutMs: number,
): Promise<RollupCheck> {
  const started = Date.now();
  for (;;) {
    const { rows } = await db.query<{ stored: number; rolled_up: number }>(
      `SELECT (SELECT count(*)::int FROM sensor_measures WHERE sensor_id = ANY($1)) AS stored,
              (SELECT coalesce(sum(samples), 0)::int FROM sensor_measures_hourly
                WHERE sensor_id = ANY($1)) AS rolled_up`,
      [sensorIds],
    );
    const { stored, rolled_up: rolledUp } = rows[0]!;
    const waitedMs = Date.now() - started;
    if (stored === rolledUp || waitedMs > timeoutMs) return { stored, rolledUp, waitedMs };
    await sleep(500);
  }
}
