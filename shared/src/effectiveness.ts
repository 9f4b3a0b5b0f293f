import { z } from 'zod';
import { pageParam } from './pagination.ts';
import type { MaintenanceLevelKey, PurifierMode } from './purifiers.ts';

/**
 * Measured air changes (issue 25, docs/effectiveness.md): what a room's linked sensor shows of
 * its purifiers' work, from the decay of particles (filtration) and of CO2 (ventilation).
 */

/**
 * A mode's measured air changes against its target (the TRH; the silent TRH for silence):
 * `natural` for off, which has no target, once measured.
 */
export const EFFECTIVENESS_VERDICTS = ['meets', 'below', 'not_enough_data', 'natural'] as const;
export type EffectivenessVerdict = (typeof EFFECTIVENESS_VERDICTS)[number];

export const DECAY_KINDS = ['pm25', 'co2'] as const;
export type DecayKind = (typeof DECAY_KINDS)[number];

/** Why an episode was not kept. */
export const DECAY_DISCARD_REASONS = [
  'too_short',
  'too_noisy',
  'mode_changed',
  'too_small',
  'gap',
  'mode_unknown',
] as const;
export type DecayDiscardReason = (typeof DECAY_DISCARD_REASONS)[number];

/** The episodes a purifier's figures are made of: those that ended in the last 28 days. */
export const EFFECTIVENESS_WINDOW_DAYS = 28;

/** One mode's figures. */
export interface ModeEffectiveness {
  /** Equivalent air changes per hour the purifiers give in this mode (over the natural rate). */
  ach: number | null;
  /** Its 95 % confidence interval. */
  ach_low: number | null;
  ach_high: number | null;
  /** Clean-air delivery, m³/h (ach × room volume). */
  cadr_m3h: number | null;
  /** Kept decays of this mode in the window. */
  episodes: number;
  /** More kept decays needed before a verdict (0: enough). */
  needed: number;
  /** The configured target of this mode (null for off). */
  target_ach: number | null;
  verdict: EffectivenessVerdict;
  /** The whole confidence interval lies on the verdict's side of the target. */
  conclusive: boolean;
}

/** A clean-air target and whether the room meets it (null: not enough data or no occupants). */
export interface CleanAirTarget {
  source: 'ashrae_241' | 'lancet';
  /** The document, as it is cited. */
  reference: string;
  /** ASHRAE 241's occupancy category, or the Lancet Commission's tier (good, better, best). */
  tier: string;
  lps_per_person: number | null;
  ach: number | null;
  met: boolean | null;
}

/** GET /api/purifiers/{ulid}/effectiveness. */
export interface PurifierEffectiveness {
  '@id': string;
  '@type': 'PurifierEffectiveness';
  target_ach: number;
  target_silent_ach: number;
  room_volume_m3: number | null;
  /** Natural decay (deposition and air exchange) from decays with the purifiers off. */
  natural_ach: number | null;
  natural_ach_source: 'measured' | 'default';
  /** Outdoor-air changes per hour from CO2 decays in unoccupied hours. */
  ventilation_ach: number | null;
  ventilation_ach_low: number | null;
  ventilation_ach_high: number | null;
  ventilation_episodes: number;
  ventilation_needed: number;
  /** The outdoor CO2 level the ventilation decays fall to (ppm). */
  outdoor_co2_ppm: number | null;
  modes: Record<PurifierMode, ModeEffectiveness>;
  /** The mode the purifier reported last (else its desired mode). */
  current_mode: PurifierMode;
  /** Ventilation plus filtration in the current mode, air changes per hour. */
  equivalent_clean_ach: number | null;
  occupants: number | null;
  /** Equivalent clean air per person, L/s (needs occupants and room volume). */
  clean_air_lps_per_person: number | null;
  targets: CleanAirTarget[];
  /** Sensors linked to the purifier (0: nothing can be measured). */
  sensors: number;
  window_days: number;
  updated_at: string | null;
}

/** One decay episode (GET /api/purifiers/{ulid}/decay_episodes). */
export interface DecayEpisode {
  '@id': string;
  '@type': 'DecayEpisode';
  id: string;
  sensor: string;
  kind: DecayKind;
  start: string;
  end: string;
  mode: PurifierMode | null;
  peak: number;
  background: number;
  /** Total decay rate, per hour. */
  rate: number | null;
  r2: number | null;
  samples: number;
  kept: boolean;
  reason: DecayDiscardReason | null;
  /** The part of the fall the rate was fitted on (null: nothing fitted). */
  fit_from: string | null;
  fit_to: string | null;
}

/** GET /api/purifiers/{ulid}/decay_episodes/{id}: the episode with its samples and fitted line. */
export interface DecayEpisodeDetail extends DecayEpisode {
  /** The sensor's readings over the episode (ms since epoch, value). */
  points: { t: string; v: number }[];
  /** The fitted decay (background + excess × e^(−rate·h)) at the readings of the fitted part. */
  fitted: { t: string; v: number }[];
}

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(values, { error: 'validation.invalid_choice' }).optional(),
  );

/** GET /api/purifiers/{ulid}/decay_episodes query. */
export const decayEpisodesQuerySchema = z.object({
  kind: optionalEnum(DECAY_KINDS),
  kept: optionalEnum(['true', 'false'] as const),
  page: pageParam(),
});
export type DecayEpisodesQuery = z.infer<typeof decayEpisodesQuerySchema>;

/** One consumable's replacement forecast. */
export interface ConsumableForecast {
  /** Remaining life now, percent. */
  level: number;
  /** Points of life lost per day at the recent pace (negative while it wears), null: unknown. */
  pace_per_day: number | null;
  /** When it reaches the replacement level at that pace (past: overdue), null: unknown. */
  due_at: string | null;
  last_replaced_at: string | null;
}

/** GET /api/purifiers/{ulid}/maintenance_forecast. */
export interface MaintenanceForecast {
  '@id': string;
  '@type': 'MaintenanceForecast';
  /** The level a consumable is due at: the caller's notification percentage. */
  replacement_level: number;
  consumables: Record<MaintenanceLevelKey, ConsumableForecast>;
  /**
   * How the measured air changes in auto move per week since the filters were last replaced
   * (negative: falling as the filter loads), null: fewer than MIN_TREND_EPISODES decays.
   */
  ach_trend_per_week: number | null;
  ach_trend_episodes: number;
}
