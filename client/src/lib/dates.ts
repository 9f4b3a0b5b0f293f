import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from '@aircloud/shared/constants';

type DateInput = string | number | Date;

function inParis(value: DateInput): TZDate | null {
  const date = new TZDate(new Date(value).getTime(), TIME_ZONE);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** DD/MM/YYYY in Europe/Paris; empty for a missing or invalid date. */
export function formatDate(value: DateInput | null | undefined): string {
  const date = value === null || value === undefined ? null : inParis(value);
  return date ? format(date, 'dd/MM/yyyy') : '';
}

/** HH:mm in Europe/Paris. */
export function formatTime(value: DateInput | null | undefined): string {
  const date = value === null || value === undefined ? null : inParis(value);
  return date ? format(date, 'HH:mm') : '';
}

/** DD/MM/YYYY HH:mm in Europe/Paris. */
export function formatDateTime(value: DateInput | null | undefined): string {
  const date = value === null || value === undefined ? null : inParis(value);
  return date ? format(date, 'dd/MM/yyyy HH:mm') : '';
}

/** Today as YYYY-MM-DD in Europe/Paris (the value of a date field). */
export function todayInParis(now: Date = new Date()): string {
  return format(new TZDate(now.getTime(), TIME_ZONE), 'yyyy-MM-dd');
}

/** A YYYY-MM-DD value shown as DD/MM/YYYY (the date itself, no time zone involved). */
export function isoDateToDisplay(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** DD/MM/YYYY typed by a user as YYYY-MM-DD, or null when it is not a real date. */
export function displayToIsoDate(text: string): string | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
