import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { GRAPH_MEASURES, MEASURE_DECIMALS } from '@aircloud/shared/sensors';
import { MeasureChart } from './MeasureChart.tsx';

/** What the chart asked of lightweight-charts: its options and every line with its options. */
const drawn = vi.hoisted(() => ({
  chartOptions: [] as Record<string, unknown>[],
  lines: [] as { options: Record<string, unknown>; applied: Record<string, unknown>[] }[],
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
      addSeries: (_type: unknown, options: Record<string, unknown>) => {
        const line = { options, applied: [] as Record<string, unknown>[] };
        drawn.lines.push(line);
        return {
          setData: () => undefined,
          update: () => undefined,
          applyOptions: (o: Record<string, unknown>) => line.applied.push(o),
        };
      },
      removeSeries: () => undefined,
      applyOptions: (o: Record<string, unknown>) => drawn.chartOptions.push(o),
      priceScale: () => ({ applyOptions: () => undefined }),
      timeScale: () => ({ fitContent: () => undefined }),
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
    expect(axisText(value)).toBe(legendNumber);
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
