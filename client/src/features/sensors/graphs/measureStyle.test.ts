import { describe, expect, it } from 'vitest';
import { GRAPH_MEASURES, MEASURE_UNITS } from '@aircloud/shared/sensors';
import {
  levelLines,
  measurePriceFormat,
  minimumSpanProvider,
  paneCount,
  readChartColors,
  scaleLayout,
  withMinimumSpan,
} from './measureStyle.ts';

describe('one labelled scale per unit', () => {
  it('puts the first two units on the right and left axes of the main pane', () => {
    const layout = scaleLayout(['co2', 'pm25', 'pm10']);
    expect(layout.get('ppm')).toEqual({ unit: 'ppm', paneIndex: 0, priceScaleId: 'right' });
    expect(layout.get('µg/m3')).toEqual({ unit: 'µg/m3', paneIndex: 0, priceScaleId: 'left' });
    expect(layout.size).toBe(2);
    expect(paneCount(['co2', 'pm25', 'pm10'])).toBe(1);
  });

  it('gives a third unit and beyond a pane of its own, never an overlay', () => {
    const layout = scaleLayout(['co2', 'pm25', 'temperature', 'humidity']);
    expect(layout.get('°C')).toEqual({ unit: '°C', paneIndex: 1, priceScaleId: 'right' });
    expect(layout.get('%HR')).toEqual({ unit: '%HR', paneIndex: 2, priceScaleId: 'right' });
    expect(paneCount(['co2', 'pm25', 'temperature', 'humidity'])).toBe(3);
  });

  it('keeps every slot on a visible axis: at most a left and a right per pane', () => {
    const layout = [...scaleLayout(GRAPH_MEASURES).values()];
    expect(layout).toHaveLength(new Set(Object.values(MEASURE_UNITS)).size);
    for (const slot of layout) expect(['left', 'right']).toContain(slot.priceScaleId);
    const perPane = new Map<string, number>();
    for (const slot of layout) {
      const key = `${slot.paneIndex}/${slot.priceScaleId}`;
      perPane.set(key, (perPane.get(key) ?? 0) + 1);
    }
    expect(Math.max(...perPane.values())).toBe(1);
  });

  it('writes the unit on the axis labels', () => {
    expect(measurePriceFormat('temperature', 'en').formatter(21.46)).toBe('21.5 °C');
    expect(measurePriceFormat('co2', 'en').formatter(812)).toBe('812 ppm');
    expect(measurePriceFormat('iso', 'en').formatter(7)).toBe('ISO 7');
  });
});

describe('minimum span of a scale', () => {
  it('shows 0.1 °C of noise as a wobble in a 2 °C range, not a full-height spike', () => {
    const range = withMinimumSpan({ minValue: 21.0, maxValue: 21.1 }, '°C');
    expect(range.maxValue - range.minValue).toBeCloseTo(2);
    expect(range.minValue).toBeCloseTo(20.05);
  });

  it('widens CO2 to 200 ppm and humidity to 10 %, never below zero', () => {
    const co2 = withMinimumSpan({ minValue: 600, maxValue: 610 }, 'ppm');
    expect(co2.maxValue - co2.minValue).toBe(200);
    expect(withMinimumSpan({ minValue: 40, maxValue: 41 }, '%HR').maxValue).toBe(45.5);
    expect(withMinimumSpan({ minValue: 1, maxValue: 2 }, 'µg/m3')).toEqual({
      minValue: 0,
      maxValue: 10,
    });
  });

  it('leaves a range wider than the minimum as it is', () => {
    const wide = { minValue: 400, maxValue: 1400 };
    expect(withMinimumSpan(wide, 'ppm')).toBe(wide);
  });

  it('is what the autoscale hook answers', () => {
    const hook = minimumSpanProvider('temperature');
    const answer = hook(() => ({ priceRange: { minValue: 20, maxValue: 20.1 } }));
    expect(answer?.priceRange).toEqual(withMinimumSpan({ minValue: 20, maxValue: 20.1 }, '°C'));
    expect(hook(() => null)).toBeNull();
  });
});

describe('air-quality levels on the graph', () => {
  it('draws a line where each level above good starts, from the shared thresholds', () => {
    expect(levelLines('co2')).toEqual([
      { level: 'moderate', price: 800, colorVar: '--aq-moderate' },
      { level: 'poor', price: 1000, colorVar: '--aq-poor' },
      { level: 'very_poor', price: 1500, colorVar: '--aq-very-poor' },
    ]);
    for (const measure of ['pm25', 'pm10', 'tvoc', 'formaldehyde'] as const)
      expect(levelLines(measure)).toHaveLength(3);
  });

  it('draws none for temperature or humidity', () => {
    expect(levelLines('temperature')).toEqual([]);
    expect(levelLines('humidity')).toEqual([]);
  });

  it('reads its colours from the theme variables', () => {
    document.documentElement.style.setProperty('--aq-poor', 'rgb(1, 2, 3)');
    document.documentElement.style.setProperty('--text-muted', 'rgb(4, 5, 6)');
    const colors = readChartColors();
    expect(colors.aq['--aq-poor']).toBe('rgb(1, 2, 3)');
    expect(colors.text).toBe('rgb(4, 5, 6)');
    document.documentElement.style.removeProperty('--aq-poor');
    document.documentElement.style.removeProperty('--text-muted');
  });
});
