import { TZDate, tzOffset } from '@date-fns/tz';
import { format } from 'date-fns';
import type { PurifierMode, Schedule } from '@aircloud/shared/purifiers';

/** Where "now" comes from; tests pass a fake one. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** A calendar date, month 1-12. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** `instant` on the clocks of `timeZone`; an unknown zone is a RangeError, as with Intl. */
function inZone(instant: Date | number, timeZone: string): TZDate {
  const zoned = new TZDate(+instant, timeZone);
  if (Number.isNaN(zoned.getTime())) throw invalidZone(timeZone);
  return zoned;
}

function invalidZone(timeZone: string): RangeError {
  return new RangeError(`Invalid time zone specified: ${timeZone}`);
}

/** The zone's UTC offset at an instant, in minutes (Europe/Paris: 60 in winter, 120 in summer). */
export function zoneOffsetMinutes(instant: number, timeZone: string): number {
  const offset = tzOffset(timeZone, new Date(instant));
  if (Number.isNaN(offset)) throw invalidZone(timeZone);
  // Whole minutes: local mean times before 1900 have seconds (Paris: +00:09:21).
  return Math.round(offset);
}

/** The calendar date of an instant in a zone. */
export function localDateOf(instant: Date, timeZone: string): LocalDate {
  return calendarDate(inZone(instant, timeZone));
}

function calendarDate(zoned: TZDate): LocalDate {
  return { year: zoned.getFullYear(), month: zoned.getMonth() + 1, day: zoned.getDate() };
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  // Intl rather than TZDate, which also takes UTC offsets ("+02:00"): a purifier has a zone name.
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant of a local date and "HH:mm" in a zone. A time that does not exist (skipped by a
 * spring-forward change) resolves to the moment clocks jump, e.g. 02:30 on 29 March 2026 in
 * Paris is 03:00 local; a time that happens twice (autumn) resolves to its first occurrence.
 */
export function localTimeToInstant(date: LocalDate, time: string, timeZone: string): Date {
  // Every purifier of a zone shares the same few (date, time) pairs in a run: remember them.
  const cacheKey = `${timeZone}|${date.year}-${date.month}-${date.day}|${time}`;
  const cached = instantCache.get(cacheKey);
  if (cached !== undefined) return new Date(cached);
  const instant = computeInstant(date, time, timeZone);
  if (instantCache.size >= INSTANT_CACHE_MAX) instantCache.clear();
  instantCache.set(cacheKey, instant);
  return new Date(instant);
}

const INSTANT_CACHE_MAX = 20_000;
const instantCache = new Map<string, number>();

/**
 * How far the zone's clocks moved during the day before `at`, in minutes: positive after a
 * spring-forward change, negative after an autumn one, 0 on other days.
 */
function clockChangeBefore(at: number, timeZone: string): number {
  return tzOffset(timeZone, new Date(at)) - tzOffset(timeZone, new Date(at - DAY));
}

function computeInstant(date: LocalDate, time: string, timeZone: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  // TZDate reads a repeated time as its later occurrence and moves a skipped one forward by the
  // length of the gap; the rule here is the first occurrence, and the jump for a skipped time.
  const at = new TZDate(date.year, date.month - 1, date.day, hours, minutes, timeZone);
  if (Number.isNaN(at.getTime())) throw invalidZone(timeZone);
  const reads = (instant: number): boolean => {
    const wall = inZone(instant, timeZone);
    return (
      wall.getFullYear() === date.year &&
      wall.getMonth() === date.month - 1 &&
      wall.getDate() === date.day &&
      wall.getHours() === hours &&
      wall.getMinutes() === minutes
    );
  };
  const change = clockChangeBefore(at.getTime(), timeZone);
  if (change < 0) {
    const first = at.getTime() + change * MINUTE;
    if (reads(first)) return first;
  }
  if (reads(at.getTime()) || change <= 0) return at.getTime();
  // Skipped: back to the first minute carrying the new offset, the moment clocks jumped.
  const offset = tzOffset(timeZone, at);
  let jump = at.getTime();
  for (let step = 0; step < change; step += 1) {
    const previous = jump - MINUTE;
    if (tzOffset(timeZone, new Date(previous)) !== offset) break;
    jump = previous;
  }
  return jump;
}

/** A slot of the weekly plan placed on a given day. */
export interface SlotOccurrence {
  at: Date;
  mode: PurifierMode;
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
  start: string;
}

// Calendar dates step and name their weekday through UTC fields: no zone, no DST to handle.
// (eachDayOfInterval in the zone gives the same days at six times the cost per purifier and run.)
/** The calendar date `days` after (or before) `date`. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Monday-first weekday index of a calendar date. */
export function mondayFirstWeekday(date: LocalDate): number {
  return (new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7;
}

/**
 * Every slot of the plan starting in the window (from, to], in time order (slots sharing an
 * instant, such as 02:30 and 03:00 on a spring-forward day, keep their order of the day).
 */
export function slotsBetween(
  schedule: Schedule,
  timeZone: string,
  from: Date,
  to: Date,
): SlotOccurrence[] {
  if (to.getTime() <= from.getTime()) return [];
  const found: SlotOccurrence[] = [];
  const first = addDays(localDateOf(from, timeZone), -1);
  const last = localDateOf(to, timeZone);
  const lastKey = Date.UTC(last.year, last.month - 1, last.day);
  for (
    let date = first;
    Date.UTC(date.year, date.month - 1, date.day) <= lastKey;
    date = addDays(date, 1)
  ) {
    const weekday = mondayFirstWeekday(date);
    for (const slot of schedule.days[weekday] ?? []) {
      const at = localTimeToInstant(date, slot.start, timeZone);
      if (at > from && at <= to) found.push({ at, mode: slot.mode, weekday, start: slot.start });
    }
  }
  return found.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The slot to apply for the window (from, to]: the last one starting in it, or null. */
export function dueSlot(
  schedule: Schedule,
  timeZone: string,
  from: Date,
  to: Date,
): SlotOccurrence | null {
  return slotsBetween(schedule, timeZone, from, to).at(-1) ?? null;
}

/** Today's date in a zone as YYYY-MM-DD. */
export function isoLocalDate(instant: Date, timeZone: string): string {
  return format(inZone(instant, timeZone), 'yyyy-MM-dd');
}
