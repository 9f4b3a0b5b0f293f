import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DesiredState, PurifierMode, Schedule } from '@aircloud/shared/purifiers';
import {
  alertRules,
  alertTriggers,
  purifiers,
  sensorPurifiers,
  sensors,
} from '@aircloud/core/db/schema';
import { insertRule } from '@aircloud/core/alert-rules/repository';
import type { RealtimeServer } from '@aircloud/core/realtime/emitter';
import { insertPurifier, insertStranger, useOwnerDatabase } from '../../test/fixtures.ts';
import { memoryLogger } from '../../test/harness.ts';
import { createApplyScheduleTask } from './ApplyScheduleTask.ts';
import {
  createAlertRulesSweepTask,
  createEvaluateAlertRulesTask,
} from './EvaluateAlertRulesTask.ts';

const t = useOwnerDatabase();
let batch = 5_000_000;
const { logger } = memoryLogger();
/** Sample times: seconds after this instant (a Monday, 10:00 in Paris). */
const T0 = Date.parse('2026-03-02T09:00:00.000Z');
const at = (s: number) => new Date(T0 + s * 1000);
/** The clock of desired-state changes. */
const now = () => new Date('2026-03-02T12:00:00.000Z');

/** A fake emitter that records what would reach browsers and devices. */
function recordingIo() {
  const emitted: { room: string | string[]; event: string; payload: unknown }[] = [];
  const target = (room: string | string[]) => ({
    emit: (event: string, payload: unknown) => void emitted.push({ room, event, payload }),
  });
  const io = { to: target, of: () => ({ to: target }) } as unknown as RealtimeServer;
  return { io, emitted };
}

beforeAll(async () => {
  await t.database.db.execute(
    sql`SELECT ensure_sensor_measure_partitions('2026-02-01'::timestamptz, 3)`,
  );
});

/** A purifier of the owner whose desired state is `mode`, set by `source`. */
async function purifier(
  mode: PurifierMode,
  source: DesiredState['source'] = 'user',
  schedule: Schedule | null = null,
) {
  return insertPurifier(t.database, {
    model: 'HEPA_DOME_WHITE',
    userId: t.ownerId,
    desired: {
      mode,
      trh: 5,
      silent_trh: 5,
      schedule,
      version: 1,
      updated_at: '2026-03-01T00:00:00.000Z',
      source,
    },
  });
}

/** A sensor of the owner linked to `purifierIds`. */
async function sensor(purifierIds: string[]) {
  const id = randomUUID();
  await t.database.db.insert(sensors).values({
    id,
    serialNumber: `SENSOR-${id}`,
    userId: t.ownerId,
    name: `Sensor ${id.slice(0, 4)}`,
    deviceSecretHash: 'x',
  });
  for (const purifierId of purifierIds)
    await t.database.db
      .insert(sensorPurifiers)
      .values({ sensorId: id, purifierId, linkedBy: t.ownerId });
  return id;
}

/** A rule on a sensor (CO2 > 1000 → auto, hysteresis 50, confirm 60 s unless told). */
async function rule(
  sensorId: string,
  values: Partial<{
    measure: string;
    threshold: number;
    hysteresis: number;
    mode: PurifierMode;
    confirmS: number;
    enabled: boolean;
    createdBy: string | null;
  }> = {},
) {
  const row = await insertRule(t.database.db, {
    id: randomUUID(),
    sensorId,
    measure: 'co2',
    threshold: 1000,
    hysteresis: 50,
    mode: 'auto',
    confirmS: 60,
    createdBy: t.ownerId,
    ...values,
  });
  return row.id;
}

/**
 * Stores samples of one ingest flush (CO2 values at second offsets); `imported` stores them as
 * an import does (batch_id NULL). Answers the job the server would queue.
 */
async function store(sensorId: string, samples: [number, number][], imported = false) {
  const batchId = imported ? null : batch++;
  for (const [s, co2] of samples)
    await t.database.db.execute(sql`INSERT INTO sensor_measures (sensor_id, ts, co2, batch_id)
      VALUES (${sensorId}, ${at(s)}, ${co2}, ${batchId})`);
  return {
    data: {
      batchId: batchId ?? 0,
      sensorIds: [sensorId],
      from: at(samples[0]![0]).toISOString(),
      to: at(samples.at(-1)![0]).toISOString(),
    },
  };
}

/** Stores a flush and runs its job, as the worker would. */
async function post(
  evaluate: ReturnType<typeof createEvaluateAlertRulesTask>,
  sensorId: string,
  samples: [number, number][],
) {
  return evaluate(await store(sensorId, samples));
}

