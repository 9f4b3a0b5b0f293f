import { inQuietHours } from '@aircloud/shared/notifications';
import { addDays, localDateOf, localTimeToInstant } from '../purifiers/schedule-slots.ts';

/**
 * When the quiet hours around `now` end, in `timeZone`: the next instant whose wall-clock time
 * is `quiet.end`, or null when `now` is outside the quiet hours. Computed on the zone's calendar
 * (schedule-slots.ts), so a clock change inside the window moves the end with the clocks: quiet
 * until 07:00 is 07:00 local whether the night had 23, 24 or 25 hours; an end time skipped by a
 * spring-forward change is the moment the clocks jump.
 */
export function quietHoursEnd(
  quiet: { start: string; end: string } | null,
  timeZone: string,
  now: Date,
): Date | null {
  if (!quiet || !inQuietHours(quiet, timeZone, now)) return null;
  const today = localDateOf(now, timeZone);
  // Today's end when it is still ahead (after midnight in a window over midnight, or a window
  // inside one day), else tomorrow's (before midnight in a window over midnight).
  const end = [today, addDays(today, 1), addDays(today, 2)]
    .map((date) => localTimeToInstant(date, quiet.end, timeZone))
    .find((at) => at.getTime() > now.getTime())!;
  // An autumn night reads an hour twice and the end resolves to its first occurrence: a
  // notification of the second one ends on the wall clock, not a day later.
  const wallMs = wallMinutesUntil(quiet.end, timeZone, now) * 60_000;
  return end.getTime() - now.getTime() > wallMs + 3_600_000
    ? new Date(Math.floor((now.getTime() + wallMs) / 60_000) * 60_000)
    : end;
}

/** Minutes on the zone's wall clock from `now` to the next `time` (0..1439, seconds dropped). */
function wallMinutesUntil(time: string, timeZone: string, now: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const at = (p: string) => Number(parts.find((x) => x.type === p)!.value);
  const [h, m] = time.split(':').map(Number) as [number, number];
  return (h * 60 + m - (at('hour') * 60 + at('minute')) + 1440) % 1440;
}

/** How long a channel's job waits for a notification deferred by quiet hours (ms; 0: now). */
export function deferredDelayMs(
  row: { deliverAfter: Date | null },
  now: number = Date.now(),
): number {
  return row.deliverAfter ? Math.max(0, row.deliverAfter.getTime() - now) : 0;
}
