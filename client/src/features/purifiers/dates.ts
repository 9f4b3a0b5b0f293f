import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from '@aircloud/shared/constants';

/** Today as YYYY-MM-DD in Europe/Paris (the value of a date input). */
export function todayInParis(now: Date = new Date()): string {
  return format(new TZDate(now.getTime(), TIME_ZONE), 'yyyy-MM-dd');
}
