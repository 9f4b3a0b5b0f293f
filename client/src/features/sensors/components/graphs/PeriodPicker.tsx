import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/Button.tsx';
import { DateInput } from '../../../../components/DateInput.tsx';
import { Icon } from '../../../../components/Icon.tsx';
import { formatDate, formatDateTime, formatTime } from '../../../../lib/dates.ts';
import { TIME_ZONE } from '@aircloud/shared/constants';
import {
  calendarPeriod,
  GRAPH_MODES,
  isLiveMode,
  parisInstant,
  stepAnchor,
  type Anchor,
  type GraphMode,
  type Period,
} from '../../graphs/periods.ts';
import { NARROW_QUERY, useMediaQuery } from '../../hooks/useMediaQuery.ts';

type CalendarMode = 'hour' | 'day' | 'week' | 'month';

/** The label of a calendar period: a day, an hour, a Monday-first week or a month. */
function periodLabel(mode: CalendarMode, period: Period, language: string): string {
  switch (mode) {
    case 'hour':
      return `${formatDateTime(period.from)} – ${formatTime(period.to)}`;
    case 'day':
      return formatDate(period.from);
    case 'week':
      return `${formatDate(period.from)} – ${formatDate(period.to.getTime() - 1)}`;
    case 'month':
      return new Intl.DateTimeFormat(language, {
        month: 'long',
        year: 'numeric',
        timeZone: TIME_ZONE,
      }).format(period.from);
  }
}

/** The free range's form: two Paris dates and times. */
function RangeForm({
  range,
  onApply,
}: {
  range: { from: string | null; to: string | null };
  onApply: (from: string, to: string) => void;
}) {
  const { t } = useTranslation();
  const split = (value: string | null) => {
    if (!value) return { date: '', time: '00:00' };
    const [date, time] = [formatDate(value), formatTime(value)];
    const [d, m, y] = date.split('/');
    return { date: `${y}-${m}-${d}`, time };
  };
  const [from, setFrom] = useState(() => split(range.from));
  const [to, setTo] = useState(() => split(range.to));
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const start = parisInstant(from.date, from.time);
    const end = parisInstant(to.date, to.time);
    if (!start || !end) return setError('validation.date');
    if (start >= end) return setError('validation.date_range');
    setError(null);
    onApply(start.toISOString(), end.toISOString());
  };

  return (
    <form className="graph-range" onSubmit={submit} noValidate>
      {(
        [
          ['from', from, setFrom],
          ['to', to, setTo],
        ] as const
      ).map(([key, value, set]) => (
        <fieldset key={key} className="graph-range__bound">
          <legend className="field__label">{t(`sensor.graphs.range.${key}`)}</legend>
          <DateInput
            id={`graph-range-${key}-date`}
            value={value.date}
            onChange={(date) => set({ ...value, date })}
          />
          <label className="visually-hidden" htmlFor={`graph-range-${key}-time`}>
            {t(`sensor.graphs.range.${key}-time`)}
          </label>
          <input
            id={`graph-range-${key}-time`}
            className="input graph-range__time"
            type="time"
            step={60}
            value={value.time}
            onChange={(event) => set({ ...value, time: event.target.value })}
          />
        </fieldset>
      ))}
      <Button type="submit" variant="secondary">
        {t('sensor.graphs.range.apply')}
      </Button>
      {error ? (
        <p className="field__error graph-range__error" role="alert">
          {t(error)}
        </p>
      ) : null}
    </form>
  );
}

/** Mode buttons, then what the mode needs: previous / next and a date, or a free range. */
export function PeriodPicker({
  mode,
  anchor,
  range,
  onMode,
  onAnchor,
  onRange,
}: {
  mode: GraphMode;
  anchor: Anchor;
  range: { from: string | null; to: string | null };
  onMode: (mode: GraphMode) => void;
  onAnchor: (anchor: Anchor) => void;
  onRange: (from: string, to: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const calendar = !isLiveMode(mode) && mode !== 'range' ? (mode as CalendarMode) : null;
  const period = calendar ? calendarPeriod(calendar, anchor) : null;
  const nextStartsInFuture = period !== null && period.to.getTime() > Date.now();
  // On a phone the seven modes are a select: a row of buttons would overflow the screen.
  const narrow = useMediaQuery(NARROW_QUERY);

  return (
    <div className="graph-period">
      {narrow ? (
        <div className="graph-modes-select">
          <label className="field__label" htmlFor="graph-mode-select">
            {t('sensor.graphs.mode')}
          </label>
          <select
            id="graph-mode-select"
            className="input"
            value={mode}
            onChange={(event) => onMode(event.target.value as GraphMode)}
          >
            {GRAPH_MODES.map((value) => (
              <option key={value} value={value}>
                {t(`sensor.graphs.modes.${value}`)}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <div
          className="segmented graph-modes"
          role="radiogroup"
          aria-label={t('sensor.graphs.mode')}
        >
          {GRAPH_MODES.map((value) => (
            <label key={value} className="segmented__option">
              <input
                type="radio"
                name="graph-mode"
                value={value}
                checked={mode === value}
                onChange={() => onMode(value)}
              />
              <span>{t(`sensor.graphs.modes.${value}`)}</span>
            </label>
          ))}
        </div>
      )}
      {calendar && period ? (
        <div className="graph-nav">
          <button
            type="button"
            className="icon-button graph-nav__step"
            aria-label={t('sensor.graphs.previous')}
            onClick={() => onAnchor(stepAnchor(calendar, anchor, -1))}
          >
            <Icon name="arrowRight" size={18} className="graph-nav__back" />
          </button>
          <strong className="graph-nav__label" aria-live="polite">
            {periodLabel(calendar, period, i18n.language)}
          </strong>
          <button
            type="button"
            className="icon-button graph-nav__step"
            aria-label={t('sensor.graphs.next')}
            disabled={nextStartsInFuture}
            onClick={() => onAnchor(stepAnchor(calendar, anchor, 1))}
          >
            <Icon name="arrowRight" size={18} />
          </button>
          <div className="graph-nav__pick">
            <label className="visually-hidden" htmlFor="graph-date">
              {t('sensor.graphs.date')}
            </label>
            <DateInput
              id="graph-date"
              value={anchor.date}
              onChange={(date) => {
                if (/^\d{4}-\d{2}-\d{2}$/.test(date)) onAnchor({ ...anchor, date });
              }}
            />
            {calendar === 'hour' ? (
              <>
                <label className="visually-hidden" htmlFor="graph-hour">
                  {t('sensor.graphs.hour')}
                </label>
                <select
                  id="graph-hour"
                  className="input graph-nav__hour"
                  value={anchor.hour}
                  onChange={(event) => onAnchor({ ...anchor, hour: Number(event.target.value) })}
                >
                  {Array.from({ length: 24 }, (_, hour) => (
                    <option key={hour} value={hour}>
                      {`${String(hour).padStart(2, '0')}:00`}
                    </option>
                  ))}
                </select>
              </>
            ) : null}
          </div>
        </div>
      ) : null}
      {mode === 'range' ? <RangeForm range={range} onApply={onRange} /> : null}
    </div>
  );
}
