import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from '@aircloud/shared/constants';

/** Today as YYYY-MM-DD in Europe/Paris, for file names. */
export function todayStamp(now: Date = new Date()): string {
  return format(new TZDate(now.getTime(), TIME_ZONE), 'yyyy-MM-dd');
}

/** Saves `text` as a file named `fileName` through a temporary link. */
export function downloadText(text: string, fileName: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Number of data rows of a CSV text (its header line excluded). */
export function csvRowCount(text: string): number {
  return Math.max(0, text.split(/\r?\n/).filter((line) => line.trim() !== '').length - 1);
}
