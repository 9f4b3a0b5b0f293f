import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { displayToIsoDate, isoDateToDisplay, todayInParis } from '../lib/dates.ts';
import { Icon } from './Icon.tsx';
import './DateInput.css';

/** Monday first (spec section 9): column 0 is Monday. */
const WEEK_START_MONDAY = (weekday: number) => (weekday + 6) % 7;

interface Month {
  year: number;
  /** 0 to 11. */
  month: number;
}

function monthOf(iso: string): Month {
  const [year, month] = iso.split('-').map(Number);
  return { year: year!, month: month! - 1 };
}

function iso(year: number, month: number, day: number): string {
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The days of a month in weeks of seven, Monday first, null outside the month. */
function weeksOf({ year, month }: Month): (string | null)[][] {
  const first = WEEK_START_MONDAY(new Date(Date.UTC(year, month, 1)).getUTCDay());
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cells: (string | null)[] = [
    ...Array.from({ length: first }, () => null),
    ...Array.from({ length: days }, (_, i) => iso(year, month, i + 1)),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/**
 * A date field shown as DD/MM/YYYY whatever the browser's locale, with a calendar whose weeks
 * start on Monday. Its value is YYYY-MM-DD ('' when empty; the typed text while it is not a
 * real date, so the form's validation refuses it).
 */
export function DateInput({
  id,
  value,
  onChange,
  onBlur,
  max,
  min,
  inputRef,
  'aria-invalid': ariaInvalid,
  'aria-describedby': describedBy,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  max?: string;
  min?: string;
  inputRef?: Ref<HTMLInputElement>;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState(isoDateToDisplay(value));
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<Month>(() =>
    monthOf(displayToIsoDate(text) ?? todayInParis()),
  );
  const calendarId = useId();
  const wrapper = useRef<HTMLDivElement>(null);

  // A value set from outside (reset, default) replaces what is shown.
  useEffect(() => {
    setText((current) => (displayToIsoDate(current) === value ? current : isoDateToDisplay(value)));
  }, [value]);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const weekdays = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });
    // 2024-01-01 was a Monday.
    return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))));
  }, [i18n.language]);
  const title = new Intl.DateTimeFormat(i18n.language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(shown.year, shown.month, 1)));

  const type = (next: string) => {
    setText(next);
    onChange(next.trim() === '' ? '' : (displayToIsoDate(next) ?? next.trim()));
  };
  const pick = (day: string) => {
    setText(isoDateToDisplay(day));
    onChange(day);
    setOpen(false);
    document.getElementById(id)?.focus();
  };
  const toggle = () => {
    if (!open) setShown(monthOf(displayToIsoDate(text) ?? todayInParis()));
    setOpen(!open);
  };
  const step = (delta: number) =>
    setShown(({ year, month }) => {
      const next = new Date(Date.UTC(year, month + delta, 1));
      return { year: next.getUTCFullYear(), month: next.getUTCMonth() };
    });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
    }
  };
  const selected = displayToIsoDate(text);
  const today = todayInParis();

  return (
    <div className="date-input" ref={wrapper} onKeyDown={onKeyDown}>
      <input
        id={id}
        ref={inputRef}
        className="input"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('common.date.placeholder')}
        value={text}
        aria-invalid={ariaInvalid}
        aria-describedby={describedBy}
        onChange={(event) => type(event.target.value)}
        onBlur={onBlur}
      />
      <button
        type="button"
        className="icon-button date-input__toggle"
        aria-label={t('common.date.open-calendar')}
        aria-expanded={open}
        aria-controls={open ? calendarId : undefined}
        onClick={toggle}
      >
        <Icon name="calendar" size={18} />
      </button>
      {open ? (
        <div className="date-input__calendar" id={calendarId} role="dialog" aria-label={title}>
          <div className="date-input__head">
            <button
              type="button"
              className="icon-button"
              aria-label={t('common.date.previous-month')}
              onClick={() => step(-1)}
            >
              ‹
            </button>
            <span className="date-input__title">{title}</span>
            <button
              type="button"
              className="icon-button"
              aria-label={t('common.date.next-month')}
              onClick={() => step(1)}
            >
              ›
            </button>
          </div>
          <table className="date-input__grid" role="grid">
            <thead>
              <tr>
                {weekdays.map((day) => (
                  <th key={day} scope="col" abbr={day}>
                    {day}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeksOf(shown).map((week, w) => (
                <tr key={w}>
                  {week.map((day, d) => (
                    <td key={d}>
                      {day ? (
                        <button
                          type="button"
                          className={`date-input__day${day === selected ? ' is-selected' : ''}${day === today ? ' is-today' : ''}`}
                          aria-label={isoDateToDisplay(day)}
                          aria-pressed={day === selected}
                          disabled={
                            (max !== undefined && day > max) || (min !== undefined && day < min)
                          }
                          onClick={() => pick(day)}
                        >
                          {Number(day.slice(8))}
                        </button>
                      ) : null}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
