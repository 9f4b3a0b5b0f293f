import { tzOffset } from '@date-fns/tz';

/**
 * The dates vendors write in their exports (docs/api-sensors.md, "Vendor exports"): ISO-like
 * `2024-07-01T00:00:00`, PurpleAir's `2024/07/01T00:00:00z`, Aranet's `01/07/2024 00:00:00`
 * (day or month first, as its header says), with an optional offset. A time without an offset is
 * a wall-clock time of a zone (the file's, or the sensor owner's). Pure.
 */
export type DateOrder = 'ymd' | 'dmy' | 'mdy';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const YMD =
  /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ]+(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(z|utc|gmt|[+-]\d{2}(?::?\d{2})?)?$/i;
const DMY =
  /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?:[T ,]+(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(am|pm)?)?\s*(z|utc|gmt|[+-]\d{2}(?::?\d{2})?)?$/i;

/** True when `zone` is an IANA zone this runtime knows. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// Offsets by zone and wall-clock half hour: a 30 MB file has a few thousand distinct hours, and
// asking Intl for each of its hundreds of thousands of rows would dominate the import.
const offsetCache = new Map<string, number | null>();

/**
 * The instant of a wall-clock time of `zone` (fields as if UTC, in ms). In a repeated autumn hour
 * the first occurrence is taken; a time skipped in spring does not exist: null.
 */
export function zonedWallClockToUtc(wallMs: number, zone: string): number | null {
  if (zone === 'UTC') return wallMs;
  const slot = Math.floor(wallMs / (30 * MINUTE));
  const key = `${zone}|${slot}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    offset = offsetAt(slot * 30 * MINUTE, zone);
    if (offsetCache.size > 50_000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return offset === null ? null : wallMs - offset * MINUTE;
}

/** The offset (minutes) that makes `wallMs` a real time of `zone`, the earliest one; null if none. */
function offsetAt(wallMs: number, zone: string): number | null {
  const candidates = new Set([
    Math.round(tzOffset(zone, new Date(wallMs - DAY))),
    Math.round(tzOffset(zone, new Date(wallMs + DAY))),
  ]);
  const valid = [...candidates]
    .filter((o) => Math.round(tzOffset(zone, new Date(wallMs - o * MINUTE))) === o)
    .sort((a, b) => b - a); // the larger offset is the earlier instant
  return valid[0] ?? null;
}

function offsetMinutes(text: string): number {
  const t = text.toLowerCase();
  if (t === 'z' || t === 'utc' || t === 'gmt') return 0;
  const sign = t.startsWith('-') ? -1 : 1;
  const digits = t.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || 0));
}

/**
 * A vendor's date cell as epoch ms, or null when it is not a date: with its own offset when it
 * has one, else read in `zone`. `order` says which of day and month comes first in `dd/mm/yyyy`
 * style dates (year-first dates are always year-month-day).
 */
export function parseVendorDate(cell: string, order: DateOrder, zone: string): number | null {
  const value = cell.trim();
  let year: number, month: number, day: number;
  let fields: (string | undefined)[];
  let meridiem: string | undefined;
  let offset: string | undefined;
  const ymd = YMD.exec(value);
  if (ymd) {
    [year, month, day] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
    fields = ymd.slice(4, 8);
    offset = ymd[8];
  } else {
    const dmy = DMY.exec(value);
    if (!dmy || order === 'ymd') return null;
    const [a, b] = [Number(dmy[1]), Number(dmy[2])];
    [day, month] = order === 'mdy' ? [b, a] : [a, b];
    year = Number(dmy[3]);
    fields = dmy.slice(4, 8);
    meridiem = dmy[8];
    offset = dmy[9];
  }
  let hour = Number(fields[0] ?? 0);
  const minute = Number(fields[1] ?? 0);
  const second = Number(fields[2] ?? 0);
  const ms = fields[3] ? Math.round(Number(`0.${fields[3]}`) * 1000) : 0;
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem.toLowerCase() === 'pm' ? 12 : 0);
  }
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  if (new Date(wall).getUTCDate() !== day) return null; // 31/02 and the like
  if (offset !== undefined) return wall - offsetMinutes(offset) * MINUTE;
  return zonedWallClockToUtc(wall, zone);
}
