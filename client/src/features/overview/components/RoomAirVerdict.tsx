import { useTranslation } from 'react-i18next';
import type { OverviewPurifier } from '@aircloud/shared/sensor-overview';
import { Icon } from '../../../components/Icon.tsx';
import { formatNumber } from '../../../lib/numbers.ts';

/**
 * The room's verdict from its purifiers' measured air changes (in auto, against their TRH): the
 * first purifier below target as a warning with its figures, else a quiet "on target" when one
 * meets it, else nothing (not examined, or not enough decays yet).
 */
export function RoomAirVerdict({ purifiers }: { purifiers: OverviewPurifier[] }) {
  const { t, i18n } = useTranslation();
  const below = purifiers.find((p) => p.air_verdict === 'below' && p.measured_ach !== null);
  if (below) {
    return (
      <p className="overview-tile__air" data-verdict="below">
        <Icon name="alert" size={16} />
        <span>
          {t(purifiers.length > 1 ? 'overview.air-below-named' : 'overview.air-below', {
            measured: formatNumber(below.measured_ach ?? 0, i18n.language, 1),
            target: formatNumber(below.target_ach, i18n.language, 1),
            name: below.name,
          })}
        </span>
      </p>
    );
  }
  if (purifiers.some((p) => p.air_verdict === 'meets')) {
    return (
      <p className="overview-tile__air" data-verdict="meets">
        <Icon name="check" size={16} />
        <span>{t('overview.air-meets')}</span>
      </p>
    );
  }
  return null;
}
