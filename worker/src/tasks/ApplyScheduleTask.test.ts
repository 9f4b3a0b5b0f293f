import type { Queue, Worker } from 'bullmq';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurifierMode, Schedule } from '@aircloud/shared/purifiers';
import { purifiers, users } from '@aircloud/core/db/schema';
import {
  createQueue,
  createRedisConnection,
  createWorker,
  QUEUES,
  type JobData,
} from '@aircloud/core/queues';
import { insertPurifier, insertStranger, useOwnerDatabase } from '../../test/fixtures.ts';
import { deleteRedisPrefix, memoryLogger, testRedisPrefix, waitFor } from '../../test/harness.ts';
import { createApplyScheduleTask, type ApplyScheduleResult } from './ApplyScheduleTask.ts';

const t = useOwnerDatabase();
const { logger } = memoryLogger();

function fakeClock(iso: string) {
  let now = new Date(iso).getTime();
  return {
    now: () => new Date(now),
    set: (value: string) => void (now = new Date(value).getTime()),
    tick: (ms: number) => void (now += ms),
  };
}

function everyDay(slots: { start: string; mode: PurifierMode }[]): Schedule {
  return { days: Array.from({ length: 7 }, () => slots) };
}

/** A purifier (with its key) owned by the test user, whose desired state was set at `setAt`. */
async function purifierWith(
  schedule: Schedule | null,
  options: { setAt?: string; timezone?: string; owned?: boolean; setBy?: string | null } = {},
) {
  return insertPurifier(t.database, {
    model: 'HEPA_COCOON',
    userId: options.owned === false ? null : t.ownerId,
    ...(options.setBy !== undefined ? { scheduleSetBy: options.setBy } : {}),
    name: 'Test',
    timezone: options.timezone ?? 'Europe/Paris',
    desired: {
      mode: 'auto',
      trh: 5,
      silent_trh: 5,
      schedule,
      version: 1,
      updated_at: options.setAt ?? '2026-01-01T00:00:00.000Z',
      source: 'user',
    },
  });
}

async function desiredOf(id: string) {
  const [row] = await t.database.db.select().from(purifiers).where(eq(purifiers.id, id));
  return { desired: row!.desired, lastSlot: row!.lastScheduleSlotAt };
}

