import { zoneOffsetMinutes } from '../purifiers/schedule-slots.ts';
import { DEFAULT_OUTDOOR_CO2_PPM } from './options.ts';
import { median, percentile } from './stats.ts';
import type { Sample } from './types.ts';

/** Nights (local 00:00–06:00) needed before the room's own floor replaces 420 ppm. */
export const MIN_OUTDOOR_NIGHTS = 3;
/** A room's floor over 420 ppm is believed only when its nights agree within this (ppm, P75 − P25). */
export const OUTDOOR_FLOOR_SPREAD_PPM = 20;
/** A floor under 420 ppm is used down to this level (ppm): lower, the sensor is off its scale. */
export const OUTDOOR_MIN_PPM = 350;
/** A floor over 420 ppm is used up to this level (ppm); higher, 420 stays. */
export const OUTDOOR_MAX_PPM = 500;

const HOUR = 3_600_000;

/**
 * The outdoor CO2 level the room's decays fall towards (ppm), from several days of its samples.
 * Each local night (00:00–06:00 in `timeZone`, at least half covered) gives its floor: the
 * lowest of its hourly medians (an hour's median is steady to a few ppm; the lowest hour is the
 * one the empty room has aired out most). With MIN_OUTDOOR_NIGHTS nights, the median floor:
 * - under 420 ppm, it is used (down to 350): an empty room cannot be below the outdoor air, so
 *   the sensor reads low (NDIR baselines drift) and the excess must be read on its own scale;
 * - over 420 ppm, it is used (up to 500) only when the nights agree within 20 ppm: a steady
 *   floor is urban air or a sensor reading high; a floor that varies with the evening before is
 *   a room that had not aired out, and 420 stays.
 * Otherwise 420 ppm.
 */
export function outdoorCo2(samples: Sample[], timeZone: string): number {
  const nights = new Map<number, Map<number, number[]>>(); // local day → local hour → values
  const offsets = new Map<number, number>();
  for (const { t, v } of samples) {
    if (!Number.isFinite(v)) continue;
    const bucket = Math.floor(t / HOUR);
    let offset = offsets.get(bucket);
    if (offset === undefined) offsets.set(bucket, (offset = zoneOffsetMinutes(t, timeZone)));
    const local = t + offset * 60_000;
    const hour = Math.floor(local / HOUR) % 24;
    if (hour >= 6) continue;
    const day = Math.floor(local / (24 * HOUR));
    let hours = nights.get(day);
    if (!hours) nights.set(day, (hours = new Map()));
    let values = hours.get(hour);
    if (!values) hours.set(hour, (values = []));
    values.push(v);
  }
  const floors: number[] = [];
  for (const hours of nights.values()) {
    const count = [...hours.values()].reduce((sum, values) => sum + values.length, 0);
    // About one sample a minute: a night needs half its 360 minutes.
    if (count < 180) continue;
    floors.push(Math.min(...[...hours.values()].map((values) => median(values))));
  }
  if (floors.length < MIN_OUTDOOR_NIGHTS) return DEFAULT_OUTDOOR_CO2_PPM;
  const floor = median(floors);
  if (floor < DEFAULT_OUTDOOR_CO2_PPM) return Math.round(Math.max(OUTDOOR_MIN_PPM, floor));
  const spread = percentile(floors, 0.75) - percentile(floors, 0.25);
  return spread <= OUTDOOR_FLOOR_SPREAD_PPM && floor <= OUTDOOR_MAX_PPM
    ? Math.round(floor)
    : DEFAULT_OUTDOOR_CO2_PPM;
}
