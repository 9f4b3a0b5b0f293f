import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { throttleTime, type Observable } from 'rxjs';
import { ListError } from '../../../../components/ListState.tsx';
import { Icon } from '../../../../components/Icon.tsx';
import { Spinner } from '../../../../components/Spinner.tsx';
import { useGetSensorMeasuresQuery } from '../../api/sensorsApi.ts';
import { isEmptyGraph, seriesOf } from '../../graphs/graphData.ts';
import {
  calendarPeriod,
  isLiveMode,
  LIVE_WINDOW_SECONDS,
  livePeriod,
  type GraphMode,
  type Period,
} from '../../graphs/periods.ts';
import { useGraphSettings } from '../../hooks/useGraphSettings.ts';
import { batchSamples, type SampleMessage } from '../../streams/liveSamples.ts';
import { MeasurePicker } from './MeasurePicker.tsx';
import { PeriodPicker } from './PeriodPicker.tsx';

// lightweight-charts is only loaded by pages that draw a graph.
const MeasureChart = lazy(() =>
  import('../../graphs/MeasureChart.tsx').then((m) => ({ default: m.MeasureChart })),
);

function ChartState({ children }: { children: React.ReactNode }) {
  return <div className="graph-state">{children}</div>;
}

/** The period a mode shows now; null for a free range not chosen yet. */
function periodOf(
  mode: GraphMode,
  settings: ReturnType<typeof useGraphSettings>,
  liveNow: Date,
): Period | null {
  if (isLiveMode(mode)) return livePeriod(mode, liveNow);
  if (mode === 'range') {
    const { from, to } = settings.range;
    return from && to ? { from: new Date(from), to: new Date(to) } : null;
  }
  return calendarPeriod(mode as 'hour' | 'day' | 'week' | 'month', settings.anchor);
}

/** How often a current day drawn as hourly roll-ups is asked again while samples arrive. */
export const ROLLUP_REFRESH_MS = 60_000;

/**
 * Whether a calendar hour or day is the current one (it holds now): it follows the stream like
 * the live windows do, up to its end.
 */
export function isCurrentPeriod(mode: GraphMode, period: Period | null, now = Date.now()): boolean {
  return (
    (mode === 'hour' || mode === 'day') &&
    period !== null &&
    period.from.getTime() <= now &&
    now < period.to.getTime()
  );
}

/**
 * A sensor's graphs (detail tab and public page): measures, mode and period, then the chart of
 * what the server answered (its resolution said in a caption). Live modes append the samples of
 * `messages$` (the sensor's channel) as they come, in batches.
 */
export function SensorGraphs({
  sensorUlid,
  isPublic = false,
  messages$,
}: {
  sensorUlid: string;
  isPublic?: boolean;
  messages$: Observable<SampleMessage> | null;
}) {
  const { t } = useTranslation();
  const settings = useGraphSettings();
  const { mode, measures } = settings;
  // A live window ends when it was opened; the stream brings it forward from there.
  const [liveNow, setLiveNow] = useState(() => new Date());
  const period = periodOf(mode, settings, liveNow);
  const live = isLiveMode(mode);
  const args = period
    ? {
        ulid: sensorUlid,
        from: period.from.toISOString(),
        to: period.to.toISOString(),
        measures,
        isPublic,
      }
    : null;
  // currentData: the answer for these arguments only, never the previous period's.
  const {
    currentData: shown,
    error,
    isFetching,
    refetch,
  } = useGetSensorMeasuresQuery(args ?? skipArgs, {
    skip: args === null || measures.length === 0,
  });
  const series = useMemo(() => (shown ? seriesOf(shown, measures) : null), [shown, measures]);
  // The current hour or day follows the stream too: raw samples are appended up to its end; a
  // day drawn as hourly roll-ups is asked again (at most once a minute) as samples arrive.
  const current = isCurrentPeriod(mode, period);
  const rollup = shown?.resolution === 'rollup';
  const untilSeconds = current && period ? Math.floor(period.to.getTime() / 1000) : undefined;
  const live$ = useMemo(
    () => ((live || (current && !rollup)) && messages$ ? messages$.pipe(batchSamples()) : null),
    [live, current, rollup, messages$],
  );
  useEffect(() => {
    if (!current || !rollup || !messages$) return;
    const subscription = messages$
      .pipe(batchSamples(), throttleTime(ROLLUP_REFRESH_MS, undefined, { trailing: true }))
      .subscribe(() => void refetch());
    return () => subscription.unsubscribe();
  }, [current, rollup, messages$, refetch]);

  const changeMode = (next: GraphMode) => {
    if (isLiveMode(next)) setLiveNow(new Date());
    settings.setMode(next);
  };

  let body;
  if (measures.length === 0) {
    body = <ChartState>{t('sensor.graphs.pick-a-measure')}</ChartState>;
  } else if (!period) {
    body = <ChartState>{t('sensor.graphs.range.choose')}</ChartState>;
  } else if (error && !shown) {
    body = (
      <ListError
        compact
        title={t('sensor.graphs.load-error')}
        error={error}
        retryLabel={t('sensor.retry')}
        onRetry={() => void refetch()}
      />
    );
  } else if (!shown || !series) {
    body = (
      <ChartState>
        <Spinner size={32} />
        <span className="visually-hidden">{t('common.loading')}</span>
      </ChartState>
    );
  } else if (isEmptyGraph(series) && !live && !current) {
    body = (
      <ChartState>
        <Icon name="info" size={22} />
        {t('sensor.graphs.empty')}
      </ChartState>
    );
  } else {
    body = (
      <>
        <Suspense
          fallback={
            <ChartState>
              <Spinner size={32} />
            </ChartState>
          }
        >
          <MeasureChart
            series={series}
            measures={measures}
            rollup={rollup}
            live$={live$}
            windowSeconds={LIVE_WINDOW_SECONDS[mode]}
            untilSeconds={untilSeconds}
            intervalSeconds={rollup ? (shown.bucket_seconds ?? 3600) : undefined}
          />
        </Suspense>
        <p className="graph-caption muted small">
          {rollup
            ? t('sensor.graphs.resolution.rollup', {
                count: Math.round((shown.bucket_seconds ?? 3600) / 3600),
              })
            : t('sensor.graphs.resolution.raw')}
          {live || current ? ` · ${t('sensor.graphs.live-caption')}` : null}
          {isEmptyGraph(series) && (live || current) ? ` · ${t('sensor.graphs.waiting')}` : null}
        </p>
      </>
    );
  }

  return (
    <section className="card sensor-graphs" aria-busy={isFetching || undefined}>
      <PeriodPicker
        mode={mode}
        anchor={settings.anchor}
        range={settings.range}
        onMode={changeMode}
        onAnchor={settings.setAnchor}
        onRange={settings.setRange}
      />
      <MeasurePicker selected={measures} onChange={settings.setMeasures} />
      <div className={`graph-area${isFetching && shown ? ' is-refreshing' : ''}`}>{body}</div>
    </section>
  );
}

const skipArgs = { ulid: '', from: '', to: '', measures: [] };
