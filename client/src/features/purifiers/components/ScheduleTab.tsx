import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PURIFIER_MODES, type Purifier, type PurifierMode } from '@aircloud/shared/purifiers';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { useFormLock } from '../../../lib/navigation/useFormLock.ts';
import { notifyError, notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import { usePatchPurifierMutation } from '../api/purifiersApi.ts';
import {
  DAYS,
  daySegments,
  makeSlot,
  nextStart,
  normalizeTime,
  sameWeek,
  scheduleOf,
  weekErrors,
  weekOf,
  type EditableSlot,
  type Week,
} from '../scheduleModel.ts';
import { CopyDayPopin } from './CopyDayPopin.tsx';

const DAY_MINUTES = 24 * 60;

/** The day's modes as a 24-hour coloured bar. */
function DayTimeline({ week, day }: { week: Week; day: number }) {
  const { t } = useTranslation();
  return (
    <div className="timeline" aria-hidden="true">
      {daySegments(week, day).map((segment) => (
        <span
          key={segment.from}
          className={`timeline__segment timeline__segment--${segment.mode ?? 'none'}`}
          style={{
            left: `${(segment.from / DAY_MINUTES) * 100}%`,
            width: `${((segment.to - segment.from) / DAY_MINUTES) * 100}%`,
          }}
          title={segment.mode ? t(`purifiers.modes.${segment.mode}`) : undefined}
        />
      ))}
    </div>
  );
}

function SlotRow({
  slot,
  index,
  dayName,
  error,
  onChange,
  onSettle,
  onRemove,
}: {
  slot: EditableSlot;
  index: number;
  dayName: string;
  error: string | undefined;
  onChange: (changes: Partial<EditableSlot>) => void;
  onSettle: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const errorId = `slot-${slot.id}-error`;
  return (
    <li className={`slot${error ? ' slot--invalid' : ''}`}>
      <div className="slot__fields">
        <span className={`mode-dot mode-dot--${slot.mode}`} aria-hidden="true" />
        <input
          className="input slot__time"
          inputMode="numeric"
          placeholder="HH:mm"
          maxLength={5}
          autoComplete="off"
          value={slot.start}
          aria-label={t('schedule.start-of', { index: index + 1, day: dayName })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange({ start: event.target.value })}
          onBlur={() => {
            onChange({ start: normalizeTime(slot.start) });
            onSettle();
          }}
        />
        <select
          className="input slot__mode"
          value={slot.mode}
          aria-label={t('schedule.mode-of', { index: index + 1, day: dayName })}
          onChange={(event) => onChange({ mode: event.target.value as PurifierMode })}
        >
          {PURIFIER_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {t(`purifiers.modes.${mode}`)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="icon-button"
          aria-label={t('schedule.remove-slot', { start: slot.start || '--:--' })}
          onClick={onRemove}
        >
          <Icon name="trash" size={18} />
        </button>
      </div>
      {error ? (
        <p className="field__error" id={errorId}>
          {t(error)}
        </p>
      ) : null}
    </li>
  );
}

/** The weekly plan editor: Monday first, ordered slots per day, copy a day, save. */
export function ScheduleTab({ purifier }: { purifier: Purifier }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [patch, { isLoading: saving }] = usePatchPurifierMutation();
  const [saved, setSaved] = useState<Week>(() => weekOf(purifier.schedule));
  const [week, setWeek] = useState<Week>(saved);
  const [copyFrom, setCopyFrom] = useState<number | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<number>>(new Set());
  const dirty = !sameWeek(week, saved);
  const errors = weekErrors(week);
  // Duplicates are shown at once; a wrong time once the field was left or a save was tried.
  const visibleError = (id: number) => {
    const error = errors.get(id);
    return error === 'schedule.duplicate' || showErrors || touched.has(id) ? error : undefined;
  };

  useFormLock(dirty);

  const updateDay = (day: number, change: (slots: EditableSlot[]) => EditableSlot[]) =>
    setWeek((current) => current.map((slots, d) => (d === day ? change(slots) : slots)));

  const copyDay = (source: number, targets: number[]) => {
    setWeek((current) =>
      current.map((slots, d) =>
        targets.includes(d) ? current[source]!.map((s) => makeSlot(s.start, s.mode)) : slots,
      ),
    );
    setCopyFrom(null);
    dispatch(
      notifyInfo('schedule.copied', {
        day: t(`schedule.days.${source}`),
        count: targets.length,
      }),
    );
  };

  const save = async () => {
    if (errors.size > 0) {
      setShowErrors(true);
      dispatch(notifyError('schedule.invalid'));
      return;
    }
    const result = await patch({ ulid: purifier.ulid, patch: { schedule: scheduleOf(week) } });
    if ('error' in result) {
      dispatch(notifyError(errorMessageKey(result.error)));
      return;
    }
    const next = weekOf(result.data.schedule);
    setSaved(next);
    setWeek(next);
    setShowErrors(false);
    dispatch(notifyInfo('schedule.saved'));
  };

  const empty = week.every((slots) => slots.length === 0);

  return (
    <div className="tab-panel">
      <div className="schedule-head">
        <div>
          <h2 className="section-title">{t('schedule.title')}</h2>
          <p className="muted">{t('schedule.intro', { zone: purifier.timezone })}</p>
        </div>
        <ul className="mode-legend">
          {PURIFIER_MODES.map((mode) => (
            <li key={mode}>
              <span className={`mode-dot mode-dot--${mode}`} aria-hidden="true" />
              {t(`purifiers.modes.${mode}`)}
            </li>
          ))}
        </ul>
      </div>
      {empty ? <p className="notice">{t('schedule.empty')}</p> : null}
      <ol className="week">
        {DAYS.map((day) => {
          const dayName = t(`schedule.days.${day}`);
          const slots = week[day]!;
          return (
            <li key={day} className="day card">
              <div className="day__head">
                <h3 className="day__name">{dayName}</h3>
                <DayTimeline week={week} day={day} />
                <div className="day__actions">
                  <Button
                    variant="ghost"
                    aria-label={t('schedule.add-slot-to', { day: dayName })}
                    onClick={() =>
                      updateDay(day, (current) => [
                        ...current,
                        makeSlot(nextStart(current), current.at(-1)?.mode ?? 'auto'),
                      ])
                    }
                  >
                    <Icon name="plus" size={18} />
                    {t('schedule.add-slot')}
                  </Button>
                  <Button
                    variant="ghost"
                    disabled={slots.length === 0}
                    aria-label={t('schedule.copy-of', { day: dayName })}
                    onClick={() => setCopyFrom(day)}
                  >
                    <Icon name="copy" size={18} />
                    {t('schedule.copy')}
                  </Button>
                </div>
              </div>
              {slots.length === 0 ? (
                <p className="day__empty muted small">{t('schedule.no-slot')}</p>
              ) : (
                <ul className="slots" aria-label={dayName}>
                  {slots.map((slot, index) => (
                    <SlotRow
                      key={slot.id}
                      slot={slot}
                      index={index}
                      dayName={dayName}
                      error={visibleError(slot.id)}
                      onChange={(changes) =>
                        updateDay(day, (current) =>
                          current.map((s) => (s.id === slot.id ? { ...s, ...changes } : s)),
                        )
                      }
                      onSettle={() => {
                        setTouched((ids) => new Set(ids).add(slot.id));
                        updateDay(day, (current) =>
                          [...current].sort((a, b) => a.start.localeCompare(b.start)),
                        );
                      }}
                      onRemove={() =>
                        updateDay(day, (current) => current.filter((s) => s.id !== slot.id))
                      }
                    />
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
      <div className="form-actions schedule-actions">
        <Button variant="secondary" disabled={empty} onClick={() => setWeek(weekOf(null))}>
          {t('schedule.clear')}
        </Button>
        <Button variant="secondary" disabled={!dirty || saving} onClick={() => setWeek(saved)}>
          {t('schedule.reset')}
        </Button>
        <Button loading={saving} onClick={() => void save()}>
          {t('schedule.save')}
        </Button>
      </div>
      {copyFrom !== null ? (
        <CopyDayPopin
          day={copyFrom}
          onClose={() => setCopyFrom(null)}
          onCopy={(targets) => copyDay(copyFrom, targets)}
        />
      ) : null}
    </div>
  );
}
