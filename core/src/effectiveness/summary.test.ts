import { describe, expect, it } from 'vitest';
import type { PurifierMode } from '@aircloud/shared/purifiers';
import { forecastReplacement } from './filters.ts';
import { medianInterval } from './stats.ts';
import { DEFAULT_NATURAL_ACH, MIN_EPISODES, summarizeModes } from './summary.ts';
import { CLEAN_AIR_TARGETS, cleanAir, lancetTier } from './targets.ts';
import type { DecayEpisode } from './types.ts';

const DAY = 86_400_000;

function episode(
  mode: PurifierMode,
  rate: number,
  changes: Partial<DecayEpisode> = {},
): DecayEpisode {
  return {
    kind: 'pm25',
    start: 0,
    end: 1,
    mode,
    peak: 80,
    background: 8,
    rate,
    r2: 0.97,
    samples: 30,
    kept: true,
    reason: null,
    fitFrom: 0,
    fitTo: 1,
    ...changes,
  };
}
const many = (mode: PurifierMode, rates: number[]) => rates.map((r) => episode(mode, r));
const cfg = { roomVolumeM3: 40, targetAch: 5, targetSilentAch: 2 };

describe('summarizeModes', () => {
  it('eACH = median total rate − natural rate, CADR = eACH × volume, judged against the TRH', () => {
    const summary = summarizeModes(
      [
        ...many('off', [0.9, 1, 1, 1.1, 1]),
        ...many('silence', [2.5, 2.6, 2.4, 2.5, 2.5]), // 1.5 /h < silent TRH 2
        ...many('auto', [7, 6.5, 7.5, 7, 7.2, 6.8]), // 6 /h ≥ 5
        ...many('boost', [12, 13, 11, 12]), // four: not enough
      ],
      cfg,
    );
    expect(summary.natural_ach).toBe(1);
    expect(summary.natural_ach_source).toBe('measured');
    expect(summary.modes.off).toMatchObject({
      ach: 1,
      verdict: 'natural',
      cadr_m3h: null,
      needed: 0,
    });
    expect(summary.modes.silence).toMatchObject({
      ach: 1.5,
      cadr_m3h: 60,
      verdict: 'below',
      target: 2,
      episodes: 5,
      conclusive: true,
    });
    expect(summary.modes.auto).toMatchObject({
      ach: 6,
      cadr_m3h: 240,
      verdict: 'meets',
      target: 5,
    });
    expect(summary.modes.boost).toMatchObject({
      ach: null,
      cadr_m3h: null,
      verdict: 'not_enough_data',
      needed: 1,
      episodes: 4,
    });
  });

  it('the interval pairs the mode low end with the natural high end, never under 0', () => {
    const summary = summarizeModes(
      [...many('off', [0.8, 1, 1, 1, 1.2]), ...many('auto', [4, 5, 6, 7, 8])],
      cfg,
    );
    expect(summary.modes.auto).toMatchObject({ ach: 5, ach_low: 4 - 1.2, ach_high: 8 - 0.8 });
    // 5 meets 5, but the low end does not: a verdict that may still change.
    expect(summary.modes.auto).toMatchObject({ verdict: 'meets', conclusive: false });
    const weak = summarizeModes(
      [...many('off', [1, 1, 1, 1, 1]), ...many('silence', [0.5, 0.8, 1, 1.1, 1.2])],
      cfg,
    );
    expect(weak.modes.silence).toMatchObject({ ach: 0, ach_low: 0, verdict: 'below' });
  });

  it('the documented default natural rate until off has five kept episodes', () => {
    const summary = summarizeModes([...many('off', [1, 1]), ...many('auto', [6, 6, 6, 6, 6])], cfg);
    expect(summary).toMatchObject({ natural_ach: null, natural_ach_source: 'default' });
    expect(summary.modes.auto.ach).toBe(6 - DEFAULT_NATURAL_ACH);
    expect(summary.modes.off).toMatchObject({ verdict: 'not_enough_data', needed: 3 });
  });

  it('counts only kept PM2.5 episodes with a mode; no volume, no CADR', () => {
    const summary = summarizeModes(
      [
        ...many('auto', [6, 6, 6, 6]),
        episode('auto', 6, { kept: false, reason: 'too_noisy' }),
        episode('auto', 6, { kind: 'co2' }),
        episode('auto', 6, { mode: null }),
      ],
      { ...cfg, roomVolumeM3: null },
    );
    expect(summary.modes.auto).toMatchObject({ episodes: 4, needed: MIN_EPISODES - 4 });
    const enough = summarizeModes(many('auto', [6, 6, 6, 6, 6]), { ...cfg, roomVolumeM3: null });
    expect(enough.modes.auto.cadr_m3h).toBeNull();
  });
});

describe('medianInterval', () => {
  it('order statistics around the median: the full range at five, narrower with more', () => {
    expect(medianInterval([5, 1, 4, 2, 3])).toEqual({ median: 3, low: 1, high: 5 });
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(medianInterval(hundred)).toEqual({ median: 50.5, low: 40, high: 61 });
  });
});

