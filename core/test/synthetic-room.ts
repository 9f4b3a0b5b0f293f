import type { PurifierMode } from '@aircloud/shared/purifiers';
import type { ModeSpan, Sample } from '../src/effectiveness/types.ts';
import { seededRandom } from './random.ts';

export { seededRandom };

/**
 * Synthetic rooms for the estimator's tests (issue 25): a well-mixed room whose PM2.5 excess
 * decays at a known rate per purifier mode, with cooking-like spikes, sensor noise, a drifting
 * background, overlapping spikes, mode changes mid-decay and gaps; and a room whose CO2 rises
 * with its occupants and falls at a known ventilation rate. Seeded: the same seed, the same room.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const STEP_S = 10;

/** A standard normal draw (Box–Muller). */
export function gaussian(rng: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
}

/** One spike: an emission (µg/m³ per minute) for a while, in a mode set 20 minutes before. */
export interface Spike {
  at: number;
  minutes: number;
  emission: number;
  mode: PurifierMode;
  /** When the excess has fallen to this fraction of its peak: the mode changes (mid-decay)… */
  change?: { atFraction: number; to: PurifierMode };
  /** …or a second spike starts (overlapping events)… */
  overlap?: { atFraction: number; minutes: number; emission: number };
  /** …or the sensor goes silent for a while. */
  gap?: { atFraction: number; minutes: number };
}

export interface Pm25Room {
  /** Total decay rate per mode, per second. */
  k: Record<PurifierMode, number>;
  start: number;
  days: number;
  spikes: Spike[];
  /** Relative sensor noise (σ, e.g. 0.07) on top of 0.2 µg/m³; values quantised to 0.1. */
  noise: number;
  seed: number;
}

/** What happened, to compare the estimator with. */
export interface Pm25Truth {
  /** Times of the mode changes made mid-decay and of the gaps and second spikes. */
  changes: number[];
  gaps: { from: number; to: number }[];
  overlaps: number[];
}

/** Background: 8 µg/m³ drifting ±3 over 26 hours (slower than any decay). */
function background(t: number, start: number): number {
  return 8 + 3 * Math.sin((2 * Math.PI * (t - start)) / (26 * HOUR));
}

/**
 * Simulates the room in 10 s steps (exact exponential decay within a step) and samples it each
 * minute. The mode timeline is what the estimator gets: one span per spike, switched 20 minutes
 * before it, and a second span after a mid-decay change.
 */
export function simulatePm25Room(room: Pm25Room): {
  samples: Sample[];
  modes: ModeSpan[];
  truth: Pm25Truth;
} {
  const rng = seededRandom(room.seed);
  const end = room.start + room.days * 24 * HOUR;
  const spikes = [...room.spikes].sort((a, b) => a.at - b.at);
  const modes: ModeSpan[] = [];
  const truth: Pm25Truth = { changes: [], gaps: [], overlaps: [] };
  const setMode = (at: number, mode: PurifierMode) => {
    const last = modes.at(-1);
    if (last && last.mode === mode) return;
    if (last) last.to = at;
    modes.push({ from: at, to: null, mode });
  };
  setMode(room.start, 'off');

  const samples: Sample[] = [];
  let excess = 0;
  let mode: PurifierMode = 'off';
  let next = 0; // next spike to arm
  let active: Spike | null = null; // the spike whose decay is being watched
  let peak = 0;
  let sources: { from: number; to: number; emission: number }[] = [];
  let silentUntil = 0;
  for (let t = room.start; t < end; t += STEP_S * 1000) {
    const armAt = spikes[next] ? spikes[next]!.at - 20 * MINUTE : Infinity;
    if (t >= armAt) {
      const spike = spikes[next++]!;
      mode = spike.mode;
      setMode(t, mode);
      active = spike;
      peak = 0;
      sources.push({
        from: spike.at,
        to: spike.at + spike.minutes * MINUTE,
        emission: spike.emission,
      });
    }
    if (active && t > active.at + active.minutes * MINUTE) {
      const falling = excess < peak;
      const fraction = excess / peak;
      if (active.change && falling && fraction <= active.change.atFraction) {
        mode = active.change.to;
        setMode(t, mode);
        truth.changes.push(t);
        active = null;
      } else if (active.overlap && falling && fraction <= active.overlap.atFraction) {
        const o = active.overlap;
        sources.push({ from: t, to: t + o.minutes * MINUTE, emission: o.emission });
        truth.overlaps.push(t);
        active = null;
      } else if (active.gap && falling && fraction <= active.gap.atFraction) {
        silentUntil = t + active.gap.minutes * MINUTE;
        truth.gaps.push({ from: t, to: silentUntil });
        active = null;
      }
    }
    let emission = 0;
    for (const s of sources) if (t >= s.from && t < s.to) emission += s.emission;
    sources = sources.filter((s) => s.to > t);
    excess = excess * Math.exp(-room.k[mode] * STEP_S) + (emission * STEP_S) / 60;
    peak = Math.max(peak, excess);
    if ((t - room.start) % MINUTE === 0 && t >= silentUntil) {
      const c = background(t, room.start) + excess;
      const noisy = c * (1 + room.noise * gaussian(rng)) + 0.2 * gaussian(rng);
      samples.push({ t, v: Math.max(0, Math.round(noisy * 10) / 10) });
    }
  }
  return { samples, modes, truth };
}

