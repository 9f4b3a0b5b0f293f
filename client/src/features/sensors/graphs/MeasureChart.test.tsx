import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { GRAPH_MEASURES, MEASURE_DECIMALS, MEASURE_UNITS } from '@aircloud/shared/sensors';
import { MeasureChart } from './MeasureChart.tsx';

/** What the chart asked of lightweight-charts: its options and every line with its options. */
interface DrawnLine {
  options: Record<string, unknown>;
  applied: Record<string, unknown>[];
  pane: number;
  data: { time: number; value?: number }[];
  priceLines: { options: Record<string, unknown>; applied: Record<string, unknown>[] }[];
}
const drawn = vi.hoisted(() => ({
  chartOptions: [] as Record<string, unknown>[],
  lines: [] as DrawnLine[],
  scales: new Map<string, Record<string, unknown>>(),
  paneHeights: new Map<number, number>(),
  ranges: [] as { from: number; to: number }[],
}));

// lightweight-charts draws on a canvas jsdom does not have: the chart is recorded instead.
vi.mock('lightweight-charts', () => ({
  ColorType: { Solid: 'solid' },
  CrosshairMode: { Magnet: 1 },
  LineSeries: 'Line',
  LineStyle: { Dashed: 2 },
  LineType: { Simple: 0, WithSteps: 1 },
  TickMarkType: { Year: 0, Month: 1, DayOfMonth: 2, Time: 3, TimeWithSeconds: 4 },
  createChart: (_element: unknown, options: Record<string, unknown>) => {
    drawn.chartOptions.push(options);
    return {
      addSeries: (_type: unknown, options: Record<string, unknown>, pane = 0) => {
        const line: DrawnLine = { options, applied: [], pane, data: [], priceLines: [] };
        drawn.lines.push(line);
        return {
          setData: (data: DrawnLine['data']) => (line.data = data),
          update: () => undefined,
          applyOptions: (o: Record<string, unknown>) => line.applied.push(o),
          createPriceLine: (o: Record<string, unknown>) => {
            const priceLine = { options: o, applied: [] as Record<string, unknown>[] };
            line.priceLines.push(priceLine);
            return { applyOptions: (a: Record<string, unknown>) => priceLine.applied.push(a) };
          },
        };
      },
      panes: () => {
        const count = Math.max(0, ...drawn.lines.map((l) => l.pane)) + 1;
        return Array.from({ length: count }, (_, index) => ({
          priceScale: (id: string) => ({
            applyOptions: (o: Record<string, unknown>) =>
              drawn.scales.set(`${index}/${id}`, { ...drawn.scales.get(`${index}/${id}`), ...o }),
          }),
          setHeight: (height: number) => drawn.paneHeights.set(index, height),
        }));
      },
      removeSeries: () => undefined,
      applyOptions: (o: Record<string, unknown>) => drawn.chartOptions.push(o),
      priceScale: () => ({ applyOptions: () => undefined }),
      timeScale: () => ({
        fitContent: () => undefined,
        getVisibleLogicalRange: () => ({ from: 0, to: 99 }),
        width: () => 990,
        setVisibleLogicalRange: (range: { from: number; to: number }) => drawn.ranges.push(range),
        subscribeSizeChange: () => undefined,
        unsubscribeSizeChange: () => undefined,
      }),
      subscribeCrosshairMove: () => undefined,
      unsubscribeCrosshairMove: () => undefined,
      remove: () => undefined,
    };
  },
}));

/** How the price scale of the last line drawn writes a value (axis labels, crosshair). */
function axisText(value: number): string {
  const line = drawn.lines.at(-1)!;
  const format = [line.options, ...line.applied]
    .map((o) => o.priceFormat as { type: string; formatter?: (v: number) => string } | undefined)
    .filter((f) => f !== undefined)
    .at(-1);
  expect(format?.type).toBe('custom');
  return format!.formatter!(value);
}

describe('MeasureChart', () => {
  it.each(GRAPH_MEASURES)('writes %s on its axis with the decimals of its legend', (measure) => {
    const value = 1234.5678;
    const { unmount } = render(
      <MeasureChart
        series={{ [measure]: { t: [1795784400, 1795784460], v: [10, value] } }}
        measures={[measure]}
        rollup={false}
      />,
    );
    const legend = screen.getByText((_, el) => el?.getAttribute('data-measure') === measure);
    const legendNumber = legend.textContent!.split(' ')[0]!;
    // The axis writes the number as the legend does, with its unit.
    expect(axisText(value)).toContain(legendNumber);
    expect(axisText(value)).toContain(MEASURE_UNITS[measure]);
    // Both follow the shared table: formaldehyde to a tenth, CO2 whole.
    expect(legendNumber.split('.')[1]?.length ?? 0).toBe(MEASURE_DECIMALS[measure]);
    // No chart-wide formatter overrides the measures' own (it would win over them).
    for (const options of drawn.chartOptions)
      expect(
        (options.localization as { priceFormatter?: unknown } | undefined)?.priceFormatter,
      ).toBeUndefined();
    unmount();
  });
});

