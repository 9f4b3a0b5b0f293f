import { PURIFIER_MODES, type PurifierMode } from '@aircloud/shared/purifiers';
import { medianInterval } from './stats.ts';
import type { DecayEpisode } from './types.ts';

/** Kept episodes of a mode before its rate is reported (and judged against its target). */
export const MIN_EPISODES = 5;
/** Kept CO2 episodes before the ventilation rate is reported. */
export const MIN_CO2_EPISODES = 3;

/**
 * The natural loss rate of PM2.5 (per hour) used until the room's own `off` episodes measure
 * it: air exchange with outdoors (residences: geometric mean about 0.5 /h, Murray & Burmaster
 * 1995) plus deposition on surfaces (0.1–0.5 /h for fine particles, Riley et al. 2002), taken
 * at the low end. Too low a value credits the purifier with the room's own losses, which is
 * why the measured one replaces it as soon as five `off` decays are kept.
 */
export const DEFAULT_NATURAL_ACH = 0.6;

/**
 * What a mode's measured rate means against its target: `meets` (estimate at or over it),
 * `below` (estimate under it), `not_enough_data` (fewer than MIN_EPISODES kept), and for `off`,
 * which has no target, `natural` once measured.
 */
export const MODE_VERDICTS = ['meets', 'below', 'not_enough_data', 'natural'] as const;
export type ModeVerdict = (typeof MODE_VERDICTS)[number];

/** One mode's measured delivery. */
export interface ModeEffectiveness {
  /** Equivalent air changes per hour delivered by the purifier (for `off`: the room's natural rate). */
  ach: number | null;
  ach_low: number | null;
  ach_high: number | null;
  /** Clean-air delivery rate, eACH × volume (m³/h); null for `off` or without a volume. */
  cadr_m3h: number | null;
  /** Kept episodes. */
  episodes: number;
  verdict: ModeVerdict;
  /** More kept episodes needed before a verdict (0 when enough). */
  needed: number;
  /** The target it is judged against (eACH per hour); null for `off`. */
  target: number | null;
  /** The whole confidence interval lies on the verdict's side of the target. */
  conclusive: boolean;
}

export interface ModesSummary {
  natural_ach: number | null;
  natural_ach_source: 'measured' | 'default';
  modes: Record<PurifierMode, ModeEffectiveness>;
}

/**
 * Per mode: the median total rate of its kept PM2.5 episodes, minus the natural rate, is the
 * purifier's equivalent air changes (eACH = 3,600·(k_mode − k_off)); times the volume, its
 * clean-air delivery, judged against the TRH (silent TRH for `silence`).
 */
export function summarizeModes(
  pm25Episodes: DecayEpisode[],
  cfg: { roomVolumeM3: number | null; targetAch: number; targetSilentAch: number },
): ModesSummary {
  const rates = Object.fromEntries(PURIFIER_MODES.map((m) => [m, [] as number[]])) as Record<
    PurifierMode,
    number[]
  >;
  for (const e of pm25Episodes)
    if (e.kind === 'pm25' && e.kept && e.mode && e.rate !== null) rates[e.mode].push(e.rate);

  const off = rates.off.length >= MIN_EPISODES ? medianInterval(rates.off) : null;
  const natural = off
    ? { value: off.median, low: off.low, high: off.high }
    : { value: DEFAULT_NATURAL_ACH, low: DEFAULT_NATURAL_ACH, high: DEFAULT_NATURAL_ACH };

  const modes = {} as Record<PurifierMode, ModeEffectiveness>;
  for (const mode of PURIFIER_MODES) {
    const n = rates[mode].length;
    const needed = Math.max(0, MIN_EPISODES - n);
    const target = mode === 'off' ? null : mode === 'silence' ? cfg.targetSilentAch : cfg.targetAch;
    if (needed > 0) {
      modes[mode] = {
        ach: null,
        ach_low: null,
        ach_high: null,
        cadr_m3h: null,
        episodes: n,
        verdict: 'not_enough_data',
        needed,
        target,
        conclusive: false,
      };
      continue;
    }
    if (mode === 'off') {
      modes.off = {
        ach: round(natural.value),
        ach_low: round(natural.low),
        ach_high: round(natural.high),
        cadr_m3h: null,
        episodes: n,
        verdict: 'natural',
        needed: 0,
        target: null,
        conclusive: true,
      };
      continue;
    }
    const total = medianInterval(rates[mode]);
    // The natural rate's own interval widens the purifier's: the low end pairs the mode's low
    // end with the natural high end, and the other way round. A purifier never removes less
    // than nothing, hence the floor at 0.
    const ach = Math.max(0, total.median - natural.value);
    const low = Math.max(0, total.low - natural.high);
    const high = Math.max(0, total.high - natural.low);
    const meets = ach >= target!;
    modes[mode] = {
      ach: round(ach),
      ach_low: round(low),
      ach_high: round(high),
      cadr_m3h: cfg.roomVolumeM3 === null ? null : Math.round(ach * cfg.roomVolumeM3),
      episodes: n,
      verdict: meets ? 'meets' : 'below',
      needed: 0,
      target: target!,
      conclusive: meets ? low >= target! : high < target!,
    };
  }
  return {
    natural_ach: off ? round(off.median) : null,
    natural_ach_source: off ? 'measured' : 'default',
    modes,
  };
}

/**
 * The room's outdoor-air changes per hour: the median total rate of its kept CO2 decays (CO2
 * neither deposits nor is filtered, so its whole decay is ventilation), with its interval.
 */
export function summarizeVentilation(co2Episodes: DecayEpisode[]): {
  ach: number | null;
  ach_low: number | null;
  ach_high: number | null;
  episodes: number;
  needed: number;
} {
  const rates = co2Episodes
    .filter((e) => e.kind === 'co2' && e.kept && e.rate !== null)
    .map((e) => e.rate!);
  const needed = Math.max(0, MIN_CO2_EPISODES - rates.length);
  if (needed > 0)
    return { ach: null, ach_low: null, ach_high: null, episodes: rates.length, needed };
  const { median, low, high } = medianInterval(rates);
  return {
    ach: round(median),
    ach_low: round(low),
    ach_high: round(high),
    episodes: rates.length,
    needed: 0,
  };
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
