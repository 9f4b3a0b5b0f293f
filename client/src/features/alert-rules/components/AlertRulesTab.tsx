import { useTranslation } from 'react-i18next';
import type { Sensor } from '@aircloud/shared/sensors';
import { AlertHistory } from './AlertHistory.tsx';
import { AlertRuleList } from './AlertRuleList.tsx';
import '../alertRules.css';

/** The sensor's triggeralerts tab: its alert rules, then the history of triggered rules. */
export function AlertRulesTab({ sensor }: { sensor: Sensor }) {
  const { t } = useTranslation();
  return (
    <div className="tab-panel alert-rules">
      {sensor.purifiers.length === 0 ? (
        <p className="alert-rules__notice" role="note">
          {t('alert-rules.no-purifier')}
        </p>
      ) : null}
      <AlertRuleList sensor={sensor.ulid} />
      <AlertHistory sensor={sensor.ulid} />
    </div>
  );
}
