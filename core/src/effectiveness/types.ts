import type { PurifierMode } from '@aircloud/shared/purifiers';

/** One sensor reading: `t` in ms since the epoch (sorted ascending, about one a minute, gaps possible). */
export interface Sample {
  t: number;
  v: number;
}

/**
 * The room's mode timeline: the strongest mode of its purifiers from `from` to `to` (ms; `to`
 * null while it still holds). Sorted, not overlapping; a time no span covers has no known mode.
 */
export interface ModeSpan {
  from: number;
  to: number | null;
  mode: PurifierMode;
}

export type EpisodeKind = 'pm25' | 'co2';

/** Why an episode was found but not used (docs/effectiveness.md, "Discarded episodes"). */
export const DISCARD_REASONS = [
  'too_short',
  'too_noisy',
  'mode_changed',
  'too_small',
  'gap',
  'mode_unknown',
] as const;
export type DiscardReason = (typeof DISCARD_REASONS)[number];

/**
 * One decay: a concentration falling back towards its background after a peak. Kept episodes
 * carry a fitted rate; discarded ones say why (`reason` is null exactly when `kept`).
 */
export interface DecayEpisode {
  kind: EpisodeKind;
  /** The peak (ms): where the fall starts. */
  start: number;
  /**
   * When the episode was settled (ms): the sample that ended it (floor reached, new rise), or the
   * moment a gap or the longest fall was certain. The incremental contract is written on it.
   */
  end: number;
  /** The mode throughout the fitted part; for `mode_changed`, the mode it started in; null for CO2 or unknown. */
  mode: PurifierMode | null;
  /** Peak and background (µg/m³ or ppm); for CO2 the background is the outdoor level. */
  peak: number;
  background: number;
  /** Total decay rate per hour (k·3600, k per second); null when not fitted. */
  rate: number | null;
  r2: number | null;
  /** Samples in the fitted part (0 when the episode ended before one). */
  samples: number;
  kept: boolean;
  reason: DiscardReason | null;
  /** The fitted part (ms), null when nothing was fitted: what a chart draws the line over. */
  fitFrom: number | null;
  fitTo: number | null;
}
