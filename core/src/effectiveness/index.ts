/**
 * Measured air changes (issue 25, docs/effectiveness.md): PM2.5 and CO2 decay episodes, the
 * purifier's equivalent air changes per mode, the room's ventilation and equivalent clean air
 * against ASHRAE 241 and the Lancet Commission, and the filters' replacement dates. Pure
 * functions over samples: the worker reads and stores, these decide.
 */
export type { DecayEpisode, DiscardReason, EpisodeKind, ModeSpan, Sample } from './types.ts';
export { DISCARD_REASONS } from './types.ts';
export type { Co2Options, DecayOptions, Pm25Options } from './options.ts';
export {
  CO2_DEFAULTS,
  DEFAULT_OUTDOOR_CO2_PPM,
  EPISODE_LOOKBACK_MS,
  PM25_DEFAULTS,
  requiredLookbackMs,
} from './options.ts';
export { findCo2Episodes, findPm25Episodes, modeDuring } from './episodes.ts';
export type { ModeEffectiveness, ModesSummary, ModeVerdict } from './summary.ts';
export {
  DEFAULT_NATURAL_ACH,
  MIN_CO2_EPISODES,
  MIN_EPISODES,
  MODE_VERDICTS,
  summarizeModes,
  summarizeVentilation,
} from './summary.ts';
export {
  MIN_OUTDOOR_NIGHTS,
  OUTDOOR_FLOOR_SPREAD_PPM,
  OUTDOOR_MAX_PPM,
  OUTDOOR_MIN_PPM,
  outdoorCo2,
} from './ventilation.ts';
export type { Ashrae241Category, CleanAirTargets, LancetTier } from './targets.ts';
export { ashrae241Met, CLEAN_AIR_TARGETS, cleanAir, lancetTier } from './targets.ts';
export {
  FORECAST_MIN_POINTS,
  FORECAST_MIN_SPAN_DAYS,
  FORECAST_WINDOW_DAYS,
  forecastReplacement,
} from './filters.ts';
