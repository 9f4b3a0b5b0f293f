import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultPreferences, type NotificationPreferences } from '@aircloud/shared/notifications';
import {
  maintenanceEvents,
  notificationPreferences,
  purifierAirVerdicts,
  purifierLevelHistory,
  notifications,
  purifiers,
  sensorPurifiers,
  sensors,
} from '@aircloud/core/db/schema';
import { insertRule } from '@aircloud/core/alert-rules/repository';
import type { RealtimeServer } from '@aircloud/core/realtime/emitter';
import { fullMaintenanceLevels } from '@aircloud/shared/purifiers';
import { insertPurifier, insertStranger, useOwnerDatabase } from '../../test/fixtures.ts';
import { memoryLogger } from '../../test/harness.ts';
import { createEvaluateAlertRulesTask } from './EvaluateAlertRulesTask.ts';
import { createDeviceWatchTask } from './DeviceWatchTask.ts';
import { refreshWearPaces } from '@aircloud/core/effectiveness/forecast';

const t = useOwnerDatabase();
let batch = 7_000_000;
const { logger } = memoryLogger();
const T0 = Date.parse('2026-03-02T09:00:00.000Z');
const at = (s: number) => new Date(T0 + s * 1000);

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

/** A user of their own (fresh preferences, fresh throttles) with `prefs` saved when given. */
async function user(prefs?: Partial<NotificationPreferences>) {
  const id = await insertStranger(t.database);
  if (prefs)
    await t.database.db
      .insert(notificationPreferences)
      .values({ userId: id, preferences: { ...defaultPreferences(), ...prefs } });
  return id;
}

async function sensorOf(userId: string, purifierIds: string[] = []) {
  const id = randomUUID();
  await t.database.db.insert(sensors).values({
    id,
    serialNumber: `NOTIFY-${id}`,
    userId,
    name: `Room ${id.slice(0, 4)}`,
    deviceSecretHash: 'x',
  });
  for (const purifierId of purifierIds)
    await t.database.db
      .insert(sensorPurifiers)
      .values({ sensorId: id, purifierId, linkedBy: userId });
  return id;
}

async function ruleOn(sensorId: string, createdBy: string, confirmS = 0) {
  const row = await insertRule(t.database.db, {
    id: randomUUID(),
    sensorId,
    measure: 'co2',
    threshold: 1000,
    hysteresis: 50,
    mode: 'boost',
    confirmS,
    createdBy,
  });
  return row.id;
}

async function post(
  evaluate: ReturnType<typeof createEvaluateAlertRulesTask>,
  sensorId: string,
  samples: [number, number][],
) {
  const batchId = batch++;
  for (const [s, co2] of samples)
    await t.database.db.execute(sql`INSERT INTO sensor_measures (sensor_id, ts, co2, batch_id)
      VALUES (${sensorId}, ${at(s)}, ${co2}, ${batchId})`);
  return evaluate({
    data: {
      batchId,
      sensorIds: [sensorId],
      from: at(samples[0]![0]).toISOString(),
      to: at(samples.at(-1)![0]).toISOString(),
    },
  });
}

async function rowsOf(userId: string) {
  return t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt, notifications.id);
}

/** 10:00 in Paris on the day of the samples (outside quiet hours 22:00–07:00). */
const noon = () => new Date('2026-03-02T09:00:00.000Z');

