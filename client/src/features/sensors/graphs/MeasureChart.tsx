import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ColorType,
  createChart,
  CrosshairMode,
  LineSeries,
  LineStyle,
  LineType,
  TickMarkType,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type LineData,
  type Time,
  type UTCTimestamp,
  type WhitespaceData,
} from 'lightweight-charts';
import type { Observable } from 'rxjs';
import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from '@aircloud/shared/constants';
import { type GraphMeasure, MEASURE_UNITS, type SensorSample } from '@aircloud/shared/sensors';
import { ChartClock } from './chartTime.ts';
import {
  allInstants,
  axisStep,
  dropBefore,
  gapFillers,
  GAP_INTERVALS,
  hasPointsBefore,
  lineBreaks,
  liveAppends,
  mergeInstants,
  samplingInterval,
  withAppends,
  withWhitespace,
  type GraphSeries,
} from './graphData.ts';
import {
  levelLines,
  MEASURE_COLORS,
  measurePriceFormat,
  measureText,
  minimumSpanProvider,
  paneCount,
  readChartColors,
  scaleLayout,
  type ChartColors,
} from './measureStyle.ts';
import { useThemeVersion } from './useThemeVersion.ts';

/** The height of each further pane (a third unit and beyond), in pixels. */
export const EXTRA_PANE_HEIGHT = 150;

type Point = LineData<Time> | WhitespaceData<Time>;

/** The lines drawn for one measure: its values, and for a roll-up its bucket min and max. */
interface MeasureLines {
  value: ISeriesApi<'Line'>;
  min?: ISeriesApi<'Line'>;
  max?: ISeriesApi<'Line'>;
  /** Its air-quality thresholds, with the CSS variable of their colour. */
  levels: { line: IPriceLine; colorVar: string }[];
}

/** The chart-wide options that follow the theme. */
function themedOptions(colors: ChartColors) {
  return {
    layout: { textColor: colors.text },
    grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
  };
}

const TICK_FORMATS: Record<TickMarkType, string> = {
  [TickMarkType.Year]: 'yyyy',
  [TickMarkType.Month]: 'MM/yyyy',
  [TickMarkType.DayOfMonth]: 'dd/MM',
  [TickMarkType.Time]: 'HH:mm',
  [TickMarkType.TimeWithSeconds]: 'HH:mm:ss',
};

function inParis(utcSeconds: number, pattern: string): string {
  return format(new TZDate(utcSeconds * 1000, TIME_ZONE), pattern);
}

/**
 * lightweight-charts gives whitespace its room on the time axis but joins a line across it; a
 * segment takes the colour of the point it starts from, so a transparent point breaks the line.
 */
export const GAP_COLOR = 'transparent';

/**
 * The points of one column (values, mins or maxes), nulls as whitespace, on the chart's times;
 * the line breaks after the instants of `breaks` (before a silence or a missing value).
 */
export function pointsOf(
  times: readonly number[],
  values: readonly (number | null)[] | undefined,
  clock: ChartClock,
  breaks: ReadonlySet<number> = new Set(),
): Point[] {
  const points: Point[] = [];
  times.forEach((t, i) => {
    const time = clock.chartTime(t) as UTCTimestamp | undefined;
    if (time === undefined) return;
    const value = values?.[i];
    if (value === null || value === undefined) points.push({ time });
    else points.push(breaks.has(t) ? { time, value, color: GAP_COLOR } : { time, value });
  });
  return points;
}

/** Room left of the first point and right of the last, in pixels: their time labels fit. */
export const EDGE_ROOM_PX = 32;

/**
 * Fits the chart to its points, with room at both ends so that the first and last time labels
 * (centred on their point) are not cut by the axes.
 */
function fitWithRoom(chart: IChartApi, points: number): boolean {
  const timeScale = chart.timeScale();
  const width = timeScale.width();
  if (points < 2 || width <= 0) {
    timeScale.fitContent();
    return points < 2;
  }
  const pad = ((points - 1) * EDGE_ROOM_PX) / width;
  timeScale.setVisibleLogicalRange({ from: -pad, to: points - 1 + pad });
  return true;
}

/** A column as drawn: whitespace merged in, the line broken before silences and missing values. */
function drawnColumn(
  times: readonly number[],
  values: readonly (number | null)[] | undefined,
  fillers: readonly number[],
  clock: ChartClock,
  interval: number | null,
): Point[] {
  const filled = withWhitespace(times, values, fillers);
  return pointsOf(filled.t, filled.v, clock, lineBreaks(times, values, interval));
}

