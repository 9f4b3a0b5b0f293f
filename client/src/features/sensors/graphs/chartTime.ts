import { tzOffset } from '@date-fns/tz';
import { TIME_ZONE } from '@aircloud/shared/constants';

/**
 * lightweight-charts has no time zones: it draws its times (epoch seconds) as if they were UTC.
 * To show Europe/Paris on the axis and the crosshair, each instant is shifted by the Paris offset
 * of that instant (+1 h in winter, +2 h in summer). When clocks go back (last Sunday of
 * October), the hour 02:00–03:00 happens twice: its second pass would shift onto times already
 * drawn, so a shifted time is never allowed below the previous one plus a second. The chart needs
 * strictly ascending times; the labels come from the real instant (see ChartClock), so nothing
 * shown is wrong.
 */

/** The Europe/Paris offset of an instant, in seconds. */
export function parisOffsetSeconds(utcSeconds: number): number {
  return tzOffset(TIME_ZONE, new Date(utcSeconds * 1000)) * 60;
}

/**
 * The chart times of ascending UTC instants (epoch seconds): each shifted to Paris wall-clock
 * time, kept strictly ascending after `previous` (the last chart time already drawn, if any).
 */
export function toParisChartTimes(utcSeconds: readonly number[], previous?: number): number[] {
  const out: number[] = new Array<number>(utcSeconds.length);
  let last = previous ?? Number.NEGATIVE_INFINITY;
  for (let i = 0; i < utcSeconds.length; i += 1) {
    const utc = utcSeconds[i]!;
    const shifted = Math.floor(utc) + parisOffsetSeconds(utc);
    last = shifted > last ? shifted : last + 1;
    out[i] = last;
  }
  return out;
}

/**
 * The times of one chart: maps each UTC instant to its chart time (strictly ascending, appends
 * continue after the last one) and back, so the axis and crosshair labels show the real instant.
 */
export class ChartClock {
  private readonly toChartTime = new Map<number, number>();
  private readonly toInstant = new Map<number, number>();
  private lastUtc = Number.NEGATIVE_INFINITY;
  private lastChart: number | undefined;

  /** Starts again from `utcSeconds` (ascending, duplicates allowed): a fresh response. */
  reset(utcSeconds: readonly number[]): void {
    this.toChartTime.clear();
    this.toInstant.clear();
    this.lastUtc = Number.NEGATIVE_INFINITY;
    this.lastChart = undefined;
    this.extend(utcSeconds);
  }

  /** Adds later instants (those not after the last one are ignored); answers the new ones. */
  extend(utcSeconds: readonly number[]): number[] {
    const fresh: number[] = [];
    for (const utc of utcSeconds) if (utc > this.lastUtc) fresh.push((this.lastUtc = utc));
    const times = toParisChartTimes(fresh, this.lastChart);
    fresh.forEach((utc, i) => {
      this.toChartTime.set(utc, times[i]!);
      this.toInstant.set(times[i]!, utc);
    });
    if (times.length > 0) this.lastChart = times[times.length - 1];
    return fresh;
  }

  /** The chart time of a known instant. */
  chartTime(utcSeconds: number): number | undefined {
    return this.toChartTime.get(utcSeconds);
  }

  /** The real instant (UTC seconds) behind a chart time; the time itself unshifted if unknown. */
  instant(chartTime: number): number {
    return this.toInstant.get(chartTime) ?? chartTime - parisOffsetSeconds(chartTime);
  }

  /** Forgets the instants before `utcSeconds` (points dropped from a live window). */
  forgetBefore(utcSeconds: number): void {
    for (const [utc, chart] of this.toChartTime) {
      if (utc >= utcSeconds) break;
      this.toChartTime.delete(utc);
      this.toInstant.delete(chart);
    }
  }
}
