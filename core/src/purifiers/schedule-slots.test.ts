import { describe, expect, it } from 'vitest';
import type { PurifierMode, Schedule } from '@aircloud/shared/purifiers';
import { scheduleSchema } from '@aircloud/shared/purifiers';
import {
  dueSlot,
  isoLocalDate,
  localDateOf,
  localTimeToInstant,
  mondayFirstWeekday,
  slotsBetween,
  zoneOffsetMinutes,
  type Clock,
} from './schedule-slots.ts';

const PARIS = 'Europe/Paris';
const MINUTE = 60_000;

/** A plan with the same slots every day. */
function everyDay(slots: { start: string; mode: PurifierMode }[]): Schedule {
  return { days: Array.from({ length: 7 }, () => slots) };
}

/** A fake clock the test moves by hand. */
function fakeClock(start: string): Clock & { tick(ms: number): void } {
  let now = new Date(start).getTime();
  return { now: () => new Date(now), tick: (ms) => void (now += ms) };
}

/**
 * Runs the way the worker does, once a minute: each run applies the slot due in the window since
 * the last applied slot (at most `lookback` back). Returns every firing.
 */
function simulateMinutes(
  schedule: Schedule,
  clock: ReturnType<typeof fakeClock>,
  minutes: number,
  lookback = 5 * MINUTE,
) {
  const fired: { at: string; mode: string; ranAt: string }[] = [];
  let lastApplied: Date | null = null;
  for (let i = 0; i < minutes; i += 1) {
    clock.tick(MINUTE);
    const now = clock.now();
    const windowStart = new Date(now.getTime() - lookback);
    const from = lastApplied && lastApplied > windowStart ? lastApplied : windowStart;
    const slot = dueSlot(schedule, PARIS, from, now);
    if (slot) {
      lastApplied = slot.at;
      fired.push({ at: slot.at.toISOString(), mode: slot.mode, ranAt: now.toISOString() });
    }
  }
  return fired;
}

describe('localTimeToInstant in Europe/Paris', () => {
  it('uses the winter and summer offsets', () => {
    expect(
      localTimeToInstant({ year: 2026, month: 1, day: 15 }, '08:00', PARIS).toISOString(),
    ).toBe('2026-01-15T07:00:00.000Z');
    expect(
      localTimeToInstant({ year: 2026, month: 7, day: 15 }, '08:00', PARIS).toISOString(),
    ).toBe('2026-07-15T06:00:00.000Z');
    expect(zoneOffsetMinutes(Date.parse('2026-03-29T00:59:00Z'), PARIS)).toBe(60);
    expect(zoneOffsetMinutes(Date.parse('2026-03-29T01:00:00Z'), PARIS)).toBe(120);
  });

  it('maps a time skipped on 29 March 2026 to 03:00 local, the moment clocks jump', () => {
    expect(
      localTimeToInstant({ year: 2026, month: 3, day: 29 }, '02:30', PARIS).toISOString(),
    ).toBe('2026-03-29T01:00:00.000Z');
    expect(
      localTimeToInstant({ year: 2026, month: 3, day: 29 }, '02:00', PARIS).toISOString(),
    ).toBe('2026-03-29T01:00:00.000Z');
    expect(
      localTimeToInstant({ year: 2026, month: 3, day: 29 }, '03:00', PARIS).toISOString(),
    ).toBe('2026-03-29T01:00:00.000Z');
    expect(
      localTimeToInstant({ year: 2026, month: 3, day: 29 }, '01:59', PARIS).toISOString(),
    ).toBe('2026-03-29T00:59:00.000Z');
  });

  it('maps a time repeated on 25 October 2026 to its first occurrence', () => {
    expect(
      localTimeToInstant({ year: 2026, month: 10, day: 25 }, '02:30', PARIS).toISOString(),
    ).toBe('2026-10-25T00:30:00.000Z');
    expect(
      localTimeToInstant({ year: 2026, month: 10, day: 25 }, '03:00', PARIS).toISOString(),
    ).toBe('2026-10-25T02:00:00.000Z');
  });
});