/** The value a legend shows for a measure: under the crosshair, else the latest one. */
type LegendValues = Partial<Record<GraphMeasure, number | null>>;

function latestValues(series: GraphSeries): LegendValues {
  const out: LegendValues = {};
  for (const [measure, s] of Object.entries(series) as [
    GraphMeasure,
    GraphSeries[GraphMeasure],
  ][]) {
    const values = s?.v ?? [];
    let last: number | null = null;
    for (let i = values.length - 1; i >= 0; i -= 1)
      if (values[i] !== null && values[i] !== undefined) {
        last = values[i]!;
        break;
      }
    out[measure] = last;
  }
  return out;
}

/**
 * One chart of several measures (lightweight-charts): each unit on its own price scale, a
 * distinct colour per measure, the roll-up's min/max as thin dashed lines, the ISO class as a
 * step line, times in Europe/Paris. A response is drawn with one setData per line; live samples
 * arrive in batches (`live$`) and are appended with update(), older points leaving the window.
 */
export function MeasureChart({
  series,
  measures,
  rollup,
  live$,
  windowSeconds,
  untilSeconds,
  intervalSeconds,
  height = 380,
}: {
  series: GraphSeries;
  measures: readonly GraphMeasure[];
  rollup: boolean;
  live$?: Observable<SensorSample[]> | null;
  windowSeconds?: number;
  /** A calendar period followed live: samples from this instant on are not drawn. */
  untilSeconds?: number;
  /** The expected time between points (a roll-up's bucket); else worked out from the data. */
  intervalSeconds?: number;
  height?: number;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const clock = useRef(new ChartClock());
  const lines = useRef(new Map<GraphMeasure, MeasureLines>());
  const model = useRef<GraphSeries>(series);
  const [legend, setLegend] = useState<LegendValues>(() => latestValues(series));
  const [hoverTime, setHoverTime] = useState<number | null>(null);
  // Read by the live subscription: the legend follows new points unless the user hovers.
  const hovering = useRef(false);
  // The expected time between points: a longer silence is drawn as a gap of its real width.
  const interval = useRef<number | null>(null);
  // The step of the linear time axis (whitespace fills longer steps).
  const step = useRef<number | null>(null);
  // The points of the last fit, kept while the chart is resized (autoSize measures it a moment
  // later, and a resize keeps the bar spacing): the fit with its room is made again.
  const pendingFit = useRef<number | null>(null);
  const themeVersion = useThemeVersion();
  const canvasHeight = height + Math.max(0, paneCount(measures) - 1) * EXTRA_PANE_HEIGHT;

  // The chart itself, once.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const colors = readChartColors();
    const created = createChart(element, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: colors.text,
        fontFamily: getComputedStyle(element).fontFamily,
        fontSize: 12,
        attributionLogo: false,
        panes: { separatorColor: colors.grid, enableResize: false },
      },
      grid: {
        vertLines: { color: colors.grid },
        horzLines: { color: colors.grid },
      },
      crosshair: { mode: CrosshairMode.Magnet },
      rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.08, bottom: 0.08 } },
      leftPriceScale: { borderVisible: false, scaleMargins: { top: 0.08, bottom: 0.08 } },
      timeScale: {
        borderVisible: false,
        timeVisible: true,
        secondsVisible: false,
        // A few points must not stretch across the whole width (a lone sample drawn as a bar).
        maxBarSpacing: 24,
        tickMarkFormatter: (time: Time, type: TickMarkType) =>
          inParis(clock.current.instant(time as number), TICK_FORMATS[type]),
      },
      localization: {
        timeFormatter: (time: Time) =>
          inParis(clock.current.instant(time as number), 'dd/MM/yyyy HH:mm'),
      },
      handleScroll: { vertTouchDrag: false },
    });
    chart.current = created;
    const onMove = (param: { time?: Time; seriesData: Map<unknown, unknown> }) => {
      hovering.current = param.time !== undefined;
      if (param.time === undefined) {
        setHoverTime(null);
        setLegend(latestValues(model.current));
        return;
      }
      const values: LegendValues = {};
      for (const [measure, line] of lines.current) {
        const point = param.seriesData.get(line.value) as { value?: number } | undefined;
        values[measure] = point?.value ?? null;
      }
      setHoverTime(clock.current.instant(param.time as number));
      setLegend(values);
    };
    created.subscribeCrosshairMove(onMove as never);
    const onSize = () => {
      if (pendingFit.current !== null) fitWithRoom(created, pendingFit.current);
    };
    created.timeScale().subscribeSizeChange(onSize);
    const drawn = lines.current;
    return () => {
      created.unsubscribeCrosshairMove(onMove as never);
      created.timeScale().unsubscribeSizeChange(onSize);
      created.remove();
      chart.current = null;
      drawn.clear();
    };
  }, []);

  // A response: one setData per line, each unit on its own labelled scale, gaps kept as gaps.
  useEffect(() => {
    const current = chart.current;
    if (!current) return;
    for (const line of lines.current.values())
      for (const api of [line.value, line.min, line.max]) if (api) current.removeSeries(api);
    lines.current.clear();
    model.current = series;
    const instants = allInstants(series);
    interval.current = intervalSeconds ?? samplingInterval(instants);
    step.current = intervalSeconds ?? axisStep(instants);
    const fillers = gapFillers(instants, step.current);
    const axis = mergeInstants(instants, fillers);
    clock.current.reset(axis);
    const layout = scaleLayout(measures);
    const colors = readChartColors();
    const levelled = measures.filter((m) => levelLines(m).length > 0);
    for (const measure of measures) {
      const data = series[measure];
      const slot = layout.get(MEASURE_UNITS[measure])!;
      const color = MEASURE_COLORS[measure];
      const common = {
        priceScaleId: slot.priceScaleId,
        lineType: measure === 'iso' ? LineType.WithSteps : LineType.Simple,
        autoscaleInfoProvider: minimumSpanProvider(measure),
      };
      const column = (values: readonly (number | null)[] | undefined) =>
        drawnColumn(data?.t ?? [], values, fillers, clock.current, interval.current);
      const value = current.addSeries(
        LineSeries,
        {
          ...common,
          color,
          lineWidth: 2,
          // Sparse data (a sensor that just started) shows its points, not only a line.
          pointMarkersVisible: (data?.t.length ?? 0) < 60,
          priceLineVisible: false,
        },
        slot.paneIndex,
      );
      value.setData(column(data?.v));
      // The air-quality levels: a dashed line where each level starts, named.
      const levels = levelLines(measure).map((level) => ({
        colorVar: level.colorVar,
        line: value.createPriceLine({
          price: level.price,
          color: colors.aq[level.colorVar]!,
          lineWidth: 1,
          lineStyle: LineStyle.Dashed,
          axisLabelVisible: false,
          title:
            levelled.length > 1
              ? `${t(`sensor.measures.${measure}`)} · ${t(`sensors.air-quality.${level.level}`)}`
              : t(`sensors.air-quality.${level.level}`),
        }),
      }));
      const measureLines: MeasureLines = { value, levels };
      if (rollup) {
        for (const bound of ['min', 'max'] as const) {
          const band = current.addSeries(
            LineSeries,
            {
              ...common,
              color: `${color}66`,
              lineWidth: 1,
              lineStyle: LineStyle.Dashed,
              lastValueVisible: false,
              priceLineVisible: false,
              crosshairMarkerVisible: false,
            },
            slot.paneIndex,
          );
          band.setData(column(data?.[bound]));
          measureLines[bound] = band;
        }
      }
      lines.current.set(measure, measureLines);
    }
    // An axis side is shown in every pane or in none (lightweight-charts lays the panes out on
    // one grid): the left one when a unit uses it, the right one always.
    const used = [...layout.values()];
    current.applyOptions({
      leftPriceScale: { visible: used.some((s) => s.priceScaleId === 'left') },
      rightPriceScale: { visible: true },
    });
    current.panes().forEach((pane, index) => {
      for (const side of ['left', 'right'] as const)
        pane.priceScale(side).applyOptions({
          borderVisible: false,
          scaleMargins: { top: 0.08, bottom: 0.08 },
        });
      pane.setHeight(index === 0 ? height : EXTRA_PANE_HEIGHT);
    });
    fitWithRoom(current, axis.length);
    pendingFit.current = axis.length;
    setLegend(latestValues(series));
  }, [series, measures, rollup, intervalSeconds, height, t]);

  // The theme changed (light / dark): the chart's colours and the levels' lines follow.
  useEffect(() => {
    const current = chart.current;
    if (!current || themeVersion === 0) return;
    const colors = readChartColors();
    current.applyOptions({
      ...themedOptions(colors),
      layout: { ...themedOptions(colors).layout, panes: { separatorColor: colors.grid } },
    });
    for (const measureLines of lines.current.values())
      for (const level of measureLines.levels)
        level.line.applyOptions({ color: colors.aq[level.colorVar]! });
  }, [themeVersion]);

  // Numbers in the reader's language on every scale, each measure with the legend's decimals.
  useEffect(() => {
    for (const [measure, line] of lines.current)
      for (const api of [line.value, line.min, line.max])
        api?.applyOptions({ priceFormat: measurePriceFormat(measure, language) });
  }, [language, series, measures, rollup]);

  // Live samples, a batch at a time: update() per new point, a window that moves on.
  useEffect(() => {
    if (!live$) return;
    const subscription = live$.subscribe((samples) => {
      const current = chart.current;
      if (!current) return;
      const appends = liveAppends(model.current, samples, measures, untilSeconds);
      const times = [...new Set(Object.values(appends).flatMap((p) => p.map((x) => x.t)))].sort(
        (a, b) => a - b,
      );
      if (times.length === 0) return;
      // A silence before these samples is drawn as a gap of its real width, as in a response.
      const known = allInstants(model.current);
      const previous = known.length > 0 ? known[known.length - 1]! : null;
      if (interval.current === null) interval.current = samplingInterval([...known, ...times]);
      if (step.current === null) step.current = axisStep([...known, ...times]);
      const fillers = previous !== null ? gapFillers([previous, ...times], step.current) : [];
      const silence =
        previous !== null &&
        interval.current !== null &&
        times[0]! - previous > GAP_INTERVALS * interval.current;
      clock.current.extend(mergeInstants(times, fillers));
      for (const [measure, line] of lines.current) {
        // After a silence the last point drawn turns transparent: the line breaks there.
        const last = model.current[measure];
        const lastValue = last?.v[last.v.length - 1];
        const lastTime = previous !== null ? clock.current.chartTime(previous) : undefined;
        if (silence && lastTime !== undefined && lastValue != null)
          line.value.update({ time: lastTime as UTCTimestamp, value: lastValue, color: GAP_COLOR });
      }
      // New points and whitespace, in time order (update() only appends).
      for (const [measure, line] of lines.current) {
        const points = appends[measure] ?? [];
        const merged = withWhitespace(
          points.map((p) => p.t),
          points.map((p) => p.v),
          fillers,
        );
        merged.t.forEach((t, i) => {
          const time = clock.current.chartTime(t) as UTCTimestamp | undefined;
          if (time === undefined) return;
          const value = merged.v[i];
          line.value.update(value == null ? { time } : { time, value });
        });
      }
      let next = withAppends(model.current, appends);
      if (windowSeconds) {
        const start = Math.floor(Date.now() / 1000) - windowSeconds;
        if (hasPointsBefore(next, start)) {
          // Points that left the window go, redrawn once (not per point).
          next = dropBefore(next, start);
          clock.current.forgetBefore(start);
          const kept = gapFillers(allInstants(next), step.current);
          for (const [measure, line] of lines.current)
            line.value.setData(
              drawnColumn(
                next[measure]?.t ?? [],
                next[measure]?.v,
                kept,
                clock.current,
                interval.current,
              ),
            );
        }
      }
      model.current = next;
      // Live points move the chart on by themselves: a resize no longer refits it.
      pendingFit.current = null;
      if (!hovering.current) setLegend(latestValues(next));
    });
    return () => subscription.unsubscribe();
  }, [live$, measures, windowSeconds, untilSeconds]);

  return (
    <div className="measure-chart">
      <ul className="measure-chart__legend" aria-label={t('sensor.graphs.legend')}>
        {measures.map((measure) => {
          const value = legend[measure];
          return (
            <li key={measure} className="measure-chart__legend-item">
              <span
                className="measure-chart__swatch"
                style={{ background: MEASURE_COLORS[measure] }}
                aria-hidden="true"
              />
              <span className="measure-chart__legend-name">{t(`sensor.measures.${measure}`)}</span>
              <span className="measure-chart__legend-value" data-measure={measure}>
                {measureText(measure, value, language)}
              </span>
            </li>
          );
        })}
        {hoverTime !== null ? (
          <li className="measure-chart__legend-time">{inParis(hoverTime, 'dd/MM/yyyy HH:mm')}</li>
        ) : null}
      </ul>
      <div
        ref={container}
        className="measure-chart__canvas"
        style={{ height: canvasHeight }}
        role="img"
        aria-label={t('sensor.graphs.chart-label', {
          measures: measures.map((m) => t(`sensor.measures.${m}`)).join(', '),
        })}
      />
    </div>
  );
}
