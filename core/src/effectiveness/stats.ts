/** Small robust statistics for the estimator: percentiles, medians and their intervals, fits. */

/** The p-quantile (0..1) of `values` by linear interpolation between order statistics; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return quantileSorted(sorted, p);
}

/** The p-quantile of already sorted values. */
export function quantileSorted(sorted: readonly number[], p: number): number {
  const at = (sorted.length - 1) * Math.min(1, Math.max(0, p));
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

export function median(values: readonly number[]): number {
  return percentile(values, 0.5);
}

/**
 * The median with a distribution-free ~95 % interval from order statistics (the ranks
 * n/2 ∓ 1.96·√n/2, rounded outwards, clamped to the sample): no assumption on the shape of
 * the episodes' spread, which a blocked intake or a door left open makes skewed. With five
 * episodes it is the full range (93.8 % coverage), narrowing as episodes accumulate.
 */
export function medianInterval(values: readonly number[]): {
  median: number;
  low: number;
  high: number;
} {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  const half = (1.96 * Math.sqrt(n)) / 2;
  const lowRank = Math.max(1, Math.floor(n / 2 - half)); // 1-based ranks
  const highRank = Math.min(n, Math.ceil(1 + n / 2 + half));
  return {
    median: quantileSorted(sorted, 0.5),
    low: sorted[lowRank - 1]!,
    high: sorted[highRank - 1]!,
  };
}

/**
 * The noise of a series, robustly: the median absolute deviation of successive differences,
 * scaled to a standard deviation (÷√2 for the difference of two draws). Slow drift and a few
 * jumps do not move it.
 */
export function noiseSigma(values: readonly number[]): number {
  if (values.length < 3) return 0;
  const diffs: number[] = [];
  for (let i = 1; i < values.length; i++) diffs.push(values[i]! - values[i - 1]!);
  const mid = median(diffs);
  const mad = median(diffs.map((d) => Math.abs(d - mid)));
  return (1.4826 * mad) / Math.SQRT2;
}

/** Ordinary least squares of y on x: slope, intercept and r². Null under two distinct x. */
export function linearFit(
  xs: readonly number[],
  ys: readonly number[],
): { slope: number; intercept: number; r2: number } | null {
  const n = xs.length;
  if (n < 2) return null;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < n; i++) {
    sx += xs[i]!;
    sy += ys[i]!;
  }
  const mx = sx / n;
  const my = sy / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx, r2: syy === 0 ? 1 : (sxy * sxy) / (sxx * syy) };
}