describe('localTimeToInstant in other zones', () => {
  const at = (zone: string, date: [number, number, number], time: string) =>
    localTimeToInstant({ year: date[0], month: date[1], day: date[2] }, time, zone).toISOString();

  it('applies the same rules to half-hour offsets and half-hour changes', () => {
    // Newfoundland (UTC-3:30): 02:00–03:00 skipped on 8 March 2026, 01:00–02:00 twice on 1 November.
    expect(at('America/St_Johns', [2026, 3, 8], '02:15')).toBe('2026-03-08T05:30:00.000Z');
    expect(at('America/St_Johns', [2026, 11, 1], '01:15')).toBe('2026-11-01T03:45:00.000Z');
    // Lord Howe moves by 30 minutes: 02:00–02:30 skipped on 4 October 2026.
    expect(at('Australia/Lord_Howe', [2026, 10, 4], '02:10')).toBe('2026-10-03T15:30:00.000Z');
    // Santiago skips midnight: 00:30 on 6 September 2026 is 01:00 local.
    expect(at('America/Santiago', [2026, 9, 6], '00:30')).toBe('2026-09-06T04:00:00.000Z');
  });

  it('refuses a zone the runtime does not know', () => {
    expect(() => at('Nowhere/City', [2026, 1, 1], '08:00')).toThrow(RangeError);
    expect(() => localDateOf(new Date(), 'Nowhere/City')).toThrow(RangeError);
  });
});

describe('calendar dates in a zone', () => {
  it('turns at local midnight, whatever the UTC date', () => {
    const before = new Date('2026-03-28T22:59:59Z'); // Saturday 23:59:59 in Paris
    const after = new Date('2026-03-28T23:00:00Z'); // Sunday 00:00 in Paris
    expect(localDateOf(before, PARIS)).toEqual({ year: 2026, month: 3, day: 28 });
    expect(localDateOf(after, PARIS)).toEqual({ year: 2026, month: 3, day: 29 });
    expect(isoLocalDate(after, PARIS)).toBe('2026-03-29');
    expect(isoLocalDate(after, 'America/New_York')).toBe('2026-03-28');
  });

  it('numbers weekdays from Monday', () => {
    expect(mondayFirstWeekday({ year: 2026, month: 6, day: 8 })).toBe(0);
    expect(mondayFirstWeekday({ year: 2026, month: 6, day: 7 })).toBe(6);
    expect(mondayFirstWeekday({ year: 2024, month: 2, day: 29 })).toBe(3);
  });

  it('keeps both hours of 25 October 2026 on the same day', () => {
    expect(zoneOffsetMinutes(Date.parse('2026-10-25T00:59:59Z'), PARIS)).toBe(120);
    expect(zoneOffsetMinutes(Date.parse('2026-10-25T01:00:00Z'), PARIS)).toBe(60);
    expect(isoLocalDate(new Date('2026-10-25T01:30:00Z'), PARIS)).toBe('2026-10-25');
  });
});

describe('slotsBetween and dueSlot', () => {
  it('puts each day of the plan on its weekday, Monday first', () => {
    const schedule: Schedule = {
      days: [
        [{ start: '08:00', mode: 'auto' }], // Monday
        [],
        [],
        [],
        [],
        [],
        [{ start: '10:00', mode: 'boost' }], // Sunday
      ],
    };
    // Sunday 2026-06-07 to Monday 2026-06-08 (CEST).
    const slots = slotsBetween(
      schedule,
      PARIS,
      new Date('2026-06-07T00:00:00Z'),
      new Date('2026-06-08T23:00:00Z'),
    );
    expect(slots.map((s) => [s.at.toISOString(), s.mode, s.weekday])).toEqual([
      ['2026-06-07T08:00:00.000Z', 'boost', 6],
      ['2026-06-08T06:00:00.000Z', 'auto', 0],
    ]);
  });

  it('takes the window as (from, to]: a slot at `to` is due, one at `from` is not', () => {
    const schedule = everyDay([{ start: '08:00', mode: 'silence' }]);
    const at = new Date('2026-06-08T06:00:00Z');
    expect(dueSlot(schedule, PARIS, new Date(at.getTime() - MINUTE), at)?.mode).toBe('silence');
    expect(dueSlot(schedule, PARIS, at, new Date(at.getTime() + MINUTE))).toBeNull();
  });

  it('answers the last slot when several start in the window', () => {
    const schedule = everyDay([
      { start: '08:00', mode: 'silence' },
      { start: '08:02', mode: 'boost' },
    ]);
    expect(
      dueSlot(schedule, PARIS, new Date('2026-06-08T05:59:00Z'), new Date('2026-06-08T06:05:00Z'))
        ?.mode,
    ).toBe('boost');
  });
});

