import type { PurifierMode } from '@aircloud/shared/purifiers';
import { type BackgroundAt, type Fall, findFalls, percentileBackground } from './decay-engine.ts';
import {
  CO2_DEFAULTS,
  DEFAULT_OUTDOOR_CO2_PPM,
  PM25_DEFAULTS,
  type Co2Options,
  type DecayOptions,
  type Pm25Options,
} from './options.ts';
import type { DecayEpisode, DiscardReason, EpisodeKind, ModeSpan, Sample } from './types.ts';

/**
 * PM2.5 decay episodes settled in [reportFrom, reportTo): a rise well above the room's
 * background, then an uninterrupted fall, fitted on log(excess) while one mode held. Call it
 * with the samples from `reportFrom − EPISODE_LOOKBACK_MS`: consecutive calls then return
 * each episode exactly once.
 */
export function findPm25Episodes(
  samples: Sample[],
  modes: ModeSpan[],
  opts: { reportFrom: number; reportTo: number } & Partial<Pm25Options>,
): DecayEpisode[] {
  const o: Pm25Options = { ...PM25_DEFAULTS, ...definedOnly(opts) };
  const background = percentileBackground(o.backgroundWindowMs, o.backgroundPercentile);
  return findFalls(samples, o, background, opts.reportFrom, opts.reportTo).map((fall) =>
    judge('pm25', fall, o, modes),
  );
}

/**
 * CO2 decay episodes settled in [reportFrom, reportTo): the fall of the excess over the outdoor
 * level (`outdoorPpm`, else 420 ppm; pass the same value to consecutive calls) after people
 * leave, lasting at least half an hour. Same incremental contract as PM2.5.
 */
export function findCo2Episodes(
  samples: Sample[],
  opts: { reportFrom: number; reportTo: number; outdoorPpm?: number } & Partial<Co2Options>,
): DecayEpisode[] {
  const o: Co2Options = { ...CO2_DEFAULTS, ...definedOnly(opts) };
  const outdoor = opts.outdoorPpm ?? DEFAULT_OUTDOOR_CO2_PPM;
  const background: BackgroundAt = () => outdoor;
  return findFalls(samples, o, background, opts.reportFrom, opts.reportTo).map((fall) =>
    judge('co2', fall, o, null),
  );
}

/** Keep the fall or say why not, in this order: gap, too small, mode, too short, too noisy. */
function judge(
  kind: EpisodeKind,
  fall: Fall,
  o: DecayOptions,
  modes: ModeSpan[] | null,
): DecayEpisode {
  let mode: PurifierMode | null = null;
  let reason: DiscardReason | null = null;
  if (fall.how === 'gap') reason = 'gap';
  else if (fall.peak - fall.background < o.minSnr * fall.sigma) reason = 'too_small';
  if (modes && fall.fitFrom !== null && fall.fitTo !== null) {
    const held = modeDuring(modes, fall.fitFrom, fall.fitTo);
    mode = held.mode;
    reason ??= held.reason;
  }
  if (
    !reason &&
    (fall.samples < o.minFitSamples ||
      fall.fitFrom === null ||
      fall.fitTo! - fall.fitFrom < o.minFitMs)
  )
    reason = 'too_short';
  if (!reason && (fall.r2 === null || fall.r2 < o.minR2 || !(fall.rate! > 0))) reason = 'too_noisy';
  return {
    kind,
    start: fall.start,
    end: fall.end,
    mode,
    peak: round(fall.peak, 2),
    background: round(fall.background, 2),
    rate: fall.rate === null ? null : round(fall.rate, 4),
    r2: fall.r2 === null ? null : round(fall.r2, 4),
    samples: fall.samples,
    kept: reason === null,
    reason,
    fitFrom: fall.fitFrom,
    fitTo: fall.fitTo,
  };
}

/**
 * The mode that held over [from, to]: `mode_changed` when two modes share it (the mode it
 * started in is kept for the record), `mode_unknown` when part of it has no mode.
 */
export function modeDuring(
  modes: readonly ModeSpan[],
  from: number,
  to: number,
): { mode: PurifierMode | null; reason: 'mode_changed' | 'mode_unknown' | null } {
  const over = modes.filter((m) => m.from <= to && (m.to === null || m.to > from));
  if (over.length === 0) return { mode: null, reason: 'mode_unknown' };
  const atStart = over.find((m) => m.from <= from) ?? null;
  if (new Set(over.map((m) => m.mode)).size > 1)
    return { mode: atStart?.mode ?? null, reason: 'mode_changed' };
  let covered = atStart ? (atStart.to ?? Infinity) : -Infinity;
  for (const m of over) if (m.from <= covered) covered = Math.max(covered, m.to ?? Infinity);
  return covered >= to && atStart
    ? { mode: atStart.mode, reason: null }
    : { mode: atStart?.mode ?? null, reason: 'mode_unknown' };
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