describe('alert rule notifications', () => {
  it('records a trigger and a stop with measure, value, threshold, mode and purifiers, announced live', async () => {
    const owner = await user();
    const p = await insertPurifier(t.database, {
      model: 'HEPA_DOME_WHITE',
      userId: owner,
      name: 'Office purifier',
      desired: {
        mode: 'silence',
        trh: 5,
        silent_trh: 5,
        schedule: null,
        version: 1,
        updated_at: '2026-03-01T00:00:00.000Z',
        source: 'user',
      },
    });
    const s = await sensorOf(owner, [p]);
    const rule = await ruleOn(s, owner);
    const { io, emitted } = recordingIo();
    const evaluate = createEvaluateAlertRulesTask({ db: t.database.db, logger, io, now: noon });
    await post(evaluate, s, [[10, 1200]]);
    let rows = await rowsOf(owner);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'alert_triggered',
      machineKind: 'sensor',
      machineId: s,
      inApp: true,
      channels: ['email'],
      payload: {
        rule_ulid: rule,
        measure: 'co2',
        value: 1200,
        threshold: 1000,
        mode: 'boost',
        purifiers: [{ ulid: p, name: 'Office purifier' }],
      },
    });
    expect(emitted).toContainEqual({
      room: `user:${owner}`,
      event: 'notification:created',
      payload: expect.objectContaining({
        unread: 1,
        notification: expect.objectContaining({ id: rows[0]!.id, type: 'alert_triggered' }),
      }),
    });
    // The stop comes 20 minutes later (past the 15-minute flapping interval).
    await post(evaluate, s, [[1210, 900]]);
    rows = await rowsOf(owner);
    expect(rows.map((r) => r.type)).toEqual(['alert_triggered', 'alert_stopped']);
    expect(rows[1]!.payload).toMatchObject({ value: 900, mode: 'boost' });
    // alert_stopped mails are off by default.
    expect(rows[1]!.channels).toEqual([]);
  });

  it('holds back a flapping rule: one per interval, the rest counted into the next', async () => {
    const owner = await user({ flap_interval_min: 10 });
    const s = await sensorOf(owner);
    await ruleOn(s, owner);
    const evaluate = createEvaluateAlertRulesTask({ db: t.database.db, logger, now: noon });
    // Trigger, stop, trigger, stop within 4 minutes: only the first is told.
    await post(evaluate, s, [
      [0, 1200],
      [60, 900],
      [120, 1200],
      [180, 900],
    ]);
    expect((await rowsOf(owner)).map((r) => r.type)).toEqual(['alert_triggered']);
    // 11 minutes after the first: told, with the three held back since the second.
    await post(evaluate, s, [[660, 1300]]);
    const rows = await rowsOf(owner);
    expect(rows.map((r) => r.type)).toEqual(['alert_triggered', 'alert_triggered']);
    expect(rows[1]!.payload.suppressed).toEqual({ count: 3, since: at(60).toISOString() });
  });

  it('defers e-mail inside quiet hours to their end, in the user time zone (in-app at once)', async () => {
    const owner = await user({
      quiet_hours: { start: '22:00', end: '07:00' },
      time_zone: 'Asia/Tokyo',
    });
    const s = await sensorOf(owner);
    await ruleOn(s, owner);
    // 09:00 UTC is 18:00 in Tokyo: outside. 14:00 UTC is 23:00 in Tokyo: inside.
    const late = () => new Date('2026-03-02T14:00:00.000Z');
    await post(createEvaluateAlertRulesTask({ db: t.database.db, logger, now: noon }), s, [
      [0, 1200],
    ]);
    await post(createEvaluateAlertRulesTask({ db: t.database.db, logger, now: late }), s, [
      [1000, 900],
      [2000, 1200],
    ]);
    const rows = await rowsOf(owner);
    // The stop has no e-mail by default; the trigger's mail waits for 07:00 in Tokyo (22:00 UTC).
    expect(rows.map((r) => [r.type, r.inApp, r.channels, r.deliverAfter])).toEqual([
      ['alert_triggered', true, ['email'], null],
      ['alert_stopped', true, [], null],
      ['alert_triggered', true, ['email'], new Date('2026-03-02T22:00:00.000Z')],
    ]);
  });

  it('follows the preferences per type: nothing when every channel is off, mail only without in-app', async () => {
    const owner = await user({
      channels: {
        ...defaultPreferences().channels,
        alert_triggered: { in_app: false, email: true, push: false, webhook: false },
        alert_stopped: { in_app: false, email: false, push: false, webhook: false },
      },
      flap_interval_min: 0,
    });
    const s = await sensorOf(owner);
    await ruleOn(s, owner);
    const evaluate = createEvaluateAlertRulesTask({ db: t.database.db, logger, now: noon });
    await post(evaluate, s, [
      [0, 1200],
      [60, 900],
    ]);
    const rows = await rowsOf(owner);
    expect(rows.map((r) => [r.type, r.inApp, r.channels])).toEqual([
      ['alert_triggered', false, ['email']],
    ]);
  });
});

