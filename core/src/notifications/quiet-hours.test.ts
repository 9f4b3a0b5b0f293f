import { describe, expect, it } from 'vitest';
import { deferredDelayMs, quietHoursEnd } from './quiet-hours.ts';

const NIGHT = { start: '22:00', end: '07:00' };
const at = (iso: string) => new Date(iso);

describe('quietHoursEnd', () => {
  it('is null outside the quiet hours, or without any', () => {
    expect(quietHoursEnd(NIGHT, 'Europe/Paris', at('2026-06-10T12:00:00Z'))).toBeNull();
    expect(quietHoursEnd(null, 'Europe/Paris', at('2026-06-10T23:00:00Z'))).toBeNull();
  });

  it('ends the next morning before midnight, the same morning after it (local time)', () => {
    // 23:30 and 02:00 in Paris (CEST, UTC+2): both end at 07:00 CEST, 05:00 UTC on the 11th.
    expect(quietHoursEnd(NIGHT, 'Europe/Paris', at('2026-06-10T21:30:00Z'))).toEqual(
      at('2026-06-11T05:00:00Z'),
    );
    expect(quietHoursEnd(NIGHT, 'Europe/Paris', at('2026-06-11T00:00:00Z'))).toEqual(
      at('2026-06-11T05:00:00Z'),
    );
    // A window inside one day.
    expect(
      quietHoursEnd({ start: '09:00', end: '11:00' }, 'UTC', at('2026-06-10T09:30:00Z')),
    ).toEqual(at('2026-06-10T11:00:00Z'));
  });

  it('follows the clocks over a change of time (spring and autumn nights)', () => {
    // 29 March 2026: 22:30 CET the evening before, clocks jump 02:00 -> 03:00; 07:00 CEST.
    expect(quietHoursEnd(NIGHT, 'Europe/Paris', at('2026-03-28T21:30:00Z'))).toEqual(
      at('2026-03-29T05:00:00Z'),
    );
    // 25 October 2026: clocks go back 03:00 -> 02:00; 07:00 CET is 06:00 UTC.
    expect(quietHoursEnd(NIGHT, 'Europe/Paris', at('2026-10-24T21:00:00Z'))).toEqual(
      at('2026-10-25T06:00:00Z'),
    );
    // New York, 8 March 2026 (spring forward at 02:00): 07:00 EDT is 11:00 UTC.
    expect(quietHoursEnd(NIGHT, 'America/New_York', at('2026-03-08T04:00:00Z'))).toEqual(
      at('2026-03-08T11:00:00Z'),
    );
  });

  it('ends in the hour read twice by an autumn night, not a day later', () => {
    // 02:10 CET, the second 02:10 of 25 October 2026 in Paris: quiet until 02:30 CET.
    expect(
      quietHoursEnd({ start: '01:00', end: '02:30' }, 'Europe/Paris', at('2026-10-25T01:10:00Z')),
    ).toEqual(at('2026-10-25T01:30:00Z'));
  });
});

describe('deferredDelayMs', () => {
  it('waits until deliver_after, never a negative delay', () => {
    const now = Date.parse('2026-06-10T21:30:00Z');
    expect(deferredDelayMs({ deliverAfter: at('2026-06-11T05:00:00Z') }, now)).toBe(7.5 * 3600_000);
    expect(deferredDelayMs({ deliverAfter: at('2026-06-10T20:00:00Z') }, now)).toBe(0);
    expect(deferredDelayMs({ deliverAfter: null }, now)).toBe(0);
  });
});