/**
 * A plan of spikes every 5 hours (± 40 min), cycling through the modes, with every `changeEvery`
 * spike changing mode mid-decay, every `overlapEvery` one overlapped by a second spike and every
 * `gapEvery` one losing 15 minutes of samples.
 */
export function planSpikes(opts: {
  start: number;
  days: number;
  seed: number;
  changeEvery?: number;
  overlapEvery?: number;
  gapEvery?: number;
}): Spike[] {
  const rng = seededRandom(opts.seed);
  const cycle: PurifierMode[] = ['off', 'silence', 'auto', 'boost'];
  const spikes: Spike[] = [];
  for (
    let i = 0, at = opts.start + 2 * HOUR;
    at < opts.start + opts.days * 24 * HOUR - 4 * HOUR;
    i++
  ) {
    const mode = cycle[i % cycle.length]!;
    const spike: Spike = {
      at,
      minutes: 5 + Math.floor(rng() * 10),
      emission: 8 + rng() * 12,
      mode,
    };
    const n = i + 1;
    if (opts.changeEvery && n % opts.changeEvery === 0)
      spike.change = { atFraction: 0.5, to: mode === 'boost' ? 'off' : 'boost' };
    else if (opts.overlapEvery && n % opts.overlapEvery === 0)
      spike.overlap = { atFraction: 0.45, minutes: 6, emission: 12 };
    else if (opts.gapEvery && n % opts.gapEvery === 0) spike.gap = { atFraction: 0.5, minutes: 15 };
    spikes.push(spike);
    at += 5 * HOUR + Math.round((rng() - 0.5) * 80) * MINUTE;
  }
  return spikes;
}

/**
 * A room ventilated at `ach` per hour whose occupants (weekdays 08:30–12:00 and 13:30–17:30 UTC)
 * raise CO2 by `generation` ppm per hour; the sensor reads `offset` ppm off the outdoor level,
 * with noise of 15 ppm + 2 %, in whole ppm.
 */
export function simulateCo2Room(opts: {
  ach: number;
  start: number;
  days: number;
  outdoor?: number;
  offset?: number;
  generation?: number;
  seed: number;
}): Sample[] {
  const rng = seededRandom(opts.seed);
  const outdoor = opts.outdoor ?? 420;
  const generation = opts.generation ?? 600;
  const lambda = opts.ach / 3600;
  const samples: Sample[] = [];
  let excess = 0;
  for (let t = opts.start; t < opts.start + opts.days * 24 * HOUR; t += STEP_S * 1000) {
    const date = new Date(t);
    const minutes = date.getUTCHours() * 60 + date.getUTCMinutes();
    const weekday = date.getUTCDay() >= 1 && date.getUTCDay() <= 5;
    const occupied =
      weekday && ((minutes >= 510 && minutes < 720) || (minutes >= 810 && minutes < 1050));
    const g = occupied ? generation / 3600 : 0;
    // Exact over the step: dE/dt = g − λE.
    excess = g / lambda + (excess - g / lambda) * Math.exp(-lambda * STEP_S);
    if ((t - opts.start) % MINUTE === 0) {
      const c = outdoor + excess + (opts.offset ?? 0);
      samples.push({ t, v: Math.round(c + (15 + 0.02 * c) * gaussian(rng)) });
    }
  }
  return samples;
}
