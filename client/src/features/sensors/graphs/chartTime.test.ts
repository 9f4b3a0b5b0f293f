import { describe, expect, it } from 'vitest';
import { ChartClock, parisOffsetSeconds, toParisChartTimes } from './chartTime.ts';

const at = (iso: string) => Date.parse(iso) / 1000;
/** A chart time read back as the wall-clock time it shows (the chart draws it as UTC). */
const shown = (chartTime: number) => new Date(chartTime * 1000).toISOString().slice(0, 16);

function strictlyAscending(values: number[]): boolean {
  return values.every((v, i) => i === 0 || v > values[i - 1]!);
}

describe('toParisChartTimes', () => {
  it('shows winter times one hour ahead of UTC and summer times two hours ahead', () => {
    const times = toParisChartTimes([at('2026-01-15T12:00:00Z'), at('2026-07-15T12:00:00Z')]);
    expect(times.map(shown)).toEqual(['2026-01-15T13:00', '2026-07-15T14:00']);
  });

  it('jumps from 01:59 to 03:00 on the spring day (29/03/2026)', () => {
    const utc = [
      at('2026-03-29T00:59:00Z'),
      at('2026-03-29T01:00:00Z'),
      at('2026-03-29T01:01:00Z'),
    ];
    expect(toParisChartTimes(utc).map(shown)).toEqual([
      '2026-03-29T01:59',
      '2026-03-29T03:00',
      '2026-03-29T03:01',
    ]);
  });

  it('keeps the repeated October hour (25/10/2026) strictly ascending', () => {
    // Every minute from 23:30 UTC (01:30 CEST) to 02:30 UTC (03:30 CET): 02:00–03:00 twice.
    const utc = Array.from({ length: 181 }, (_, i) => at('2026-10-24T23:30:00Z') + i * 60);
    const times = toParisChartTimes(utc);
    expect(strictlyAscending(times)).toBe(true);
    expect(times).toHaveLength(utc.length);
    // Before the change: summer time; after the repeated hour: winter time, exactly.
    expect(shown(times[0]!)).toBe('2026-10-25T01:30');
    expect(shown(times[30]!)).toBe('2026-10-25T02:00'); // first 02:00 (CEST)
    expect(shown(times[89]!)).toBe('2026-10-25T02:59');
    expect(shown(times[180]!)).toBe('2026-10-25T03:30');
    expect(parisOffsetSeconds(utc[89]!)).toBe(7200);
    expect(parisOffsetSeconds(utc[90]!)).toBe(3600);
  });

  it('continues strictly after the last time already drawn', () => {
    const first = toParisChartTimes([at('2026-10-25T00:59:00Z')]);
    const next = toParisChartTimes([at('2026-10-25T01:00:00Z')], first[0]);
    expect(next[0]!).toBeGreaterThan(first[0]!);
  });
});

describe('ChartClock', () => {
  it('labels each chart time with its real instant, the repeated hour included', () => {
    const clock = new ChartClock();
    const firstPass = at('2026-10-25T00:30:00Z'); // 02:30 CEST
    const secondPass = at('2026-10-25T01:30:00Z'); // 02:30 CET
    clock.reset([firstPass, secondPass]);
    const a = clock.chartTime(firstPass)!;
    const b = clock.chartTime(secondPass)!;
    expect(b).toBeGreaterThan(a);
    expect(clock.instant(a)).toBe(firstPass);
    expect(clock.instant(b)).toBe(secondPass);
  });

  it('appends later instants only and forgets those that left a live window', () => {
    const clock = new ChartClock();
    clock.reset([100, 200]);
    expect(clock.extend([200, 150, 300])).toEqual([300]);
    clock.forgetBefore(200);
    expect(clock.chartTime(100)).toBeUndefined();
    expect(clock.chartTime(300)).toBeDefined();
  });
});
