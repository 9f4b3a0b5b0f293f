import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from '@aircloud/shared/constants';

/** Today as YYYY-MM-DD in Europe/Paris, for file names. */
export function todayStamp(now: Date = new Date()): string {
  return format(new TZDate(now.getTime(), TIME_ZONE), 'yyyy-MM-dd');
}

/** Number of data rows of a CSV text (its header line excluded). */
export function csvRowCount(text: string): number {
  return Math.max(0, text.split(/\r?\n/).filter((line) => line.trim() !== '').length - 1);
}
