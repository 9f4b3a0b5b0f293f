/**
 * The detector's settings (docs/effectiveness.md, "Finding a decay"). Both kinds share the
 * engine; PM2.5 measures its background from the room, CO2 falls towards the outdoor level.
 */
export interface DecayOptions {
  /** Half-width of the centred running median that the shape tests read (raw values are fitted). */
  smoothHalfMs: number;
  /** A peak is higher than every smoothed value this long before it… */
  peakBeforeMs: number;
  /** …and no lower than any this long after it. */
  peakAfterMs: number;
  /**
   * CO2: a plateau's end may start a fall too: exceeded by at most this many noise σ in
   * `peakBeforeMs` before it, and no other candidate in that hour (0: strictly higher).
   */
  plateauSigmas: number;
  /** Smallest excess over the background at a peak, in the measure's unit. */
  minExcess: number;
  /** PM2.5: within `riseWithinMs` before the peak the excess was at most (1 − riseFraction) of it (0: no test). */
  riseWithinMs: number;
  riseFraction: number;
  /** CO2: `peakAfterMs` after the peak the excess has fallen by at least this fraction (0: no test). */
  dropFraction: number;
  /** The noise σ is measured on the raw values of this window before the peak. */
  noiseWindowMs: number;
  /** `too_small` when the peak excess is under `minSnr` σ. */
  minSnr: number;
  /** The fitted part: from the excess under `fitHigh` of the peak's to the excess under `fitLow`. */
  fitHigh: number;
  fitLow: number;
  /** A rise of the smoothed value over the fall's lowest point by this fraction of the peak excess (+ 3 σ) is a new event. */
  riseTolerance: number;
  /** No sample for longer than this: a gap. */
  maxGapMs: number;
  /** A fall is cut (and fitted as it is) this long after its peak. */
  maxFallMs: number;
  /** `too_short` under this duration or this number of fitted samples. */
  minFitMs: number;
  minFitSamples: number;
  /** `too_noisy` under this r² of the fit. */
  minR2: number;
  /**
   * Fit the asymptote too (C = C∞ + b·e^(−k·t), least squares of the values) instead of the
   * log of the excess over the background: `above` (CO2) lets C∞ float over the background
   * (people staying behind), `below` (PM2.5) between the background and `asymptoteSigmas`
   * noise σ under it (the previous decay's tail read as background, a background falling
   * during the decay); null: the background itself.
   */
  fitAsymptote: 'above' | 'below' | null;
  asymptoteSigmas: number;
  /**
   * The floating asymptote is kept when the F statistic of its extra parameter exceeds this
   * (else the fit over the background); 0: whenever it moves.
   */
  asymptoteMinF: number;
}

export interface Pm25Options extends DecayOptions {
  /** The background at a peak: this percentile of the raw values of the window before it. */
  backgroundWindowMs: number;
  backgroundPercentile: number;
}

export type Co2Options = DecayOptions;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * PM2.5: a kitchen or traffic spike decays in minutes (boost) to a couple of hours (off). With
 * one-minute samples, the fastest total rate a fit of 6 minutes can hold is about
 * ln(0.8/0.15)/0.1 h ≈ 17 /h.
 */
export const PM25_DEFAULTS: Pm25Options = {
  smoothHalfMs: 2 * MINUTE,
  peakBeforeMs: 15 * MINUTE,
  peakAfterMs: 10 * MINUTE,
  minExcess: 5,
  riseWithinMs: HOUR,
  riseFraction: 0.5,
  dropFraction: 0,
  noiseWindowMs: 3 * HOUR,
  minSnr: 10,
  fitHigh: 0.8,
  fitLow: 0.15,
  riseTolerance: 0.15,
  maxGapMs: 5 * MINUTE,
  maxFallMs: 4 * HOUR,
  minFitMs: 6 * MINUTE,
  minFitSamples: 6,
  minR2: 0.8,
  plateauSigmas: 0,
  fitAsymptote: 'below',
  asymptoteSigmas: 1,
  asymptoteMinF: 0,
  backgroundWindowMs: 3 * HOUR,
  backgroundPercentile: 0.1,
};

/**
 * CO2: the fall after people leave, over an hour or more; the sensor is noisier (±30 ppm) and
 * the dynamics slower, so the smoothing is wider and the fit must last half an hour.
 */
export const CO2_DEFAULTS: Co2Options = {
  smoothHalfMs: 5 * MINUTE,
  peakBeforeMs: HOUR,
  peakAfterMs: 30 * MINUTE,
  minExcess: 200,
  riseWithinMs: 0,
  riseFraction: 0,
  dropFraction: 0.1,
  noiseWindowMs: HOUR,
  minSnr: 10,
  fitHigh: 0.8,
  fitLow: 0.2,
  riseTolerance: 0.15,
  maxGapMs: 10 * MINUTE,
  maxFallMs: 6 * HOUR,
  minFitMs: 30 * MINUTE,
  minFitSamples: 20,
  minR2: 0.7,
  plateauSigmas: 3,
  fitAsymptote: 'above',
  asymptoteSigmas: 0,
  // p ≈ 0.002 for 1 and 30 degrees of freedom: a decay to the outdoor level keeps the
  // two-parameter fit and its smaller variance.
  asymptoteMinF: 12,
};

/** The outdoor CO2 level assumed unless the room's nights say otherwise (ppm). */
export const DEFAULT_OUTDOOR_CO2_PPM = 420;

/**
 * How far back an episode settled at time T may read (ms): its peak lies at most the longest
 * fall (plus the peak's confirmation) before T, and the peak's tests read the background,
 * noise, rise or peak windows before it.
 */
export function requiredLookbackMs(opts: DecayOptions & Partial<Pm25Options>): number {
  const before = Math.max(
    opts.backgroundWindowMs ?? 0,
    opts.noiseWindowMs,
    opts.riseWithinMs,
    opts.peakBeforeMs,
    // A plateau's end looks for another candidate in the window before it, each read with
    // its own windows (the noise of the 10-minute slot's window: PLATEAU_SLOT_MS).
    opts.plateauSigmas > 0
      ? opts.peakBeforeMs + Math.max(opts.noiseWindowMs + 10 * MINUTE, opts.peakBeforeMs)
      : 0,
  );
  return opts.maxFallMs + opts.peakAfterMs + before + 2 * opts.smoothHalfMs;
}

/**
 * The look-back the worker reads before each hour it examines: enough for both kinds with
 * their defaults (PM2.5 needs 7 h 14 min, CO2 8 h 50 min; a test holds this).
 */
export const EPISODE_LOOKBACK_MS = 9 * HOUR;
