import type { ModeSpan } from '@aircloud/core/effectiveness';
import { slotsBetween } from '@aircloud/core/purifiers/schedule-slots';
import type { DesiredState, PurifierMode } from '@aircloud/shared/purifiers';
import type { MeasureValues } from '@aircloud/shared/sensors';
import { Room } from '../simulator/room.ts';

/**
 * A simulated room's past, minute by minute: the modes its purifiers' weekly plans gave them and
 * the readings of its sensor under those modes (the simulator's own room model). The demo's
 * month of history and the air-changes benchmark are made of it.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * A purifier's mode changes over [from, to]: its plan's slots (the one in force at `from`
 * first), else its desired mode throughout.
 */
export function planChanges(
  purifierId: string,
  desired: Pick<DesiredState, 'mode' | 'schedule'>,
  timeZone: string,
  from: number,
  to: number,
): { purifierId: string; at: number; mode: PurifierMode }[] {
  const schedule = desired.schedule;
  if (!schedule) return [{ purifierId, at: from, mode: desired.mode }];
  // The slot in force at `from` is the last of the week before it.
  const slots = slotsBetween(schedule, timeZone, new Date(from - 8 * DAY), new Date(to));
  const before = slots.filter((s) => s.at.getTime() <= from).at(-1);
  const changes = [{ purifierId, at: from, mode: before?.mode ?? desired.mode }];
  for (const s of slots)
    if (s.at.getTime() > from && s.mode !== changes.at(-1)!.mode)
      changes.push({ purifierId, at: s.at.getTime(), mode: s.mode });
  return changes;
}

/** The readings, one a minute over [from, to], of the room of `seed` run by `timeline`. */
export function roomReadings(
  seed: number,
  from: number,
  to: number,
  timeline: ModeSpan[],
): { t: number; values: MeasureValues }[] {
  const room = new Room(seed);
  const readings: { t: number; values: MeasureValues }[] = [];
  let span = 0;
  for (let t = from; t <= to; t += MINUTE) {
    while (span + 1 < timeline.length && timeline[span + 1]!.from <= t) span += 1;
    room.purifierMode = timeline[span]?.mode ?? 'off';
    room.step(new Date(t), 60);
    readings.push({ t, values: room.read() });
  }
  return readings;
}
