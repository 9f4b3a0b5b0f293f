import type { DecayOptions } from './options.ts';
import { linearFit, noiseSigma, percentile } from './stats.ts';
import type { Sample } from './types.ts';

/**
 * The shape engine both detectors share: find peaks, follow each one's fall, fit the log of the
 * excess. Every decision about an episode reads only data from a bounded window before its peak
 * up to its settling time `end`, so a call over [reportFrom − look-back, reportTo) settles
 * exactly the episodes an all-at-once call would settle in [reportFrom, reportTo)
 * (docs/effectiveness.md, "Incremental").
 */

/** The slots the plateau test's noise is measured per (ms). */
export const PLATEAU_SLOT_MS = 10 * 60_000;
const SLOT_MS = PLATEAU_SLOT_MS;

/** How a fall ended. */
export type FallEnd = 'floor' | 'rise' | 'gap' | 'long';

/** One fall before the kind-specific checks (mode, thresholds). */
export interface Fall {
  start: number;
  end: number;
  how: FallEnd;
  peak: number;
  background: number;
  /** Noise σ before the peak (raw values). */
  sigma: number;
  fitFrom: number | null;
  fitTo: number | null;
  /** Per hour. */
  rate: number | null;
  r2: number | null;
  samples: number;
}

/** Where the background of the peak at index i lies (the outdoor level for CO2). */
export type BackgroundAt = (times: Float64Array, values: Float64Array, i: number) => number;

/** The raw and smoothed series, cut at `reportTo`. */
interface Series {
  t: Float64Array;
  v: Float64Array;
  s: Float64Array;
  /** Samples whose smoothed value is final (its whole window lies before `reportTo`). */
  valid: number;
}

function series(samples: readonly Sample[], halfMs: number, reportTo: number): Series {
  const kept = samples.filter((x) => x.t < reportTo && Number.isFinite(x.v));
  const n = kept.length;
  const t = Float64Array.from(kept, (x) => x.t);
  const v = Float64Array.from(kept, (x) => x.v);
  const s = new Float64Array(n);
  let lo = 0;
  let hi = 0;
  let window = new Float64Array(16);
  for (let i = 0; i < n; i++) {
    while (t[lo]! < t[i]! - halfMs) lo++;
    while (hi < n && t[hi]! <= t[i]! + halfMs) hi++;
    const size = hi - lo;
    if (size > window.length) window = new Float64Array(size * 2);
    // Insertion sort: the window holds a handful of values.
    for (let j = 0; j < size; j++) {
      const x = v[lo + j]!;
      let k = j;
      for (; k > 0 && window[k - 1]! > x; k--) window[k] = window[k - 1]!;
      window[k] = x;
    }
    const mid = size >> 1;
    s[i] = size % 2 ? window[mid]! : (window[mid - 1]! + window[mid]!) / 2;
  }
  let valid = n;
  while (valid > 0 && t[valid - 1]! + halfMs >= reportTo) valid--;
  return { t, v, s, valid };
}

/** Raw values of the samples in [from, to). */
export function valuesBetween(
  t: Float64Array,
  v: Float64Array,
  from: number,
  to: number,
): number[] {
  const out: number[] = [];
  let i = lowerBound(t, from);
  for (; i < t.length && t[i]! < to; i++) out.push(v[i]!);
  return out;
}

