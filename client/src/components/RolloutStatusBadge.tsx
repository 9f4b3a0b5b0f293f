import { useTranslation } from 'react-i18next';
import type { RolloutStatus } from '@aircloud/shared/firmware-rollouts';
import { Icon, type IconName } from './Icon.tsx';

const PILL: Record<RolloutStatus, string> = {
  canary: 'pill--info',
  rolling: 'pill--info',
  paused: 'pill--warning',
  completed: 'pill--ok',
  aborted: 'pill--muted',
};

const ICON: Record<RolloutStatus, IconName> = {
  canary: 'activity',
  rolling: 'refresh',
  paused: 'pause',
  completed: 'check',
  aborted: 'stop',
};

/** A rollout's status as a pill: its word, an icon and a colour (the word is what counts). */
export function RolloutStatusBadge({ status }: { status: RolloutStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`pill ${PILL[status]}`}>
      <Icon name={ICON[status]} size={14} />
      {t(`rollouts.statuses.${status}`)}
    </span>
  );
}
