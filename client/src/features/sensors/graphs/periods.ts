import {
  addDays,
  addHours,
  addMonths,
  addWeeks,
  format,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from '@aircloud/shared/constants';
import { EXPORT_MAX_MONTHS } from '@aircloud/shared/sensor-measures';

/**
 * Graph modes (spec section 9): the live 'last 15 minutes' and 'last hour', an hour or a day (or
 * a week, Monday first, or a month) picked with previous / next, and a free range.
 */
export const GRAPH_MODES = [
  'last-15-minutes',
  'last-hour',
  'hour',
  'day',
  'week',
  'month',
  'range',
] as const;
export type GraphMode = (typeof GRAPH_MODES)[number];

/** Width of the live windows, in seconds. */
export const LIVE_WINDOW_SECONDS: Partial<Record<GraphMode, number>> = {
  'last-15-minutes': 15 * 60,
  'last-hour': 3600,
};

/** Whether a mode follows the sensor live. */
export function isLiveMode(mode: GraphMode): boolean {
  return LIVE_WINDOW_SECONDS[mode] !== undefined;
}

/** A period of the history: its bounds as instants. */
export interface Period {
  from: Date;
  to: Date;
}

/** Where a calendar mode stands: a Paris date (YYYY-MM-DD) and, for the hour mode, an hour. */
export interface Anchor {
  date: string;
  hour: number;
}

function parisDay(date: string): TZDate {
  const [y, m, d] = date.split('-').map(Number);
  return new TZDate(y!, m! - 1, d!, 0, 0, 0, TIME_ZONE);
}

/** The anchor of an instant: its Paris date and hour. */
export function anchorOf(at: Date): Anchor {
  const paris = new TZDate(at.getTime(), TIME_ZONE);
  return { date: format(paris, 'yyyy-MM-dd'), hour: paris.getHours() };
}

/** The period a calendar mode shows around its anchor (Paris midnights, Monday-first weeks). */
export function calendarPeriod(mode: 'hour' | 'day' | 'week' | 'month', anchor: Anchor): Period {
  const day = parisDay(anchor.date);
  switch (mode) {
    case 'hour': {
      const [y, m, d] = anchor.date.split('-').map(Number);
      const from = new TZDate(y!, m! - 1, d!, anchor.hour, 0, 0, TIME_ZONE);
      return { from: new Date(from.getTime()), to: new Date(addHours(from, 1).getTime()) };
    }
    case 'day':
      return { from: new Date(day.getTime()), to: new Date(addDays(day, 1).getTime()) };
    case 'week': {
      const monday = startOfWeek(day, { weekStartsOn: 1 });
      return { from: new Date(monday.getTime()), to: new Date(addWeeks(monday, 1).getTime()) };
    }
    case 'month': {
      const first = startOfMonth(day);
      return { from: new Date(first.getTime()), to: new Date(addMonths(first, 1).getTime()) };
    }
  }
}

/** The anchor one step before (-1) or after (+1) in a calendar mode. */
export function stepAnchor(
  mode: 'hour' | 'day' | 'week' | 'month',
  anchor: Anchor,
  step: 1 | -1,
): Anchor {
  if (mode === 'hour') {
    const { from } = calendarPeriod('hour', anchor);
    return anchorOf(new Date(from.getTime() + step * 3600_000));
  }
  const day = parisDay(anchor.date);
  const moved =
    mode === 'day'
      ? addDays(day, step)
      : mode === 'week'
        ? addWeeks(day, step)
        : addMonths(day, step);
  return { date: format(moved, 'yyyy-MM-dd'), hour: anchor.hour };
}

/** The live period of a live mode ending at `now`. */
export function livePeriod(mode: GraphMode, now: Date): Period {
  const seconds = LIVE_WINDOW_SECONDS[mode] ?? 3600;
  return { from: new Date(now.getTime() - seconds * 1000), to: now };
}

/** A Paris date (YYYY-MM-DD) and time (HH:mm) as an instant; null when either is not valid. */
export function parisInstant(date: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const at = new TZDate(+d[1]!, +d[2]! - 1, +d[3]!, +t[1]!, +t[2]!, 0, TIME_ZONE);
  return Number.isNaN(at.getTime()) ? null : new Date(at.getTime());
}

/**
 * Why an export period is refused, as a catalogue key, or null when it is fine: `from` must be
 * before `to`, and `to` at most one calendar month after `from` (Paris time), as the server says.
 */
export function exportPeriodError(from: Date | null, to: Date | null): string | null {
  if (!from || !to) return 'validation.date';
  if (from.getTime() >= to.getTime()) return 'validation.date_range';
  const limit = addMonths(new TZDate(from.getTime(), TIME_ZONE), EXPORT_MAX_MONTHS);
  return to.getTime() > limit.getTime() ? 'errors.export_period_too_long' : null;
}

/** The export period of whole Paris days: from the first day's midnight to the day after the last. */
export function exportDays(firstDay: string, lastDay: string): Period | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(firstDay) || !/^\d{4}-\d{2}-\d{2}$/.test(lastDay)) return null;
  return {
    from: new Date(parisDay(firstDay).getTime()),
    to: new Date(addDays(parisDay(lastDay), 1).getTime()),
  };
}