async function desired(id: string): Promise<DesiredState> {
  const [row] = await t.database.db.select().from(purifiers).where(eq(purifiers.id, id));
  return row!.desired;
}

async function history(sensorId: string) {
  const rows = await t.database.db
    .select()
    .from(alertTriggers)
    .where(eq(alertTriggers.sensorId, sensorId))
    .orderBy(alertTriggers.at, alertTriggers.id);
  return rows.map((r) => ({ kind: r.kind, at: r.at.toISOString(), value: r.value, mode: r.mode }));
}

describe('EvaluateAlertRulesTask', () => {
  it('triggers after the confirm time above the threshold, then stops and restores the user mode', async () => {
    const p = await purifier('silence');
    const s = await sensor([p]);
    await rule(s);
    const { io, emitted } = recordingIo();
    const evaluate = createEvaluateAlertRulesTask({ db: t.database.db, logger, io, now });

    await post(evaluate, s, [
      [0, 900],
      [30, 1100],
      [60, 1100],
    ]);
    expect(await history(s)).toEqual([]);
    expect((await desired(p)).mode).toBe('silence');

    await post(evaluate, s, [[90, 1150]]); // above since 30 s: 60 s reached
    expect(await history(s)).toEqual([
      { kind: 'trigger', at: at(90).toISOString(), value: 1150, mode: 'auto' },
    ]);
    expect(await desired(p)).toMatchObject({
      mode: 'auto',
      source: 'rule',
      version: 2,
      base: { mode: 'silence', source: 'user' },
    });
    // The device got its command and the owner the notification.
    expect(emitted).toContainEqual(
      expect.objectContaining({ room: `device:${p}`, event: 'command' }),
    );
    expect(emitted).toContainEqual(
      expect.objectContaining({
        room: [`user:${t.ownerId}`],
        event: 'alert-trigger:created',
        payload: expect.objectContaining({ kind: 'trigger', value: 1150, sensor_ulid: s }),
      }),
    );

    await post(evaluate, s, [
      [120, 940],
      [150, 930],
    ]);
    expect((await desired(p)).mode).toBe('auto'); // below the band for 30 s only
    await post(evaluate, s, [[180, 920]]);
    expect((await history(s)).map((h) => h.kind)).toEqual(['trigger', 'stop']);
    const restored = await desired(p);
    expect(restored).toMatchObject({ mode: 'silence', source: 'user', version: 3 });
    expect(restored.base).toBeNull();
  });

  it('a rule drives only the purifiers its author controls when it acts', async () => {
    const p = await purifier('silence');
    const s = await sensor([p]);
    const strangerId = await insertStranger(t.database);
    await rule(s, { createdBy: strangerId, confirmS: 0, mode: 'boost' });
    await rule(s, { createdBy: null, confirmS: 0, mode: 'boost' });
    const evaluate = createEvaluateAlertRulesTask({ db: t.database.db, logger, now });
    await post(evaluate, s, [[0, 1500]]);
    // Both rules triggered (history kept), neither drove the owner's purifier.
    expect((await history(s)).map((h) => h.kind)).toEqual(['trigger', 'trigger']);
    const rows = await t.database.db
      .select()
      .from(alertTriggers)
      .where(eq(alertTriggers.sensorId, s));
    expect(rows.map((r) => r.purifierIds)).toEqual([[], []]);
    expect((await desired(p)).mode).toBe('silence');
  });

  it('with a confirm time of 0, the first sample above triggers and the first below the band stops', async () => {
    const p = await purifier('off');
    const s = await sensor([p]);
    await rule(s, { confirmS: 0, mode: 'boost' });
    const evaluate = createEvaluateAlertRulesTask({ db: t.database.db, logger, now });
    await post(evaluate, s, [[0, 1001]]);
    expect((await desired(p)).mode).toBe('boost');
    await post(evaluate, s, [[10, 951]]); // above threshold − hysteresis: still held
    expect((await desired(p)).mode).toBe('boost');
    await post(evaluate, s, [[20, 950]]);
    expect((await desired(p)).mode).toBe('off');
    expect(await history(s)).toEqual([
      { kind: 'trigger', at: at(0).toISOString(), value: 1001, mode: 'boost' },
      { kind: 'stop', at: at(20).toISOString(), value: 950, mode: 'boost' },
    ]);
  });

  it('does not flap on a value hovering at the threshold or inside the hysteresis band', async () => {
    const p = await purifier('silence');
    const s = await sensor([p]);
    await rule(s);
    const evaluate = createEvaluateAlertRulesTask({ db: t.database.db, logger, now });
    // Hovering around 1000 every 20 s: never 60 s above.
    const hover: [number, number][] = Array.from({ length: 30 }, (_, i) => [
      i * 20,
      i % 3 === 2 ? 990 : 1010,
    ]);
    await post(evaluate, s, hover);
    expect(await history(s)).toEqual([]);
    // Triggered, then hovering between 940 and 990 (band ends at 950): never 60 s at or below.
    await post(evaluate, s, [
      [700, 1200],
      [760, 1200],
    ]);
    const band: [number, number][] = Array.from({ length: 30 }, (_, i) => [
      800 + i * 20,
      i % 3 === 2 ? 990 : 940,
    ]);
    await post(evaluate, s, band);
    expect((await history(s)).map((h) => h.kind)).toEqual(['trigger']);
    expect((await desired(p)).mode).toBe('auto');
  });

  it('arbitrates boost over auto across two sensors on one purifier, then restores', async () => {
    const p = await purifier('silence');
    const kitchen = await sensor([p]);
    const office = await sensor([p]);
    await rule(kitchen, { mode: 'auto', confirmS: 0 });
    await rule(office, { mode: 'boost', confirmS: 0, measure: 'co2', threshold: 1500 });
    const evaluate = createEvaluateAlertRulesTask({ db: t.database.db, logger, now });

    await post(evaluate, kitchen, [[0, 1100]]);
    expect((await desired(p)).mode).toBe('auto');
    await post(evaluate, office, [[5, 1600]]);
    expect((await desired(p)).mode).toBe('boost');
    await post(evaluate, kitchen, [[10, 900]]); // auto stops: boost still holds
    expect((await desired(p)).mode).toBe('boost');
    await post(evaluate, kitchen, [[15, 1100]]); // auto again: boost is stronger
    expect((await desired(p)).mode).toBe('boost');
    await post(evaluate, office, [[20, 1000]]); // boost stops: auto holds
    expect((await desired(p)).mode).toBe('auto');
    await post(evaluate, kitchen, [[25, 800]]);
    expect(await desired(p)).toMatchObject({ mode: 'silence', source: 'user', base: null });
  });

  it('arbitrates two rules of one sensor and ignores a disabled rule', async () => {
    const p = await purifier('off');
    const s = await sensor([p]);
    await rule(s, { mode: 'auto', confirmS: 0, threshold: 800 });
    await rule(s, { mode: 'boost', confirmS: 0, threshold: 1200 });
    await rule(s, { mode: 'boost', confirmS: 0, threshold: 500, enabled: false });
    const evaluate = createEvaluateAlertRulesTask({ db: t.database.db, logger, now });
    await post(evaluate, s, [[0, 900]]);
    expect((await desired(p)).mode).toBe('auto'); // the disabled boost at 500 does nothing
    await post(evaluate, s, [[10, 1300]]);
    expect((await desired(p)).mode).toBe('boost');
    expect((await history(s)).map((h) => `${h.kind} ${h.mode}`)).toEqual([
      'trigger auto',
      'trigger boost',
    ]);
  });

  it('restores the scheduled mode, including a slot that started while the rule held', async () => {
    const schedule: Schedule = {
      days: Array.from({ length: 7 }, () => [
        { start: '00:00', mode: 'silence' as PurifierMode },
        { start: '11:00', mode: 'off' as PurifierMode },
      ]),
    };
    const p = await purifier('silence', 'schedule', schedule);
    const s = await sensor([p]);
    await rule(s, { confirmS: 0, mode: 'boost' });
    const evaluate = createEvaluateAlertRulesTask({ db: t.database.db, logger, now });
    await post(evaluate, s, [[0, 1300]]);
    expect(await desired(p)).toMatchObject({
      mode: 'boost',
      base: { mode: 'silence', source: 'schedule' },
    });

    // 11:00 in Paris while the rule holds: the slot changes what is restored, not the mode.
    const applySchedule = createApplyScheduleTask({
      db: t.database.db,
      logger,
      clock: { now: () => new Date('2026-03-02T10:00:20.000Z') },
    });
    await applySchedule();
    expect(await desired(p)).toMatchObject({
      mode: 'boost',
      source: 'rule',
      base: { mode: 'off', source: 'schedule' },
    });

    await post(evaluate, s, [[3700, 700]]);
    expect(await desired(p)).toMatchObject({ mode: 'off', source: 'schedule', base: null });
  });

  it('catches up in order after downtime: a late job judges every pending sample once', async () => {
    const p = await purifier('silence');
    const s = await sensor([p]);
    await rule(s, { confirmS: 60 });
    const evaluate = createEvaluateAlertRulesTask({ db: t.database.db, logger, now });
    // Three flushes stored while no worker ran.
    const jobs = [
      await store(s, [
        [0, 1100],
        [30, 1100],
      ]),
      await store(s, [
        [60, 1100],
        [90, 900],
      ]),
      await store(s, [
        [120, 900],
        [150, 900],
      ]),
    ];
    // The worker comes back: the last job arrives first.
    await evaluate(jobs[2]!);
    expect(await history(s)).toEqual([
      { kind: 'trigger', at: at(60).toISOString(), value: 1100, mode: 'auto' },
      { kind: 'stop', at: at(150).toISOString(), value: 900, mode: 'auto' },
    ]);
    // The earlier (and repeated) jobs find nothing left to judge.
    await evaluate(jobs[0]!);
    await evaluate(jobs[1]!);
    await evaluate(jobs[2]!);
    expect(await history(s)).toHaveLength(2);
    expect((await desired(p)).mode).toBe('silence');
  });

  it('two workers on the same sensor at once never judge a sample twice', async () => {
    const p = await purifier('silence');
    const s = await sensor([p]);
    await rule(s, { confirmS: 0 });
    const a = createEvaluateAlertRulesTask({ db: t.database.db, logger, now });
    const b = createEvaluateAlertRulesTask({ db: t.database.db, logger, now });
    const job = await store(s, [
      [0, 1100],
      [10, 900],
      [20, 1100],
    ]);
    const [ra, rb] = await Promise.all([a(job), b(job), a(job)]);
    expect((await history(s)).map((h) => h.kind)).toEqual(['trigger', 'stop', 'trigger']);
    expect(ra!.samples + rb!.samples).toBeLessThanOrEqual(3);
    // One flush judged in one transaction: the purifier gets the outcome, once.
    expect(await desired(p)).toMatchObject({ mode: 'auto', source: 'rule', version: 2 });
  });

  it('ignores imported rows, even when a later job or the sweep runs', async () => {
    const p = await purifier('silence');
    const s = await sensor([p]);
    await rule(s, { confirmS: 0 });
    const evaluate = createEvaluateAlertRulesTask({ db: t.database.db, logger, now });
    const sweep = createAlertRulesSweepTask({ db: t.database.db, logger, now });
    await store(
      s,
      [
        [0, 5000],
        [10, 5000],
      ],
      true,
    );
    await sweep();
    await post(evaluate, s, [[20, 800]]);
    expect(await history(s)).toEqual([]);
    expect((await desired(p)).mode).toBe('silence');
  });

  it('the sweep evaluates samples whose job was lost', async () => {
    const p = await purifier('silence');
    const s = await sensor([p]);
    await rule(s, { confirmS: 0 });
    await store(s, [[0, 1500]]); // its job never ran
    const result = await createAlertRulesSweepTask({ db: t.database.db, logger, now })();
    expect(result.triggers).toBeGreaterThanOrEqual(1);
    expect((await history(s)).map((h) => h.kind)).toEqual(['trigger']);
    expect((await desired(p)).mode).toBe('auto');
  });

  it('the sweep gives back a purifier whose sensor was unlinked while its rule held it', async () => {
    const p = await purifier('silence');
    const s = await sensor([p]);
    await rule(s, { confirmS: 0 });
    const evaluate = createEvaluateAlertRulesTask({ db: t.database.db, logger, now });
    await post(evaluate, s, [[0, 1500]]);
    expect((await desired(p)).mode).toBe('auto');
    await t.database.db.delete(sensorPurifiers).where(eq(sensorPurifiers.sensorId, s));
    await createAlertRulesSweepTask({ db: t.database.db, logger, now })();
    expect(await desired(p)).toMatchObject({ mode: 'silence', source: 'user', base: null });
  });

  it('judges only samples after the rule was created', async () => {
    const p = await purifier('silence');
    const s = await sensor([p]);
    await store(s, [[0, 2000]]); // before the rule
    const ruleId = await rule(s, { confirmS: 0 });
    const evaluate = createEvaluateAlertRulesTask({ db: t.database.db, logger, now });
    await post(evaluate, s, [[10, 900]]);
    expect(await history(s)).toEqual([]);
    const [row] = await t.database.db.select().from(alertRules).where(eq(alertRules.id, ruleId));
    expect(row!.enabled).toBe(true);
  });
});
