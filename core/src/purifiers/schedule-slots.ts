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
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock time of an instant in a zone, as milliseconds of a UTC date with those fields. */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
}

/** The zone's UTC offset at an instant, in minutes (Europe/Paris: 60 in winter, 120 in summer). */
export function zoneOffsetMinutes(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return Math.round((wallClock(whole, timeZone) - whole) / MINUTE);
}

/** The calendar date of an instant in a zone. */
export function localDateOf(instant: Date, timeZone: string): LocalDate {
  const wall = new Date(wallClock(instant.getTime(), timeZone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
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
  instantCache.set(cacheKey, instant.getTime());
  return instant;
}

const INSTANT_CACHE_MAX = 20_000;
const instantCache = new Map<string, number>();

function computeInstant(date: LocalDate, time: string, timeZone: string): Date {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(date.year, date.month - 1, date.day, hours, minutes);
  const before = zoneOffsetMinutes(wall - DAY, timeZone);
  const after = zoneOffsetMinutes(wall + DAY, timeZone);
  const candidates = [wall - before * MINUTE, wall - after * MINUTE].filter(
    (t) => wallClock(t, timeZone) === wall,
  );
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  // In the gap: search the first minute carrying the later offset.
  let lo = wall - after * MINUTE;
  let hi = wall - before * MINUTE;
  const startOffset = zoneOffsetMinutes(lo, timeZone);
  while (hi - lo > MINUTE) {
    const mid = lo + Math.floor((hi - lo) / MINUTE / 2) * MINUTE;
    if (zoneOffsetMinutes(mid, timeZone) === startOffset) lo = mid;
    else hi = mid;
  }
  return new Date(hi);
}

/** A slot of the weekly plan placed on a given day. */
export interface SlotOccurrence {
  at: Date;
  mode: PurifierMode;
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
  start: string;
}

function addDays(date: LocalDate, days: number): LocalDate {
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
  const d = localDateOf(instant, timeZone);
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}
