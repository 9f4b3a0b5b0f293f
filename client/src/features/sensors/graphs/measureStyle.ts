import { airQualityBands, isLevelled, type AirQualityLevel } from '@aircloud/shared/air-quality';
import {
  MEASURE_DECIMALS,
  MEASURE_UNITS,
  type GraphMeasure,
} from '@aircloud/shared/sensor-measures';
import { formatNumber } from '../../../lib/numbers.ts';

export { measureText } from '../../../lib/measures.ts';

/** A distinct colour per measure, the same on every graph and legend. */
export const MEASURE_COLORS: Record<GraphMeasure, string> = {
  co2: '#2f6fdb',
  pm1: '#8b5cf6',
  pm25: '#e8590c',
  pm10: '#a16207',
  temperature: '#d6336c',
  humidity: '#0c8599',
  formaldehyde: '#c2255c',
  tvoc: '#2b8a3e',
  pc03: '#5c7cfa',
  pc05: '#4263eb',
  pc1: '#3b5bdb',
  pc25: '#364fc7',
  pc5: '#1c7ed6',
  pc10: '#1864ab',
  iso: '#868e96',
};

/** The main measures a sensor card shows live, in this order. */
export const MAIN_MEASURES: readonly GraphMeasure[] = ['co2', 'pm25', 'temperature', 'humidity'];

/** The measures a graph shows first. */
export const DEFAULT_GRAPH_MEASURES: readonly GraphMeasure[] = ['co2', 'pm25', 'temperature'];

/** Where a unit's values are drawn: a pane (0 is the main one) and a visible, labelled axis. */
export interface ScaleSlot {
  unit: string;
  paneIndex: number;
  priceScaleId: 'left' | 'right';
}

/**
 * One price scale per unit, each with its own visible axis: the first unit on the right axis of
 * the main pane, the second on its left axis, every further unit in a pane of its own below
 * (right axis). No unit is ever drawn on an unlabelled overlay scale.
 */
export function scaleLayout(measures: readonly GraphMeasure[]): Map<string, ScaleSlot> {
  const slots = new Map<string, ScaleSlot>();
  for (const measure of measures) {
    const unit = MEASURE_UNITS[measure];
    if (slots.has(unit)) continue;
    const n = slots.size;
    slots.set(
      unit,
      n === 0
        ? { unit, paneIndex: 0, priceScaleId: 'right' }
        : n === 1
          ? { unit, paneIndex: 0, priceScaleId: 'left' }
          : { unit, paneIndex: n - 1, priceScaleId: 'right' },
    );
  }
  return slots;
}

/** How many panes a chart of these measures has. */
export function paneCount(measures: readonly GraphMeasure[]): number {
  let panes = 0;
  for (const slot of scaleLayout(measures).values()) panes = Math.max(panes, slot.paneIndex + 1);
  return panes;
}

/**
 * The smallest span a unit's axis shows: a 0.1 °C wobble must look like one, not fill the
 * height. Sized on what a reader would call a change worth seeing.
 */
export const MIN_SPAN: Record<string, number> = {
  ppm: 200,
  'µg/m3': 10,
  '°C': 2,
  '%HR': 10,
  ppb: 100,
  'pcs/L': 100,
  ISO: 2,
};

/** Units whose values are never negative: a widened range does not go below zero. */
const SIGNED_UNITS = new Set(['°C']);

/** A value range widened to the unit's minimum span around its middle (never below 0 if unsigned). */
export function withMinimumSpan(
  range: { minValue: number; maxValue: number },
  unit: string,
): { minValue: number; maxValue: number } {
  const span = MIN_SPAN[unit] ?? 0;
  if (range.maxValue - range.minValue >= span) return range;
  const middle = (range.minValue + range.maxValue) / 2;
  let minValue = middle - span / 2;
  if (!SIGNED_UNITS.has(unit) && minValue < 0) minValue = 0;
  return { minValue, maxValue: minValue + span };
}

/**
 * lightweight-charts' autoscale hook for a measure: the fitted range, widened to the unit's
 * minimum span.
 */
export function minimumSpanProvider(measure: GraphMeasure) {
  const unit = MEASURE_UNITS[measure];
  return (
    original: () => {
      priceRange: { minValue: number; maxValue: number } | null;
      margins?: unknown;
    } | null,
  ) => {
    const fitted = original();
    if (!fitted?.priceRange) return fitted;
    return { ...fitted, priceRange: withMinimumSpan(fitted.priceRange, unit) };
  };
}

/** The unit written after a value on an axis ('ISO' before it: ISO 7). */
export function withUnit(text: string, measure: GraphMeasure): string {
  const unit = MEASURE_UNITS[measure];
  return unit === 'ISO' ? `ISO ${text}` : `${text} ${unit}`;
}

/**
 * How a chart's price scale writes a measure's values (axis labels, last value, crosshair): the
 * same decimals and number format as measureText, followed by the unit so that every axis says
 * what it measures.
 */
export function measurePriceFormat(measure: GraphMeasure, language: string) {
  const decimals = MEASURE_DECIMALS[measure];
  return {
    type: 'custom' as const,
    minMove: 1 / 10 ** decimals,
    formatter: (value: number) => withUnit(formatNumber(value, language, decimals), measure),
  };
}

/** A threshold line of the air-quality levels: where a level starts, and its token. */
export interface LevelLine {
  level: AirQualityLevel;
  price: number;
  /** The CSS variable of the level's colour. */
  colorVar: string;
}

/**
 * The air-quality thresholds of a levelled measure (decisions section 4, the same scale as the
 * sensor cards): one line where each level above 'good' starts. None for other measures.
 */
export function levelLines(measure: GraphMeasure): LevelLine[] {
  if (!isLevelled(measure)) return [];
  return airQualityBands(measure)
    .filter((band) => band.from > 0)
    .map((band) => ({
      level: band.level,
      price: band.from,
      colorVar: `--aq-${band.level.replace('_', '-')}`,
    }));
}

/** The colours a chart reads from the theme (CSS variables of the root element). */
export interface ChartColors {
  text: string;
  grid: string;
  aq: Record<string, string>;
}

function cssVar(style: CSSStyleDeclaration, name: string, fallback: string): string {
  return style.getPropertyValue(name).trim() || fallback;
}

/** The theme's colours now (re-read when `data-theme` changes). */
export function readChartColors(root: Element = document.documentElement): ChartColors {
  const style = getComputedStyle(root);
  return {
    text: cssVar(style, '--text-muted', '#6b7785'),
    grid: cssVar(style, '--border', '#e3e8ee'),
    aq: Object.fromEntries(
      ['--aq-moderate', '--aq-poor', '--aq-very-poor'].map((name) => [
        name,
        cssVar(style, name, '#8a5a00'),
      ]),
    ),
  };
}
