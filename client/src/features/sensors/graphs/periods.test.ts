import { describe, expect, it } from 'vitest';
import {
  calendarPeriod,
  exportDays,
  exportPeriodError,
  parisInstant,
  stepAnchor,
} from './periods.ts';

const iso = (d: Date) => d.toISOString();

describe('graph periods (Europe/Paris)', () => {
  it('a day runs from Paris midnight to Paris midnight, 25 hours on 25/10/2026', () => {
    const day = calendarPeriod('day', { date: '2026-10-25', hour: 0 });
    expect(iso(day.from)).toBe('2026-10-24T22:00:00.000Z');
    expect(iso(day.to)).toBe('2026-10-25T23:00:00.000Z');
    expect((day.to.getTime() - day.from.getTime()) / 3600_000).toBe(25);
  });

  it('a week starts on Monday', () => {
    // Saturday 21/11/2026 is in the week of Monday 16/11.
    const week = calendarPeriod('week', { date: '2026-11-21', hour: 0 });
    expect(iso(week.from)).toBe('2026-11-15T23:00:00.000Z');
    expect(iso(week.to)).toBe('2026-11-22T23:00:00.000Z');
  });

  it('steps hours, days and months', () => {
    expect(stepAnchor('hour', { date: '2026-11-21', hour: 0 }, -1)).toEqual({
      date: '2026-11-20',
      hour: 23,
    });
    expect(stepAnchor('day', { date: '2026-03-01', hour: 5 }, -1)).toEqual({
      date: '2026-02-28',
      hour: 5,
    });
    expect(stepAnchor('month', { date: '2026-01-31', hour: 0 }, 1).date).toBe('2026-02-28');
  });
});

describe('export period', () => {
  it('accepts a week and a whole month, refuses more with export_period_too_long', () => {
    const week = exportDays('2026-11-14', '2026-11-20')!;
    expect(exportPeriodError(week.from, week.to)).toBeNull();
    const october = exportDays('2026-10-01', '2026-10-31')!;
    expect(exportPeriodError(october.from, october.to)).toBeNull();
    const tooLong = exportDays('2026-10-01', '2026-11-01')!;
    expect(exportPeriodError(tooLong.from, tooLong.to)).toBe('errors.export_period_too_long');
  });

  it('refuses an end before the start, and a date that is not one', () => {
    const backwards = exportDays('2026-11-20', '2026-11-10')!;
    expect(exportPeriodError(backwards.from, backwards.to)).toBe('validation.date_range');
    expect(exportDays('20/11/2026', '2026-11-21')).toBeNull();
    expect(exportPeriodError(null, null)).toBe('validation.date');
  });

  it('reads a Paris date and time as an instant', () => {
    expect(iso(parisInstant('2026-07-01', '08:30')!)).toBe('2026-07-01T06:30:00.000Z');
    expect(parisInstant('2026-07-01', '8h')).toBeNull();
  });
});
