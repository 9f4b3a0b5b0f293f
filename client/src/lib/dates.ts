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