describe('a worker run every minute with a fake clock across the 2026 DST changes', () => {
  it('29 March 2026: a 02:30 slot fires once, at 03:00 local (01:00 UTC)', () => {
    const schedule = everyDay([
      { start: '01:30', mode: 'silence' },
      { start: '02:30', mode: 'boost' },
      { start: '04:00', mode: 'auto' },
    ]);
    const clock = fakeClock('2026-03-28T22:00:00Z'); // Saturday 23:00 local
    const fired = simulateMinutes(schedule, clock, 8 * 60);
    expect(fired.map((f) => [f.at, f.mode])).toEqual([
      ['2026-03-29T00:30:00.000Z', 'silence'],
      ['2026-03-29T01:00:00.000Z', 'boost'],
      ['2026-03-29T02:00:00.000Z', 'auto'],
    ]);
    expect(fired[1]!.ranAt).toBe('2026-03-29T01:00:00.000Z');
  });

  it('29 March 2026: a 02:30 and a 03:00 slot share the jump; the later one of the day wins', () => {
    const schedule = everyDay([
      { start: '02:30', mode: 'boost' },
      { start: '03:00', mode: 'off' },
    ]);
    const fired = simulateMinutes(schedule, fakeClock('2026-03-29T00:00:00Z'), 120);
    expect(fired.map((f) => [f.at, f.mode])).toEqual([['2026-03-29T01:00:00.000Z', 'off']]);
  });

  it('25 October 2026: a 02:30 slot fires once although 02:30 happens twice', () => {
    const schedule = everyDay([
      { start: '02:30', mode: 'boost' },
      { start: '05:00', mode: 'auto' },
    ]);
    const clock = fakeClock('2026-10-24T22:00:00Z'); // Sunday 00:00 local (CEST)
    const fired = simulateMinutes(schedule, clock, 6 * 60);
    expect(fired.map((f) => [f.at, f.mode])).toEqual([
      ['2026-10-25T00:30:00.000Z', 'boost'],
      ['2026-10-25T04:00:00.000Z', 'auto'],
    ]);
  });

  it('fires every slot of an ordinary week exactly once', () => {
    const schedule = everyDay([
      { start: '07:00', mode: 'auto' },
      { start: '22:30', mode: 'silence' },
    ]);
    const fired = simulateMinutes(schedule, fakeClock('2026-10-19T00:00:00Z'), 7 * 24 * 60);
    expect(fired).toHaveLength(14);
    expect(new Set(fired.map((f) => f.at)).size).toBe(14);
  });
});

describe('scheduleSchema', () => {
  const week = (day: unknown[]) => ({ days: [day, [], [], [], [], [], []] });

  it('accepts seven ordered days and refuses bad times, disorder, duplicates and a short week', () => {
    expect(scheduleSchema.safeParse(week([{ start: '08:00', mode: 'auto' }])).success).toBe(true);
    const bad = [
      week([{ start: '8:00', mode: 'auto' }]),
      week([{ start: '24:00', mode: 'auto' }]),
      week([{ start: '08:00', mode: 'turbo' }]),
      week([
        { start: '09:00', mode: 'auto' },
        { start: '08:00', mode: 'auto' },
      ]),
      week([
        { start: '08:00', mode: 'auto' },
        { start: '08:00', mode: 'boost' },
      ]),
      { days: [[], [], []] },
    ];
    for (const value of bad)
      expect(scheduleSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    const duplicate = scheduleSchema.safeParse(
      week([
        { start: '08:00', mode: 'auto' },
        { start: '08:00', mode: 'boost' },
      ]),
    );
    expect(duplicate.error?.issues[0]).toMatchObject({
      message: 'validation.schedule_order',
      path: ['days', 0, 1, 'start'],
    });
  });
});
