import { describe, expect, it } from 'vitest';
import { measureText } from './measures.ts';

describe('measureText', () => {
  it('writes a value in the reader’s format with its unit, a dash when absent', () => {
    expect(measureText('co2', 1300, 'en')).toBe('1,300 ppm');
    expect(measureText('pm25', 12.5, 'fr')).toBe('12,5 µg/m3');
    expect(measureText('co2', null, 'en')).toBe('—');
  });

  it('gives formaldehyde in µg/m3 and in ppm, the unit of spec section 3', () => {
    expect(measureText('formaldehyde', 24, 'en')).toBe('24 µg/m3 (0.02 ppm)');
    expect(measureText('formaldehyde', 100, 'fr')).toBe('100 µg/m3 (0,081 ppm)');
  });
});
