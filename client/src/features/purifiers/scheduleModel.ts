import type { Schedule, ScheduleSlot } from '@aircloud/shared/purifiers';
import { TIME_OF_DAY, type PurifierMode } from '@aircloud/shared/purifier-states';

/** A slot being edited: the saved fields plus a stable id for React and error lookups. */
export interface EditableSlot extends ScheduleSlot {
  id: number;
}
/** Seven days, Monday first. */
export type Week = EditableSlot[][];
export const DAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const WEEKDAYS = [0, 1, 2, 3, 4] as const;

let nextId = 1;
/** A new slot with its own id. */
export function makeSlot(start: string, mode: PurifierMode): EditableSlot {
  nextId += 1;
  return { id: nextId, start, mode };
}

/** The editable week of a saved schedule (none: seven empty days). */
export function weekOf(schedule: Schedule | null): Week {
  return DAYS.map((day) => (schedule?.days[day] ?? []).map((s) => makeSlot(s.start, s.mode)));
}

const byStart = (a: ScheduleSlot, b: ScheduleSlot) => a.start.localeCompare(b.start);

/** The schedule to save: slots ascending; a week without any slot is no schedule. */
export function scheduleOf(week: Week): Schedule | null {
  const days = week.map((slots) => slots.map(({ start, mode }) => ({ start, mode })).sort(byStart));
  return days.some((slots) => slots.length > 0) ? { days } : null;
}

/** Same plan (slot order inside a day does not matter). */
export function sameWeek(a: Week, b: Week): boolean {
  return JSON.stringify(scheduleOf(a)) === JSON.stringify(scheduleOf(b));
}

/** Error keys by slot id: a time not in HH:mm, or two slots of a day at the same time. */
export function weekErrors(week: Week): Map<number, string> {
  const errors = new Map<number, string>();
  for (const slots of week) {
    const seen = new Map<string, number>();
    for (const slot of slots) {
      if (!TIME_OF_DAY.test(slot.start)) {
        errors.set(slot.id, 'validation.time');
        continue;
      }
      const first = seen.get(slot.start);
      if (first === undefined) seen.set(slot.start, slot.id);
      else errors.set(slot.id, 'schedule.duplicate');
    }
  }
  return errors;
}

/** A start for a new slot: one hour after the latest of the day, 08:00 on an empty day. */
export function nextStart(slots: readonly ScheduleSlot[]): string {
  const valid = slots.map((s) => s.start).filter((s) => TIME_OF_DAY.test(s));
  if (valid.length === 0) return '08:00';
  const latest = valid.sort().at(-1)!;
  const hour = Number(latest.slice(0, 2)) + 1;
  return hour > 23 ? '23:59' : `${String(hour).padStart(2, '0')}:00`;
}

/** A time as typed, completed to HH:mm when it is clear ("7:30", "0730", "7h30", "19"). */
export function normalizeTime(text: string): string {
  const match = /^(\d{1,2})(?:[:hH.]?(\d{2}))?$/.exec(text.trim());
  if (!match) return text.trim();
  const time = `${match[1]!.padStart(2, '0')}:${match[2] ?? '00'}`;
  return TIME_OF_DAY.test(time) ? time : text.trim();
}

/** Minutes since midnight of "HH:mm". */
export function minutesOf(start: string): number {
  return Number(start.slice(0, 2)) * 60 + Number(start.slice(3, 5));
}

/** One coloured stretch of a day's timeline. */
export interface Segment {
  from: number;
  to: number;
  mode: PurifierMode | null;
}

/**
 * The modes a day goes through, from 00:00 to 24:00: before its first slot the day carries the
 * mode of the last slot of the nearest earlier day (the week wraps around).
 */
export function daySegments(week: Week, day: number): Segment[] {
  const sorted = (d: number) => week[d]!.filter((s) => TIME_OF_DAY.test(s.start)).sort(byStart);
  let carried: PurifierMode | null = null;
  for (let back = 1; back <= 7 && carried === null; back += 1) {
    const earlier = sorted((day - back + 7) % 7);
    if (earlier.length > 0) carried = earlier.at(-1)!.mode;
  }
  const slots = sorted(day);
  const segments: Segment[] = [];
  let from = 0;
  let mode = carried;
  for (const slot of slots) {
    const at = minutesOf(slot.start);
    if (at > from) segments.push({ from, to: at, mode });
    from = at;
    mode = slot.mode;
  }
  segments.push({ from, to: 24 * 60, mode });
  return segments;
}

/** The next slot of a weekly schedule after `now`, in the purifier's time zone. */
export interface NextSlot {
  /** 0 today, 1 tomorrow … 7 the same weekday next week. */
  daysAhead: number;
  /** Monday first (0) to Sunday (6). */
  day: number;
  start: string;
  mode: PurifierMode;
}

const WEEKDAY_INDEX: Record<string, number> = {
  Mon: 0,
  Tue: 1,
  Wed: 2,
  Thu: 3,
  Fri: 4,
  Sat: 5,
  Sun: 6,
};

/** The weekday (Monday first) and "HH:mm" of `now` in `timeZone`. */
function localNow(now: Date, timeZone: string): { day: number; time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: WEEKDAY_INDEX[part('weekday')] ?? 0, time: `${part('hour')}:${part('minute')}` };
}

/**
 * The slot that ends the current one: the first slot after `now` (local time of `timeZone`),
 * looking up to a week ahead; null for no schedule or one without any slot.
 */
export function nextScheduleSlot(
  schedule: Schedule | null,
  timeZone: string,
  now: Date = new Date(),
): NextSlot | null {
  if (!schedule) return null;
  const { day, time } = localNow(now, timeZone);
  for (let ahead = 0; ahead <= 7; ahead += 1) {
    const weekday = (day + ahead) % 7;
    const slots = [...(schedule.days[weekday] ?? [])].sort(byStart);
    const slot = slots.find((s) => ahead > 0 || s.start > time);
    if (slot) return { daysAhead: ahead, day: weekday, start: slot.start, mode: slot.mode };
  }
  return null;
}
