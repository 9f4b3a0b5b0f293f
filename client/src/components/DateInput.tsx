import { useEffect, useMemo, useRef, useState, type Ref } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { DayPicker } from 'react-day-picker';
import { useTranslation } from 'react-i18next';
import { displayToIsoDate, isoDateToDisplay, todayInParis } from '../lib/dates.ts';
import { Icon } from './Icon.tsx';
import './DateInput.css';

/** A YYYY-MM-DD date as a local Date at midnight (the calendar's own unit), or undefined. */
function toDate(iso: string | null | undefined): Date | undefined {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : undefined;
}

/** A local Date as YYYY-MM-DD. */
function toIso(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/**
 * A date field shown as DD/MM/YYYY whatever the browser's locale, with a calendar (Radix Popover
 * and react-day-picker) whose weeks start on Monday (spec section 9), its month and day names in
 * the reader's language. Its value is YYYY-MM-DD ('' when empty; the typed text while it is not
 * a real date, so the form's validation refuses it). The calendar is used from the keyboard:
 * arrows move by day and week, Page Up/Down by month, Enter picks, Escape closes it only.
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
  const [month, setMonth] = useState<Date>(() => toDate(displayToIsoDate(text) ?? todayInParis())!);
  const input = useRef<HTMLInputElement | null>(null);

  // A value set from outside (reset, default) replaces what is shown.
  useEffect(() => {
    setText((current) => (displayToIsoDate(current) === value ? current : isoDateToDisplay(value)));
  }, [value]);

  const formats = useMemo(
    () => ({
      caption: new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric' }),
      weekday: new Intl.DateTimeFormat(i18n.language, { weekday: 'short' }),
      weekdayLong: new Intl.DateTimeFormat(i18n.language, { weekday: 'long' }),
    }),
    [i18n.language],
  );

  const type = (next: string) => {
    setText(next);
    onChange(next.trim() === '' ? '' : (displayToIsoDate(next) ?? next.trim()));
  };
  const pick = (day: Date | undefined) => {
    if (!day) return;
    const iso = toIso(day);
    setText(isoDateToDisplay(iso));
    onChange(iso);
    setOpen(false);
  };
  const toggle = (next: boolean) => {
    if (next) setMonth(toDate(displayToIsoDate(text) ?? todayInParis())!);
    setOpen(next);
  };
  const setRef = (node: HTMLInputElement | null) => {
    input.current = node;
    if (typeof inputRef === 'function') inputRef(node);
    else if (inputRef) inputRef.current = node;
  };

  const selected = toDate(displayToIsoDate(text));
  const disabled = [
    ...(max ? [{ after: toDate(max)! }] : []),
    ...(min ? [{ before: toDate(min)! }] : []),
  ];

  return (
    <Popover.Root open={open} onOpenChange={toggle}>
      <div className="date-input">
        <input
          id={id}
          ref={setRef}
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
        <Popover.Trigger
          type="button"
          className="icon-button date-input__toggle"
          aria-label={t('common.date.open-calendar')}
        >
          <Icon name="calendar" size={18} />
        </Popover.Trigger>
      </div>
      {/* In place, not in a portal: it stays inside the dialog that holds the field. */}
      <Popover.Content
        className="date-input__calendar"
        align="start"
        sideOffset={4}
        aria-label={formats.caption.format(month)}
        onCloseAutoFocus={(event) => {
          // Back to the text, where typing goes on.
          event.preventDefault();
          input.current?.focus();
        }}
      >
        <DayPicker
          mode="single"
          autoFocus
          weekStartsOn={1}
          month={month}
          onMonthChange={setMonth}
          selected={selected}
          onSelect={pick}
          disabled={disabled}
          today={toDate(todayInParis())}
          classNames={{ month_grid: 'rdp-month_grid date-input__grid' }}
          formatters={{
            formatCaption: (date) => formats.caption.format(date),
            formatWeekdayName: (date) => formats.weekday.format(date),
          }}
          labels={{
            labelDayButton: (date) => isoDateToDisplay(toIso(date)),
            labelWeekday: (date) => formats.weekdayLong.format(date),
            labelNext: () => t('common.date.next-month'),
            labelPrevious: () => t('common.date.previous-month'),
            labelGrid: (date) => formats.caption.format(date),
          }}
        />
      </Popover.Content>
    </Popover.Root>
  );
}
