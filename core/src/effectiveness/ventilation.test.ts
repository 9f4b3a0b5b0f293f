import { describe, expect, it } from 'vitest';
import { simulateCo2Room } from '../../test/synthetic-room.ts';
import { findCo2Episodes } from './episodes.ts';
import { EPISODE_LOOKBACK_MS } from './options.ts';
import { MIN_CO2_EPISODES, summarizeVentilation } from './summary.ts';
import type { DecayEpisode } from './types.ts';
import { outdoorCo2 } from './ventilation.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// A Monday: occupied weekdays 08:30–12:00 and 13:30–17:30 UTC.
const start = Date.UTC(2026, 5, 1);

function co2Episodes(
  ach: number,
  opts: { days?: number; outdoorPpm?: number; offset?: number; seed?: number } = {},
) {
  const days = opts.days ?? 14;
  const samples = simulateCo2Room({ ach, start, days, offset: opts.offset, seed: opts.seed ?? 5 });
  const episodes = findCo2Episodes(samples, {
    reportFrom: start,
    reportTo: start + days * DAY,
    outdoorPpm: opts.outdoorPpm,
  });
  return { samples, episodes };
}

describe('ventilation from CO2 decays', () => {
  for (const ach of [0.5, 0.8, 2]) {
    it(`a room ventilated at ${ach} /h measures within ±20 %`, () => {
      const { episodes } = co2Episodes(ach);
      const ventilation = summarizeVentilation(episodes);
      expect(ventilation.episodes).toBeGreaterThanOrEqual(MIN_CO2_EPISODES);
      expect(Math.abs(ventilation.ach! - ach) / ach).toBeLessThan(0.2);
      expect(ventilation.ach_low!).toBeLessThanOrEqual(ventilation.ach!);
      expect(ventilation.ach_high!).toBeGreaterThanOrEqual(ventilation.ach!);
      for (const e of episodes.filter((x) => x.kept)) {
        expect(e).toMatchObject({ kind: 'co2', mode: null, background: 420 });
        expect(e.fitTo! - e.fitFrom!).toBeGreaterThanOrEqual(30 * 60_000);
      }
    });
  }

  it('"not enough" until three decays are kept', () => {
    const kept = co2Episodes(0.8).episodes.filter((e) => e.kept);
    for (let n = 0; n < MIN_CO2_EPISODES; n++)
      expect(summarizeVentilation(kept.slice(0, n))).toEqual({
        ach: null,
        ach_low: null,
        ach_high: null,
        episodes: n,
        needed: MIN_CO2_EPISODES - n,
      });
    expect(summarizeVentilation(kept.slice(0, MIN_CO2_EPISODES)).ach).not.toBeNull();
  });

  it('a sensor reading 40 ppm low: its own night floor as outdoor level keeps the estimate right', () => {
    const samples = simulateCo2Room({ ach: 0.8, start, days: 14, offset: -40, seed: 6 });
    const outdoor = outdoorCo2(samples, 'UTC');
    expect(Math.abs(outdoor - 380)).toBeLessThanOrEqual(8);
    const right = findCo2Episodes(samples, {
      reportFrom: start,
      reportTo: start + 14 * DAY,
      outdoorPpm: outdoor,
    });
    expect(Math.abs(summarizeVentilation(right).ach! - 0.8) / 0.8).toBeLessThan(0.2);
    // With 420 the excess it falls towards is 40 ppm short: the decay looks faster.
    const wrong = findCo2Episodes(samples, { reportFrom: start, reportTo: start + 14 * DAY });
    expect(summarizeVentilation(wrong).ach!).toBeGreaterThan(summarizeVentilation(right).ach!);
  });

  it('hour by hour gives the episodes of one call', () => {
    const days = 7;
    const samples = simulateCo2Room({ ach: 0.8, start, days, seed: 7 });
    const once = findCo2Episodes(samples, { reportFrom: start, reportTo: start + days * DAY });
    const hourly: DecayEpisode[] = [];
    for (let from = start; from < start + days * DAY; from += HOUR) {
      const data = samples.filter((s) => s.t >= from - EPISODE_LOOKBACK_MS && s.t < from + HOUR);
      hourly.push(...findCo2Episodes(data, { reportFrom: from, reportTo: from + HOUR }));
    }
    expect(once.length).toBeGreaterThanOrEqual(5);
    expect(hourly).toEqual(once);
  });
});

describe('outdoorCo2', () => {
  it('420 ppm for a room that airs out to it', () => {
    const samples = simulateCo2Room({ ach: 0.8, start, days: 7, seed: 8 });
    expect(Math.abs(outdoorCo2(samples, 'Europe/Paris') - 420)).toBeLessThanOrEqual(5);
  });

  it('a steady floor over 420 (urban air) is believed', () => {
    const samples = simulateCo2Room({ ach: 1, start, days: 7, outdoor: 470, seed: 9 });
    expect(Math.abs(outdoorCo2(samples, 'UTC') - 470)).toBeLessThanOrEqual(5);
  });

  it('a room that never airs out keeps 420', () => {
    const samples = simulateCo2Room({ ach: 0.1, start, days: 7, seed: 10 });
    expect(outdoorCo2(samples, 'UTC')).toBe(420);
  });

  it('420 with fewer than three nights', () => {
    const samples = simulateCo2Room({ ach: 0.8, start, days: 2, offset: -40, seed: 11 });
    expect(outdoorCo2(samples, 'UTC')).toBe(420);
  });
});
