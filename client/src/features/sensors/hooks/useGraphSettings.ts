import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { GRAPH_MEASURES, type GraphMeasure } from '@aircloud/shared/sensor-measures';
import { DEFAULT_GRAPH_MEASURES } from '../graphs/measureStyle.ts';
import { anchorOf, GRAPH_MODES, type Anchor, type GraphMode } from '../graphs/periods.ts';

/** The graph mode a sensor opens with: the live last hour. */
export const DEFAULT_GRAPH_MODE: GraphMode = 'last-hour';

function parseMeasures(value: string | null): GraphMeasure[] {
  if (value === null) return [...DEFAULT_GRAPH_MEASURES];
  const wanted = new Set(value.split(','));
  return GRAPH_MEASURES.filter((m) => wanted.has(m));
}

function validInstant(value: string | null): string | null {
  return value && !Number.isNaN(Date.parse(value)) ? value : null;
}

/**
 * What a graph shows, kept in the URL so a view can be reloaded or shared: `mode`, `date` and
 * `hour` (calendar modes), `from` / `to` (free range) and `m` (measures, comma-separated). Other
 * parameters (e.g. `user` of view-as-user) are kept.
 */
export function useGraphSettings() {
  const [params, setParams] = useSearchParams();
  const modeParam = params.get('mode');
  const mode = GRAPH_MODES.includes(modeParam as GraphMode)
    ? (modeParam as GraphMode)
    : DEFAULT_GRAPH_MODE;
  const dateParam = params.get('date');
  const hourParam = Number(params.get('hour'));
  const measuresParam = params.get('m');
  const today = anchorOf(new Date());
  const anchor: Anchor = {
    date: dateParam && /^\d{4}-\d{2}-\d{2}$/.test(dateParam) ? dateParam : today.date,
    hour:
      params.get('hour') !== null && Number.isInteger(hourParam) && hourParam >= 0 && hourParam < 24
        ? hourParam
        : today.hour,
  };
  const range = { from: validInstant(params.get('from')), to: validInstant(params.get('to')) };
  const measures = useMemo(() => parseMeasures(measuresParam), [measuresParam]);

  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  return {
    mode,
    anchor,
    range,
    measures,
    setMode: (next: GraphMode) => update({ mode: next }),
    setAnchor: (next: Anchor) => update({ date: next.date, hour: String(next.hour) }),
    setRange: (from: string, to: string) => update({ mode: 'range', from, to }),
    setMeasures: (next: readonly GraphMeasure[]) =>
      update({ m: GRAPH_MEASURES.filter((m) => next.includes(m)).join(',') }),
  };
}
