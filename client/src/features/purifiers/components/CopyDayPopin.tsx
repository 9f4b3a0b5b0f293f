import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { Popin } from '../../../components/Popin.tsx';
import { DAYS, WEEKDAYS } from '../scheduleModel.ts';

/** Picks the days a day's slots are copied to (weekdays and every day as shortcuts). */
export function CopyDayPopin({
  day,
  onClose,
  onCopy,
}: {
  day: number;
  onClose: () => void;
  onCopy: (targets: number[]) => void;
}) {
  const { t } = useTranslation();
  const [targets, setTargets] = useState<Set<number>>(new Set());
  const others = DAYS.filter((d) => d !== day);
  const pick = (days: readonly number[]) => setTargets(new Set(days.filter((d) => d !== day)));
  const toggle = (d: number, on: boolean) => {
    const next = new Set(targets);
    if (on) next.add(d);
    else next.delete(d);
    setTargets(next);
  };
  const dayName = t(`schedule.days.${day}`);

  return (
    <Popin
      open
      onClose={onClose}
      size="small"
      title={t('schedule.copy-title', { day: dayName })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={targets.size === 0}
            onClick={() => onCopy([...targets].sort((a, b) => a - b))}
          >
            {t('schedule.copy-apply')}
          </Button>
        </>
      }
    >
      <div className="copy-days">
        <div className="copy-days__shortcuts">
          <button type="button" className="chip" onClick={() => pick(WEEKDAYS)}>
            {t('schedule.copy-weekdays')}
          </button>
          <button type="button" className="chip" onClick={() => pick(DAYS)}>
            {t('schedule.copy-all')}
          </button>
        </div>
        <ul className="copy-days__list">
          {others.map((d) => (
            <li key={d}>
              <label className="check-row">
                <input
                  type="checkbox"
                  className="checkbox"
                  checked={targets.has(d)}
                  onChange={(event) => toggle(d, event.target.checked)}
                />
                {t(`schedule.days.${d}`)}
              </label>
            </li>
          ))}
        </ul>
      </div>
    </Popin>
  );
}