describe('clean-air targets', () => {
  it('quotes the sources and their figures', () => {
    expect(CLEAN_AIR_TARGETS.ashrae241.cfmPerPerson).toEqual({
      office: 30,
      classroom: 40,
      restaurant: 60,
      gym: 80,
    });
    expect(CLEAN_AIR_TARGETS.ashrae241.lpsPerPerson.office).toBe(14.2);
    expect(CLEAN_AIR_TARGETS.lancet.tiers.map((t) => [t.tier, t.ach, t.lpsPerPerson])).toEqual([
      ['good', 4, 10],
      ['better', 6, 14],
      ['best', 6, 14],
    ]);
  });

  it('Lancet tiers: good from 4 /h and 10 L/s/person, better from 6 and 14, best above', () => {
    expect(lancetTier(3.9, null)).toBeNull();
    expect(lancetTier(4, null)).toBe('good');
    expect(lancetTier(6, null)).toBe('better');
    expect(lancetTier(6.1, null)).toBe('best');
    expect(lancetTier(8, 12)).toBe('good'); // the per-person figure holds it back
    expect(lancetTier(8, 9)).toBeNull();
  });

  it('equivalent clean air = ventilation + filtration, per person with volume and occupants', () => {
    // 5 /h in 90 m³ for 5 people: 5 × 90 000 L / 3600 s / 5 = 25 L/s/person.
    const air = cleanAir({ ventilationAch: 1, filtrationAch: 4, roomVolumeM3: 90, occupants: 5 });
    expect(air).toMatchObject({ ach: 5, lps_per_person: 25 });
    expect(air.targets).toEqual({
      lancet: 'good',
      lancet_per_person_checked: true,
      ashrae241: { office: true, classroom: true, restaurant: false, gym: false },
    });
    expect(
      cleanAir({ ventilationAch: 1, filtrationAch: 4, roomVolumeM3: 90, occupants: null }),
    ).toMatchObject({
      ach: 5,
      lps_per_person: null,
      targets: { lancet: 'good', lancet_per_person_checked: false, ashrae241: null },
    });
    expect(
      cleanAir({ ventilationAch: null, filtrationAch: 3, roomVolumeM3: 90, occupants: 5 }).ach,
    ).toBe(3);
    expect(
      cleanAir({ ventilationAch: null, filtrationAch: null, roomVolumeM3: 90, occupants: 5 }),
    ).toEqual({
      ach: null,
      lps_per_person: null,
      targets: null,
    });
  });
});

describe('forecastReplacement', () => {
  const t0 = Date.UTC(2026, 0, 1);

  it('a linear decline of 1 % a day from 100 % reaches 10 % on day 90', () => {
    const levels = Array.from({ length: 41 }, (_, d) => ({ t: t0 + d * DAY, level: 100 - d }));
    const forecast = forecastReplacement(levels, { replacementLevel: 10, now: t0 + 40 * DAY });
    expect(forecast.pace_per_day).toBe(-1);
    expect(Math.abs(forecast.due_at! - (t0 + 90 * DAY))).toBeLessThan(60_000);
  });

  it('the recent pace counts: a filter loading faster lately is due sooner', () => {
    const levels = [
      ...Array.from({ length: 60 }, (_, d) => ({ t: t0 + d * DAY, level: 100 - 0.5 * d })),
      ...Array.from({ length: 30 }, (_, d) => ({ t: t0 + (60 + d) * DAY, level: 70 - 2 * d })),
    ];
    const now = t0 + 89 * DAY;
    const forecast = forecastReplacement(levels, { replacementLevel: 10, now });
    expect(forecast.pace_per_day).toBeCloseTo(-2, 1);
    // 70 − 2·29 = 12 on day 89: 10 one day later.
    expect(Math.abs(forecast.due_at! - (t0 + 90 * DAY))).toBeLessThan(DAY / 4);
  });

  it('starts after the last replacement', () => {
    const levels = [
      { t: t0, level: 30 },
      { t: t0 + DAY, level: 20 },
      { t: t0 + 2 * DAY, level: 100 },
      { t: t0 + 12 * DAY, level: 90 },
      { t: t0 + 22 * DAY, level: 80 },
    ];
    const forecast = forecastReplacement(levels, { replacementLevel: 10, now: t0 + 22 * DAY });
    expect(forecast.pace_per_day).toBe(-1);
    expect(Math.abs(forecast.due_at! - (t0 + 92 * DAY))).toBeLessThan(60_000);
  });

  it('null when flat, rising, too few points or too short a history', () => {
    const flat = [0, 5, 10].map((d) => ({ t: t0 + d * DAY, level: 80 }));
    expect(
      forecastReplacement(flat, { replacementLevel: 10, now: t0 + 10 * DAY }).due_at,
    ).toBeNull();
    expect(
      forecastReplacement(flat.slice(0, 2), { replacementLevel: 10, now: t0 + 10 * DAY }),
    ).toEqual({ due_at: null, pace_per_day: null });
    const hours = [0, 1, 2].map((h) => ({ t: t0 + h * 3_600_000, level: 90 - h }));
    expect(forecastReplacement(hours, { replacementLevel: 10, now: t0 + DAY })).toEqual({
      due_at: null,
      pace_per_day: null,
    });
  });
});
