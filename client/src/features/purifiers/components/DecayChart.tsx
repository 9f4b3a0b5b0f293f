import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DecayEpisodeDetail } from '@aircloud/shared/effectiveness';
import { formatDateTime } from '../../../lib/dates.ts';
import { durationMinutes, useAirFormat } from './airChangesFormat.ts';

/** The drawing's width before its frame is measured (and in tests, which measure nothing). */
const DEFAULT_WIDTH = 640;
const HEIGHT = 260;
/** Minute steps of the time axis, the first that leaves each label about 60 px. */
const MINUTE_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 240];
const PAD = { left: 52, right: 14, top: 12, bottom: 34 };

/** The decade ticks (1, 2, 5 × 10^k while the span is short) between two log10 bounds. */
export function logTicks(lo: number, hi: number): number[] {
  const steps = hi - lo <= 1.5 ? [1, 2, 5] : [1];
  const ticks: number[] = [];
  for (let k = Math.floor(lo); k <= Math.ceil(hi); k++)
    for (const s of steps) {
      const v = s * 10 ** k;
      const l = Math.log10(v);
      if (l >= lo - 1e-9 && l <= hi + 1e-9) ticks.push(v);
    }
  return ticks;
}

/**
 * The width of the frame in CSS pixels, followed as it changes: the drawing is laid out at that
 * width, so its labels keep their size on a phone instead of shrinking with a scaled image.
 */
function useFrameWidth() {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(Math.max(280, Math.min(960, measured)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** Readings as (minutes from the first, log10 of the excess over background); none at or under. */
export function excessPoints(
  points: { t: string; v: number }[],
  background: number,
  t0: number,
): { x: number; y: number }[] {
  return points
    .filter((p) => p.v - background > 0)
    .map((p) => ({ x: (Date.parse(p.t) - t0) / 60_000, y: Math.log10(p.v - background) }));
}

/**
 * One decay drawn so its rate can be believed: the excess of each reading over the background on
 * a logarithmic scale, where an exponential decay is a straight line, with the fitted line over
 * the part it was fitted on. An SVG image whose caption gives the figures in words.
 */
export function DecayChart({ episode }: { episode: DecayEpisodeDetail }) {
  const { t } = useTranslation();
  const f = useAirFormat();
  const captionId = useId();
  const { ref, width } = useFrameWidth();
  const unit = t(`air-changes.units.${episode.kind}`);
  const t0 = Date.parse(episode.points[0]?.t ?? episode.start);
  const readings = excessPoints(episode.points, episode.background, t0);
  const fitted = excessPoints(episode.fitted, episode.background, t0);
  const minutes = durationMinutes(episode.start, episode.end);
  const caption = t('air-changes.chart.caption', {
    kind: t(`air-changes.kinds.${episode.kind}`),
    date: formatDateTime(episode.start),
    peak: f.n(episode.peak),
    background: f.n(episode.background),
    unit,
    readings: episode.points.length,
    minutes,
    mode: episode.mode ? t(`purifiers.modes-inline.${episode.mode}`) : t('air-changes.unknown'),
    rate: episode.rate === null ? '—' : f.n(episode.rate, 2),
    r2: f.r2(episode.r2),
  });

  const all = [...readings, ...fitted];
  if (all.length === 0) {
    return (
      <figure className="decay-chart" ref={ref}>
        <p className="muted">{t('air-changes.chart.nothing-above')}</p>
        <figcaption id={captionId} className="decay-chart__caption">
          {caption}
        </figcaption>
      </figure>
    );
  }
  const xMax = Math.max(1, minutes, ...all.map((p) => p.x));
  const yLo = Math.floor(Math.min(...all.map((p) => p.y)) * 2) / 2;
  const yHi = Math.max(yLo + 0.5, Math.ceil(Math.max(...all.map((p) => p.y)) * 2) / 2);
  const plotW = width - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const sx = (x: number) => PAD.left + (x / xMax) * plotW;
  const sy = (y: number) => PAD.top + (1 - (y - yLo) / (yHi - yLo)) * plotH;
  const maxTicks = Math.max(2, Math.floor(plotW / 60));
  const xStep = MINUTE_STEPS.find((step) => xMax / step <= maxTicks) ?? 480;
  const xTicks = Array.from({ length: Math.floor(xMax / xStep) + 1 }, (_, i) => i * xStep);
  const fitFrom = episode.fit_from ? (Date.parse(episode.fit_from) - t0) / 60_000 : null;
  const fitTo = episode.fit_to ? (Date.parse(episode.fit_to) - t0) / 60_000 : null;

  return (
    <figure className="decay-chart" ref={ref}>
      <p className="decay-chart__y-label small muted" aria-hidden="true">
        {t('air-changes.chart.y-axis', { unit })}
      </p>
      <svg
        className="decay-chart__svg"
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-labelledby={captionId}
        preserveAspectRatio="xMidYMid meet"
      >
        {fitFrom !== null && fitTo !== null ? (
          <rect
            className="decay-chart__fit-zone"
            x={sx(Math.max(0, fitFrom))}
            y={PAD.top}
            width={Math.max(0, sx(Math.min(xMax, fitTo)) - sx(Math.max(0, fitFrom)))}
            height={plotH}
          />
        ) : null}
        {logTicks(yLo, yHi).map((v) => (
          <g key={v} className="decay-chart__tick">
            <line
              x1={PAD.left}
              x2={width - PAD.right}
              y1={sy(Math.log10(v))}
              y2={sy(Math.log10(v))}
            />
            <text x={PAD.left - 6} y={sy(Math.log10(v))} textAnchor="end" dominantBaseline="middle">
              {f.n(v, 2)}
            </text>
          </g>
        ))}
        {xTicks.map((x) => (
          <g key={x} className="decay-chart__tick">
            <text x={sx(x)} y={HEIGHT - PAD.bottom + 16} textAnchor="middle">
              {t('air-changes.chart.minutes', { value: x })}
            </text>
          </g>
        ))}
        <line
          className="decay-chart__axis"
          x1={PAD.left}
          x2={width - PAD.right}
          y1={PAD.top + plotH}
          y2={PAD.top + plotH}
        />
        {readings.map((p, i) => (
          <circle key={i} className="decay-chart__point" cx={sx(p.x)} cy={sy(p.y)} r={2.6} />
        ))}
        {fitted.length > 1 ? (
          <polyline
            className="decay-chart__fit"
            points={fitted.map((p) => `${sx(p.x).toFixed(1)},${sy(p.y).toFixed(1)}`).join(' ')}
          />
        ) : null}
      </svg>
      <ul className="decay-chart__legend small" aria-hidden="true">
        <li>
          <span className="decay-chart__key decay-chart__key--point" />
          {t('air-changes.chart.readings', { unit })}
        </li>
        <li>
          <span className="decay-chart__key decay-chart__key--fit" />
          {t('air-changes.chart.fitted')}
        </li>
        <li>
          <span className="decay-chart__key decay-chart__key--zone" />
          {t('air-changes.chart.fit-zone')}
        </li>
      </ul>
      <figcaption id={captionId} className="decay-chart__caption small">
        {caption}
      </figcaption>
    </figure>
  );
}
