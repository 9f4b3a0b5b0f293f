import { useTranslation } from 'react-i18next';
import {
  MAINTENANCE_LEVEL_KEYS,
  type MaintenanceLevels as Levels,
} from '@aircloud/shared/purifiers';
import { formatPercent } from '../../../lib/numbers.ts';

/** Below this remaining life a consumable is shown as to be replaced soon. */
const LOW = 20;
const MEDIUM = 50;

function tone(value: number): string {
  if (value <= LOW) return 'level--low';
  if (value <= MEDIUM) return 'level--medium';
  return 'level--ok';
}

/**
 * Remaining life of the prefilter, filters and modules 1 to 4, as bars with percentages; each
 * "unknown" (no bar) while `unknown` (the device has never reported: 100 % would be a guess).
 */
export function MaintenanceLevels({
  levels,
  unknown = false,
}: {
  levels: Levels;
  unknown?: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (unknown) {
    return (
      <ul className="levels levels--unknown">
        {MAINTENANCE_LEVEL_KEYS.map((key) => (
          <li key={key} className="level">
            <div className="level__head">
              <span className="level__label">{t(`maintenance.level.${key}`)}</span>
              <span className="level__value muted">{t('purifiers.levels-unknown')}</span>
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="levels">
      {MAINTENANCE_LEVEL_KEYS.map((key) => {
        const value = Math.max(0, Math.min(100, Math.round(levels[key] ?? 0)));
        const label = t(`maintenance.level.${key}`);
        return (
          <li key={key} className={`level ${tone(value)}`}>
            <div className="level__head">
              <span className="level__label">{label}</span>
              <span className="level__value">
                {value <= LOW ? (
                  <span className="level__warning">{t('maintenance.level-low')}</span>
                ) : null}
                {formatPercent(value, i18n.language)}
              </span>
            </div>
            <div
              className="level__track"
              role="progressbar"
              aria-label={label}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={value}
            >
              <span className="level__bar" style={{ width: `${value}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
