/** Days of history the replacement forecast fits: the recent pace, not the first weeks'. */
export const FORECAST_WINDOW_DAYS = 30;
/** Points (and days covered) the forecast needs. */
export const FORECAST_MIN_POINTS = 3;
export const FORECAST_MIN_SPAN_DAYS = 1;
/** A level rising by more than this (points) is a replacement: the history restarts there. */
const REPLACEMENT_JUMP = 5;

const DAY = 86_400_000;

/**
 * When a filter or module reaches its replacement level at its current pace. Levels are percent
 * remaining (MaintenanceLevels: 100 new, falling as it wears). A least-squares line through the
 * points of the last FORECAST_WINDOW_DAYS (since the last replacement: a jump up restarts the
 * history) gives the pace, in level points per day (negative while it wears), and the date the
 * line crosses `replacementLevel` (in the past when already overdue). Null when the points are
 * too few or too close in time, or the level is not falling.
 */
export function forecastReplacement(
  levels: { t: number; level: number }[],
  opts: { replacementLevel: number; now: number },
): { due_at: number | null; pace_per_day: number | null } {
  const sorted = levels
    .filter((p) => p.t <= opts.now && Number.isFinite(p.level))
    .sort((a, b) => a.t - b.t);
  let since = 0;
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i]!.level - sorted[i - 1]!.level > REPLACEMENT_JUMP) since = i;
  const recent = sorted.slice(since).filter((p) => p.t >= opts.now - FORECAST_WINDOW_DAYS * DAY);
  const none = { due_at: null, pace_per_day: null };
  if (recent.length < FORECAST_MIN_POINTS) return none;
  if (recent.at(-1)!.t - recent[0]!.t < FORECAST_MIN_SPAN_DAYS * DAY) return none;

  // Days relative to the first point keep the sums well conditioned.
  const t0 = recent[0]!.t;
  const n = recent.length;
  const mx = recent.reduce((s, p) => s + (p.t - t0) / DAY, 0) / n;
  const my = recent.reduce((s, p) => s + p.level, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const p of recent) {
    const dx = (p.t - t0) / DAY - mx;
    sxx += dx * dx;
    sxy += dx * (p.level - my);
  }
  const pace = sxy / sxx;
  if (!(pace < 0)) return { due_at: null, pace_per_day: Math.round(pace * 1000) / 1000 };
  const days = mx + (opts.replacementLevel - my) / pace;
  return { due_at: Math.round(t0 + days * DAY), pace_per_day: Math.round(pace * 1000) / 1000 };
}