const T0 = 1795784400;

function reset() {
  drawn.chartOptions.length = 0;
  drawn.lines.length = 0;
  drawn.scales.clear();
  drawn.paneHeights.clear();
}

describe('MeasureChart scales, gaps and levels', () => {
  it('gives a third unit a pane of its own with its visible axis (no overlay scale)', () => {
    reset();
    render(
      <MeasureChart
        series={{
          co2: { t: [T0, T0 + 60], v: [600, 610] },
          pm25: { t: [T0, T0 + 60], v: [5, 6] },
          temperature: { t: [T0, T0 + 60], v: [21, 21.1] },
        }}
        measures={['co2', 'pm25', 'temperature']}
        rollup={false}
      />,
    );
    const byScale = drawn.lines.map((l) => [l.pane, l.options.priceScaleId]);
    expect(byScale).toEqual([
      [0, 'right'],
      [0, 'left'],
      [1, 'right'],
    ]);
    // Both axes shown (a pane's empty side keeps the panes aligned), no pane without a scale.
    const axes = drawn.chartOptions.at(-1) as Record<string, { visible?: boolean }>;
    expect(axes.leftPriceScale?.visible).toBe(true);
    expect(axes.rightPriceScale?.visible).toBe(true);
    expect([...drawn.scales.keys()].sort()).toEqual(['0/left', '0/right', '1/left', '1/right']);
    for (const line of drawn.lines) {
      expect(String(line.options.priceScaleId)).not.toMatch(/overlay/);
      // Every scale keeps its unit's minimum span.
      expect(typeof line.options.autoscaleInfoProvider).toBe('function');
    }
  });

  it('draws a silence as whitespace at the sampling interval (a linear time axis)', () => {
    reset();
    const t = [T0, T0 + 60, T0 + 120, T0 + 180, T0 + 240, T0 + 600, T0 + 660];
    render(
      <MeasureChart
        series={{ co2: { t, v: [600, 610, 620, 630, 640, 650, 660] } }}
        measures={['co2']}
        rollup={false}
      />,
    );
    // Room before the first point and after the last for their time labels (32 px of 990 px).
    expect(drawn.ranges.at(-1)!.from).toBeCloseTo((-11 * 32) / 990);
    expect(drawn.ranges.at(-1)!.to).toBeCloseTo(11 + (11 * 32) / 990);
    const data = drawn.lines[0]!.data;
    // 240 → 600 s: five empty minutes between, every step of the axis is a minute.
    expect(data).toHaveLength(7 + 5);
    expect(data.filter((p) => p.value === undefined)).toHaveLength(5);
    const steps = new Set(data.slice(1).map((p, i) => p.time - data[i]!.time));
    expect([...steps]).toEqual([60]);
    // The line breaks: the point before the silence starts a transparent segment.
    expect((data[4] as { color?: string }).color).toBe('transparent');
    expect(data.filter((p) => (p as { color?: string }).color !== undefined)).toHaveLength(1);
  });

  it('marks the air-quality thresholds of a levelled measure, named, in the theme colours', async () => {
    reset();
    document.documentElement.style.setProperty('--aq-poor', 'rgb(200, 0, 0)');
    render(
      <MeasureChart
        series={{
          co2: { t: [T0, T0 + 60], v: [600, 1300] },
          temperature: { t: [T0, T0 + 60], v: [21, 21.1] },
        }}
        measures={['co2', 'temperature']}
        rollup={false}
      />,
    );
    const [co2, temperature] = drawn.lines;
    expect(co2!.priceLines.map((l) => [l.options.price, l.options.title])).toEqual([
      [800, 'Moderate'],
      [1000, 'Poor'],
      [1500, 'Very poor'],
    ]);
    expect(co2!.priceLines[1]!.options.color).toBe('rgb(200, 0, 0)');
    expect(temperature!.priceLines).toEqual([]);

    // The theme changes: the lines take the new colours.
    document.documentElement.style.setProperty('--aq-poor', 'rgb(255, 120, 120)');
    await act(async () => {
      document.documentElement.setAttribute('data-theme', 'dark');
      await Promise.resolve();
    });
    expect(co2!.priceLines[1]!.applied.at(-1)?.color).toBe('rgb(255, 120, 120)');
    document.documentElement.style.removeProperty('--aq-poor');
    document.documentElement.removeAttribute('data-theme');
  });
});