describe('ApplyScheduleTask against PostgreSQL', () => {
  it('applies a slot once: same-minute, later and concurrent duplicate runs change nothing', async () => {
    const id = await purifierWith(everyDay([{ start: '08:00', mode: 'boost' }]));
    const clock = fakeClock('2026-06-08T06:00:00.300Z'); // Monday 08:00 in Paris (CEST)
    const run = createApplyScheduleTask({ db: t.database.db, logger, clock });

    const first = await run();
    expect(first.applied).toBeGreaterThanOrEqual(1);
    const after = await desiredOf(id);
    expect(after.desired).toMatchObject({ mode: 'boost', version: 2, source: 'schedule' });
    expect(after.desired.updated_at).toBe('2026-06-08T06:00:00.300Z');
    expect(after.lastSlot?.toISOString()).toBe('2026-06-08T06:00:00.000Z');

    await run();
    clock.tick(60_000);
    await run();
    clock.tick(3 * 60_000);
    await run();
    expect((await desiredOf(id)).desired.version).toBe(2);

    // Two workers running the same minute at once: exactly one applies the next day's slot.
    clock.set('2026-06-09T06:00:01Z');
    await Promise.all([run(), run(), run()]);
    expect((await desiredOf(id)).desired).toMatchObject({ mode: 'boost', version: 3 });
  });

  it('does not override a manual change made after the slot started; the next slot applies', async () => {
    const id = await purifierWith(
      everyDay([
        { start: '08:00', mode: 'boost' },
        { start: '09:00', mode: 'silence' },
      ]),
    );
    // The user switched the purifier off 10 s after the 08:00 slot began, before the run.
    await t.database.db
      .update(purifiers)
      .set({
        desired: {
          mode: 'off',
          trh: 5,
          silent_trh: 5,
          schedule: (await desiredOf(id)).desired.schedule,
          version: 2,
          updated_at: '2026-06-10T06:00:10.000Z',
          source: 'user',
        },
      })
      .where(eq(purifiers.id, id));
    const clock = fakeClock('2026-06-10T06:00:30Z');
    const run = createApplyScheduleTask({ db: t.database.db, logger, clock });
    await run();
    const held = await desiredOf(id);
    expect(held.desired).toMatchObject({ mode: 'off', version: 2, source: 'user' });
    expect(held.lastSlot?.toISOString()).toBe('2026-06-10T06:00:00.000Z');
    clock.tick(2 * 60_000);
    await run();
    expect((await desiredOf(id)).desired.mode).toBe('off');

    clock.set('2026-06-10T07:00:00.500Z');
    await run();
    expect((await desiredOf(id)).desired).toMatchObject({
      mode: 'silence',
      version: 3,
      source: 'schedule',
    });
  });

  it("uses each purifier's time zone and skips purifiers owned by nobody", async () => {
    const schedule = everyDay([{ start: '08:00', mode: 'boost' }]);
    const paris = await purifierWith(schedule);
    const newYork = await purifierWith(schedule, { timezone: 'America/New_York' });
    const orphan = await purifierWith(schedule, { owned: false });
    const clock = fakeClock('2026-06-11T06:00:05Z'); // 08:00 Paris, 02:00 New York
    const run = createApplyScheduleTask({ db: t.database.db, logger, clock });
    await run();
    expect((await desiredOf(paris)).desired.mode).toBe('boost');
    expect((await desiredOf(newYork)).desired.mode).toBe('auto');
    clock.set('2026-06-11T12:00:05Z'); // 08:00 in New York (EDT)
    await run();
    expect((await desiredOf(newYork)).desired.mode).toBe('boost');
    expect((await desiredOf(orphan)).desired.mode).toBe('auto');
  });

  it('runs a plan only while whoever set it controls the purifier, asked as it runs', async () => {
    const schedule = everyDay([{ start: '08:00', mode: 'boost' }]);
    const strangerId = await insertStranger(t.database);
    const byStranger = await purifierWith(schedule, { setBy: strangerId });
    const byNobody = await purifierWith(schedule, { setBy: null });
    const byOwner = await purifierWith(schedule);
    const clock = fakeClock('2026-06-12T06:00:05Z'); // Friday 08:00 in Paris
    const run = createApplyScheduleTask({ db: t.database.db, logger, clock });
    await run();
    expect((await desiredOf(byStranger)).desired.mode).toBe('auto');
    expect((await desiredOf(byNobody)).desired.mode).toBe('auto');
    expect((await desiredOf(byOwner)).desired.mode).toBe('boost');

    // The owner's account disabled: their own plan stops too.
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.id, t.ownerId));
    const later = await purifierWith(everyDay([{ start: '09:00', mode: 'silence' }]));
    clock.set('2026-06-12T07:00:05Z');
    await run();
    await t.database.db.update(users).set({ enabled: true }).where(eq(users.id, t.ownerId));
    expect((await desiredOf(later)).desired.mode).toBe('auto');
  });

  it('across the 2026 DST changes, run every minute, each slot applies exactly once', async () => {
    const spring = await purifierWith(everyDay([{ start: '02:30', mode: 'boost' }]), {
      setAt: '2026-03-01T00:00:00Z',
    });
    const clock = fakeClock('2026-03-28T23:00:00Z');
    const run = createApplyScheduleTask({ db: t.database.db, logger, clock });
    for (let i = 0; i < 4 * 60; i += 1) {
      clock.tick(60_000);
      await run();
    }
    const afterSpring = await desiredOf(spring);
    expect(afterSpring.desired).toMatchObject({ mode: 'boost', version: 2, source: 'schedule' });
    expect(afterSpring.lastSlot?.toISOString()).toBe('2026-03-29T01:00:00.000Z'); // 03:00 local

    const autumn = await purifierWith(everyDay([{ start: '02:30', mode: 'silence' }]), {
      setAt: '2026-10-01T00:00:00Z',
    });
    clock.set('2026-10-24T23:00:00Z');
    for (let i = 0; i < 4 * 60; i += 1) {
      clock.tick(60_000);
      await run();
    }
    const afterAutumn = await desiredOf(autumn);
    expect(afterAutumn.desired).toMatchObject({ mode: 'silence', version: 2 });
    expect(afterAutumn.lastSlot?.toISOString()).toBe('2026-10-25T00:30:00.000Z'); // first 02:30
  });
});

describe('ApplyScheduleTask through BullMQ', () => {
  let redis: Redis;
  let prefix: string;
  let queue: Queue<JobData['schedule']>;
  let worker: Worker<JobData['schedule']>;

  beforeAll(async () => {
    redis = createRedisConnection(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    prefix = testRedisPrefix();
    queue = createQueue(QUEUES.schedule, redis, prefix);
  });
  afterAll(async () => {
    await worker?.close();
    await queue?.close();
    if (redis) {
      await deleteRedisPrefix(redis, prefix);
      await redis.quit();
    }
  });

  it('runs as a job of the schedule queue and reports what it did', async () => {
    const id = await purifierWith(everyDay([{ start: '10:15', mode: 'boost' }]));
    const clock = { now: () => new Date('2026-06-12T08:15:02Z') };
    worker = createWorker(
      QUEUES.schedule,
      createApplyScheduleTask({ db: t.database.db, logger, clock }),
      {
        connection: redis,
        redisPrefix: prefix,
        logger,
        concurrency: 1,
      },
    );
    const job = await queue.add('apply-schedule', { trigger: 'start' });
    const result = await waitFor(async () => {
      const state = await job.getState();
      return state === 'completed'
        ? ((await queue.getJob(job.id!))?.returnvalue as ApplyScheduleResult)
        : null;
    });
    expect(result.applied).toBeGreaterThanOrEqual(1);
    expect((await desiredOf(id)).desired).toMatchObject({ mode: 'boost', source: 'schedule' });
  });
});