describe('device and maintenance notifications (device watch)', () => {
  function clockAt(iso: string) {
    let now = new Date(iso).getTime();
    return { now: () => new Date(now), tick: (ms: number) => void (now += ms) };
  }

  it('tells each user once a device is silent past their delay, then once it is back', async () => {
    const owner = await user({ offline_delay_min: 30 });
    const s = await sensorOf(owner);
    const seen = new Date('2026-11-20T10:00:00Z');
    await t.database.db
      .update(sensors)
      .set({ lastSeenAt: seen, wifiState: 'connected', reportingIntervalS: 60 })
      .where(eq(sensors.id, s));
    const clock = clockAt('2026-11-20T10:10:00Z');
    const { io, emitted } = recordingIo();
    const watch = createDeviceWatchTask({ db: t.database.db, logger, io, clock });
    expect((await watch()).sensors).toBe(1); // disconnected after 3 minutes, not yet told
    expect(await rowsOf(owner)).toEqual([]);
    clock.tick(21 * 60_000); // 31 minutes of silence
    expect((await watch()).notifications).toBe(1);
    expect((await watch()).notifications).toBe(0); // told once
    let rows = await rowsOf(owner);
    expect(rows[0]).toMatchObject({
      type: 'device_offline',
      machineId: s,
      payload: { last_seen_at: seen.toISOString() },
      channels: ['email'],
    });
    expect(emitted.map((e) => e.event)).toContain('notification:created');

    // Heard from again (the telemetry path marks it connected).
    await t.database.db
      .update(sensors)
      .set({ lastSeenAt: clock.now(), wifiState: 'connected' })
      .where(eq(sensors.id, s));
    expect((await watch()).notifications).toBe(1);
    expect((await watch()).notifications).toBe(0);
    rows = await rowsOf(owner);
    expect(rows.map((r) => r.type)).toEqual(['device_offline', 'device_online']);
    expect(rows[1]!.payload).toMatchObject({ offline_since: seen.toISOString() });
  });

  it('does not tell a user whose delay has not passed, nor a sensor nobody owns', async () => {
    const patient = await user({ offline_delay_min: 120 });
    const s = await sensorOf(patient);
    await t.database.db
      .update(sensors)
      .set({ lastSeenAt: new Date('2026-11-20T10:00:00Z'), wifiState: 'disconnected' })
      .where(eq(sensors.id, s));
    const watch = createDeviceWatchTask({
      db: t.database.db,
      logger,
      clock: clockAt('2026-11-20T11:00:00Z'),
    });
    await watch();
    expect(await rowsOf(patient)).toEqual([]);
  });

  it('tells once per consumable life when a level falls under the chosen percentage', async () => {
    const owner = await user({ maintenance_percent: 20 });
    const p = await insertPurifier(t.database, {
      model: 'HEPA_DOME_WHITE',
      userId: owner,
      name: 'Hall',
      desired: {
        mode: 'auto',
        trh: 5,
        silent_trh: 5,
        schedule: null,
        version: 1,
        updated_at: '2026-03-01T00:00:00.000Z',
        source: 'user',
      },
    });
    await t.database.db
      .update(purifiers)
      .set({ maintenanceLevels: { ...fullMaintenanceLevels(), filters: 15, prefilter: 25 } })
      .where(eq(purifiers.id, p));
    const watch = createDeviceWatchTask({
      db: t.database.db,
      logger,
      clock: clockAt('2026-11-20T10:00:00Z'),
    });
    await watch();
    await watch();
    let rows = await rowsOf(owner);
    expect(rows.map((r) => [r.type, r.payload.level, r.payload.percent])).toEqual([
      ['maintenance_due', 'filters', 15],
    ]);
    // Replaced, then worn out again: a new life, told again.
    await t.database.db.insert(maintenanceEvents).values({
      id: randomUUID(),
      purifierId: p,
      type: 'filters',
      occurredAt: new Date('2026-11-21T10:00:00Z'),
    });
    await watch();
    rows = await rowsOf(owner);
    expect(rows.filter((r) => r.payload.level === 'filters')).toHaveLength(2);
    const keys = await t.database.db
      .select({ key: notifications.dedupeKey })
      .from(notifications)
      .where(and(eq(notifications.userId, owner), eq(notifications.type, 'maintenance_due')));
    expect(new Set(keys.map((k) => k.key)).size).toBe(2);
  });

  const desired = {
    mode: 'auto' as const,
    trh: 5,
    silent_trh: 5,
    schedule: null,
    version: 1,
    updated_at: '2026-03-01T00:00:00.000Z',
    source: 'user' as const,
  };

  it('tells once, the chosen days before, when a consumable will be due at its pace', async () => {
    const owner = await user({ maintenance_percent: 10, maintenance_days_before: 14 });
    const p = await insertPurifier(t.database, {
      model: 'HEPA_DOME_WHITE',
      userId: owner,
      name: 'Lobby',
      desired,
    });
    // Filters lose 2 points a day: at 40 % they are due (10 %) in 15 days, then in 13.
    const day = (d: number) => new Date(Date.parse('2026-11-01T12:00:00Z') + d * 86_400_000);
    const levels = (filters: number) => ({ ...fullMaintenanceLevels(), filters });
    await t.database.db.insert(purifierLevelHistory).values(
      Array.from({ length: 10 }, (_, d) => ({
        purifierId: p,
        day: day(d).toISOString().slice(0, 10),
        levels: levels(58 - 2 * d),
        at: day(d),
      })),
    );
    await t.database.db
      .update(purifiers)
      .set({ maintenanceLevels: levels(40) })
      .where(eq(purifiers.id, p));
    const watchAt = (d: number) =>
      createDeviceWatchTask({ db: t.database.db, logger, clock: { now: () => day(d) } });
    expect(await refreshWearPaces(t.database.db, day(9))).toBeGreaterThanOrEqual(1);
    await watchAt(9)();
    expect((await rowsOf(owner)).filter((r) => r.type === 'maintenance_soon')).toEqual([]);
    // Two days later the pace puts it 13 days away: told, once.
    await t.database.db
      .update(purifiers)
      .set({ maintenanceLevels: levels(36) })
      .where(eq(purifiers.id, p));
    await watchAt(11)();
    await watchAt(11)();
    const soon = (await rowsOf(owner)).filter((r) => r.type === 'maintenance_soon');
    expect(soon).toHaveLength(1);
    expect(soon[0]!.payload).toMatchObject({ level: 'filters', percent: 36 });
    expect(Date.parse(soon[0]!.payload.due_at!)).toBeCloseTo(day(24).getTime(), -8);
  });

  it('tells once when a purifier has been measured below its TRH for a week', async () => {
    const owner = await user();
    const p = await insertPurifier(t.database, {
      model: 'HEPA_DOME_WHITE',
      userId: owner,
      name: 'Class 2B',
      desired,
    });
    await sensorOf(owner, [p]);
    const since = new Date('2026-11-10T08:00:00Z');
    await t.database.db.insert(purifierAirVerdicts).values({
      purifierId: p,
      verdict: 'below',
      ach: 2.3,
      targetAch: 5,
      belowSince: since,
    });
    const watchAt = (iso: string) =>
      createDeviceWatchTask({ db: t.database.db, logger, clock: { now: () => new Date(iso) } });
    await watchAt('2026-11-16T08:00:00Z')();
    expect((await rowsOf(owner)).filter((r) => r.type === 'air_changes_below')).toEqual([]);
    await watchAt('2026-11-17T08:00:01Z')();
    await watchAt('2026-11-17T09:00:00Z')();
    const below = (await rowsOf(owner)).filter((r) => r.type === 'air_changes_below');
    expect(below).toHaveLength(1);
    expect(below[0]!.payload).toMatchObject({
      machine_name: 'Class 2B',
      ach: 2.3,
      target_ach: 5,
      below_since: since.toISOString(),
    });
  });
});