function lowerBound(t: Float64Array, at: number): number {
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (t[mid]! < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A percentile background over the window before the peak (PM2.5), lifted by the noise: a low
 * percentile of noisy readings lies under the true level (the 10th by 1.28 σ for gaussian
 * noise), and an underestimated background flattens the log of a small excess, which would
 * understate fast decays by several percent.
 */
export function percentileBackground(windowMs: number, p: number): BackgroundAt {
  const z = normalQuantile(p);
  return (t, v, i) => {
    const values = valuesBetween(t, v, t[i]! - windowMs, t[i]!);
    return percentile(values, p) - z * noiseSigma(values);
  };
}

/** The standard normal quantile (Acklam's rational approximation, 1e-9 relative). */
export function normalQuantile(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972,
    -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734,
    4.374664141464968, 2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const q = Math.min(p, 1 - p);
  let x: number;
  if (q < 0.02425) {
    const r = Math.sqrt(-2 * Math.log(q));
    x =
      (((((c[0]! * r + c[1]!) * r + c[2]!) * r + c[3]!) * r + c[4]!) * r + c[5]!) /
      ((((d[0]! * r + d[1]!) * r + d[2]!) * r + d[3]!) * r + 1);
  } else {
    const r = q - 0.5;
    const r2 = r * r;
    x =
      ((((((a[0]! * r2 + a[1]!) * r2 + a[2]!) * r2 + a[3]!) * r2 + a[4]!) * r2 + a[5]!) * r) /
      (((((b[0]! * r2 + b[1]!) * r2 + b[2]!) * r2 + b[3]!) * r2 + b[4]!) * r2 + 1);
  }
  return p <= 0.5 ? x : -x;
}

/**
 * Every fall settled in [reportFrom, reportTo) (and whose settling could be decided from the
 * samples before `reportTo`), in the order of their peaks.
 */
export function findFalls(
  samples: readonly Sample[],
  opts: DecayOptions,
  backgroundAt: BackgroundAt,
  reportFrom: number,
  reportTo: number,
): Fall[] {
  const { t, v, s, valid } = series(samples, opts.smoothHalfMs, reportTo);
  const n = t.length;
  const half = opts.smoothHalfMs;
  const backgrounds = new Map<number, number>();
  const background = (i: number): number => {
    let b = backgrounds.get(i);
    if (b === undefined) backgrounds.set(i, (b = backgroundAt(t, v, i)));
    return b;
  };

  const sigmas = new Map<number, number>();
  const sigmaAt = (i: number): number => {
    let sg = sigmas.get(i);
    if (sg === undefined)
      sigmas.set(i, (sg = noiseSigma(valuesBetween(t, v, t[i]! - opts.noiseWindowMs, t[i]!))));
    return sg;
  };

  /**
   * Whether i may start a fall, once the data decides it (null while samples after `reportTo`
   * are needed): strictly the highest of the window before it, or (`plateauSigmas`) the end of
   * a plateau, exceeded by at most that many noise σ before it. `strict` says which.
   */
  /** The range the fit's asymptote may float in (null: the background itself). */
  const fitBounds = (p: number): { low: number; high: number } | null => {
    if (opts.fitAsymptote === 'above') return { low: background(p), high: Infinity };
    if (opts.fitAsymptote === 'below')
      return { low: background(p) - opts.asymptoteSigmas * sigmaAt(p), high: background(p) };
    return null;
  };

  const candidates = new Map<number, 'strict' | 'plateau' | false | null>();
  const candidate = (i: number): 'strict' | 'plateau' | false | null => {
    let c = candidates.get(i);
    if (c === undefined) candidates.set(i, (c = testCandidate(i)));
    return c;
  };
  /** The highest smoothed value of the window before i (-Infinity when empty). */
  const highestBefore = (i: number): number => {
    let before = -Infinity;
    for (let j = i - 1; j >= 0 && t[j]! >= t[i]! - opts.peakBeforeMs; j--)
      before = Math.max(before, s[j]!);
    return before;
  };
  /**
   * The noise σ a plateau is judged with: that of the noise window before i's 10-minute slot
   * (cached per slot: on a long fall every sample is asked).
   */
  const slotSigmas = new Map<number, number>();
  const plateauSigma = (i: number): number => {
    const slot = Math.floor(t[i]! / SLOT_MS) * SLOT_MS;
    let sg = slotSigmas.get(slot);
    if (sg === undefined)
      slotSigmas.set(slot, (sg = noiseSigma(valuesBetween(t, v, slot - opts.noiseWindowMs, slot))));
    return sg;
  };
  /** The window before i alone rules it out (no sample after i is needed to know). */
  const ruledOutBefore = (i: number): boolean => {
    const before = highestBefore(i);
    if (before < s[i]!) return false;
    return opts.plateauSigmas <= 0 || before > s[i]! + opts.plateauSigmas * plateauSigma(i);
  };
  const testCandidate = (i: number): 'strict' | 'plateau' | false | null => {
    const ti = t[i]!;
    const si = s[i]!;
    const before = highestBefore(i);
    if (before >= si && opts.plateauSigmas <= 0) return false;
    if (ti + opts.peakAfterMs + half >= reportTo) return null;
    let last = i;
    for (let j = i + 1; j < n && t[j]! <= ti + opts.peakAfterMs; j++) {
      if (s[j]! > si) return false;
      last = j;
    }
    // The rise test first, on a bound: it is cheap and rejects the background's wiggles
    // before the background's percentile is computed.
    let low = si;
    if (opts.riseFraction > 0) {
      for (let j = i - 1; j >= 0 && t[j]! >= ti - opts.riseWithinMs; j--)
        low = Math.min(low, s[j]!);
      if (si - low < opts.riseFraction * opts.minExcess) return false;
    }
    const bg = background(i);
    const excess = si - bg;
    if (!(excess >= opts.minExcess)) return false;
    if (opts.riseFraction > 0 && low - bg > (1 - opts.riseFraction) * excess) return false;
    if (opts.dropFraction > 0 && (last === i || s[last]! - bg > (1 - opts.dropFraction) * excess))
      return false;
    if (before < si) return 'strict';
    return before <= si + opts.plateauSigmas * plateauSigma(i) ? 'plateau' : false;
  };
  /**
   * A peak: a strict candidate, or a plateau's end that no other candidate precedes within
   * `peakBeforeMs` (one fall per departure: the plateau's later points are inside its fall).
   */
  const isPeak = (i: number): boolean | null => {
    const c = candidate(i);
    if (c !== 'plateau') return c === null ? null : c === 'strict';
    for (let j = i - 1; j >= 0 && t[j]! >= t[i]! - opts.peakBeforeMs; j--)
      if (candidate(j)) return false;
    return true;
  };

  const falls: Fall[] = [];
  for (let p = 0; p < valid; p++) {
    if (isPeak(p) !== true) continue;
    const fall = followFall(p);
    if (fall && fall.end >= reportFrom && fall.end < reportTo) falls.push(fall);
  }
  return falls;

  /** The fall after the peak at p, or null while it is still running at the data's end. */
  function followFall(p: number): Fall | null {
    const tp = t[p]!;
    const bg = background(p);
    const excess = s[p]! - bg;
    const sigma = sigmaAt(p);
    const tolerance = opts.riseTolerance * excess + 3 * sigma;
    const longEnd = tp + opts.maxFallMs + half;
    let trough = p;
    let how: FallEnd;
    let last: number; // last sample of the fall
    let end: number;
    let read = -Infinity;
    for (let j = p + 1; ; j++) {
      // Gaps and the longest fall are read on the raw times, so they are settled even when the
      // smoothed values after them are not.
      const next = j < n ? t[j]! : reportTo;
      const gapEnd = next - t[j - 1]! > opts.maxGapMs ? t[j - 1]! + opts.maxGapMs : Infinity;
      const longEnds = next > tp + opts.maxFallMs ? longEnd : Infinity;
      if (gapEnd !== Infinity || longEnds !== Infinity) {
        how = gapEnd <= longEnds ? 'gap' : 'long';
        end = Math.min(gapEnd, longEnds);
        last = j - 1;
        break;
      }
      if (j >= valid) return null;
      const sj = s[j]!;
      if (sj - bg <= opts.fitLow * excess) {
        how = 'floor';
        last = j;
        end = t[j]! + half;
        break;
      }
      if (sj > s[trough]! + tolerance) {
        how = 'rise';
        last = trough;
        end = t[j]! + half;
        break;
      }
      if (sj > s[j - 1]! && !ruledOutBefore(j)) {
        const peak = isPeak(j);
        if (peak === null) return null;
        if (peak) {
          how = 'rise';
          last = trough;
          end = t[j]! + opts.peakAfterMs + half;
          break;
        }
        // Ruling j out read the samples after it: the episode settles no earlier.
        read = Math.max(read, t[j]! + opts.peakAfterMs + half);
      }
      if (sj < s[trough]!) trough = j;
    }
    // The peak itself was confirmed by the samples after it, and so were the candidates
    // ruled out during the fall.
    end = Math.max(end, tp + opts.peakAfterMs + half, read);

    let first = p + 1;
    while (first <= last && s[first]! - bg > opts.fitHigh * excess) first++;
    const fall: Fall = {
      start: tp,
      end,
      how,
      peak: s[p]!,
      background: bg,
      sigma,
      fitFrom: null,
      fitTo: null,
      rate: null,
      r2: null,
      samples: 0,
    };
    if (first > last) return fall;
    const fit = fitDecay(
      t.subarray(first, last + 1),
      v.subarray(first, last + 1),
      bg,
      fitBounds(p),
      opts.asymptoteMinF,
    );
    return {
      ...fall,
      fitFrom: t[first]!,
      fitTo: t[last]!,
      samples: fit?.samples ?? 0,
      rate: fit?.rate ?? null,
      r2: fit?.r2 ?? null,
    };
  }
}

/** log(excess) against hours since the first point, least squares; null under two points. */
function logLinear(t: Float64Array, v: Float64Array, bg: number) {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < t.length; i++) {
    const e = v[i]! - bg;
    // A raw value at or under the background has no logarithm; the floor at `fitLow` of a
    // peak of at least `minSnr` σ keeps these rare.
    if (e > 0) {
      xs.push((t[i]! - t[0]!) / 3_600_000);
      ys.push(Math.log(e));
    }
  }
  const fit = linearFit(xs, ys);
  if (!fit) return null;
  return { rate: -fit.slope, r2: fit.r2, samples: xs.length };
}

/**
 * The fit of the fall: log-linear over the background, or (`floating`) the three-parameter
 * exponential C = C∞ + b·e^(−k·t) with C∞ at or over the background (a residual source, people
 * staying behind, holds the level above it; the rate is the same).
 */
function fitDecay(
  t: Float64Array,
  v: Float64Array,
  bg: number,
  floating: { low: number; high: number } | null,
  minF: number,
) {
  const fixed = logLinear(t, v, bg);
  if (!floating || t.length < 6) return fixed;
  // The asymptote floats only when it explains the curve better than the noise would by
  // chance (an F test of the extra parameter): otherwise the fit over the background keeps
  // its smaller variance.
  const free = asymptoticFit(t, v, floating, fixed?.rate ?? null);
  if (!free || free.asymptote === bg) return fixed;
  if (minF <= 0) return free;
  const tied = asymptoticFit(t, v, { low: bg, high: bg }, fixed?.rate ?? null);
  if (!tied) return free;
  const f = (tied.sse - free.sse) / (free.sse / (t.length - 3));
  return f > minF ? free : fixed;
}

/**
 * Least squares of C = a + b·e^(−k·x) (x in hours from the first point), a ≥ `floor`: for a
 * given k, a and b are a linear least-squares problem, so the search is over k alone (a grid
 * over log k, then golden-section refinement). r² is that of the values (1 − SSE/SST).
 */
function asymptoticFit(
  t: Float64Array,
  v: Float64Array,
  bounds: { low: number; high: number },
  guess: number | null,
) {
  const n = t.length;
  const x = new Float64Array(n);
  let mean = 0;
  for (let i = 0; i < n; i++) {
    x[i] = (t[i]! - t[0]!) / 3_600_000;
    mean += v[i]!;
  }
  mean /= n;
  let sst = 0;
  for (let i = 0; i < n; i++) sst += (v[i]! - mean) ** 2;
  const e = new Float64Array(n);
  /** The best a and b for rate k, and their squared residuals. */
  const solve = (k: number) => {
    let se = 0;
    let see = 0;
    let sv = 0;
    let sev = 0;
    for (let i = 0; i < n; i++) {
      const ei = Math.exp(-k * x[i]!);
      e[i] = ei;
      se += ei;
      see += ei * ei;
      sv += v[i]!;
      sev += ei * v[i]!;
    }
    const det = n * see - se * se;
    let a = det > 0 ? (sv * see - se * sev) / det : bounds.low;
    let b = det > 0 ? (n * sev - se * sv) / det : 0;
    if (!(a >= bounds.low && a <= bounds.high)) {
      a = a > bounds.high ? bounds.high : bounds.low;
      b = see > 0 ? (sev - a * se) / see : 0;
    }
    let sse = 0;
    for (let i = 0; i < n; i++) sse += (v[i]! - a - b * e[i]!) ** 2;
    return { a, b, sse };
  };
  // Rates within a factor 8 of the log-linear guess (else 0.02 to 100 /h) on a log grid,
  // then refined around the best by golden section.
  const guessed = guess !== null && guess > 0 && Number.isFinite(guess);
  const lo = guessed ? Math.log(guess / 8) : Math.log(0.02);
  const hi = guessed ? Math.log(guess * 8) : Math.log(100);
  const steps = guessed ? 12 : 24;
  let best = 0;
  let bestSse = Infinity;
  const grid: number[] = [];
  for (let g = 0; g <= steps; g++) grid.push(lo + ((hi - lo) * g) / steps);
  for (const g of grid) {
    const { sse } = solve(Math.exp(g));
    if (sse < bestSse) {
      bestSse = sse;
      best = g;
    }
  }
  const width = (hi - lo) / steps;
  let a0 = Math.max(lo, best - width);
  let b0 = Math.min(hi, best + width);
  const phi = (Math.sqrt(5) - 1) / 2;
  let c = b0 - phi * (b0 - a0);
  let d = a0 + phi * (b0 - a0);
  let fc = solve(Math.exp(c)).sse;
  let fd = solve(Math.exp(d)).sse;
  for (let it = 0; it < 20; it++) {
    if (fc < fd) {
      b0 = d;
      d = c;
      fd = fc;
      c = b0 - phi * (b0 - a0);
      fc = solve(Math.exp(c)).sse;
    } else {
      a0 = c;
      c = d;
      fc = fd;
      d = a0 + phi * (b0 - a0);
      fd = solve(Math.exp(d)).sse;
    }
  }
  const k = Math.exp((a0 + b0) / 2);
  const { a, b, sse } = solve(k);
  if (!(b > 0)) return null;
  return {
    rate: k,
    r2: sst > 0 ? 1 - sse / sst : 1,
    samples: n,
    sse,
    asymptote: a,
    /** Time constants the fitted span covers. */
    span: k * x[n - 1]!,
  };
}
