import { describe, expect, it } from 'vitest';
import { airQualityBands, airQualityLevel, levelRank, worstReading } from './air-quality.ts';

describe('air-quality levels', () => {
  it('reads each recommended threshold as the start of the next level', () => {
    expect(airQualityLevel('co2', 799)).toBe('good');
    expect(airQualityLevel('co2', 800)).toBe('moderate');
    expect(airQualityLevel('co2', 1000)).toBe('poor');
    expect(airQualityLevel('co2', 1300)).toBe('poor');
    expect(airQualityLevel('co2', 1500)).toBe('very_poor');
    expect(airQualityLevel('pm25', 14.9)).toBe('good');
    expect(airQualityLevel('formaldehyde', 30)).toBe('poor');
  });

  it('gives no level to measures without thresholds or to missing values', () => {
    expect(airQualityLevel('temperature', 40)).toBeNull();
    expect(airQualityLevel('co2', null)).toBeNull();
    expect(airQualityLevel('co2', Number.NaN)).toBeNull();
  });

  it('lets the worst measure decide, CO2 first on a tie', () => {
    const sample = { ts: '2026-11-27T10:00:00Z', co2: 600, pm25: 30, temperature: 22 };
    expect(worstReading(sample)).toEqual({
      measure: 'pm25',
      value: 30,
      level: 'poor',
    });
    expect(worstReading({ co2: 900, pm25: 20 })).toMatchObject({
      measure: 'co2',
      level: 'moderate',
    });
    expect(worstReading({ ts: '2026-11-27T10:00:00Z', temperature: 22 } as object)).toBeNull();
  });

  it('cuts each measure into four contiguous bands', () => {
    const bands = airQualityBands('pm10');
    expect(bands.map((b) => [b.from, b.to])).toEqual([
      [0, 45],
      [45, 75],
      [75, 100],
      [100, null],
    ]);
    expect(levelRank('very_poor')).toBeGreaterThan(levelRank('good'));
  });
});
