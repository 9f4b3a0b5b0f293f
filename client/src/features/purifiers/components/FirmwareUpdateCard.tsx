import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PurifierFirmwareUpdate } from '@aircloud/shared/firmware-rollouts';
import { hasRole } from '@aircloud/shared/roles';
import { Icon } from '../../../components/Icon.tsx';
import { RolloutStatusBadge } from '../../../components/RolloutStatusBadge.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { PATHS } from '../../../lib/navigation/routeNames.ts';
import { useAppSelector } from '../../../lib/storeHooks.ts';

const PILL = {
  pending: 'pill--muted',
  in_progress: 'pill--info',
  succeeded: 'pill--ok',
  failed: 'pill--alert',
  timed_out: 'pill--warning',
  cancelled: 'pill--muted',
} as const;

/** Where the purifier's update stands, in words ("Downloading 2.5.0", "Failed: hash_mismatch"). */
function updateState(update: PurifierFirmwareUpdate): {
  key: string;
  params: Record<string, string>;
} {
  const params = { version: update.version, reason: update.reason ?? '' };
  if (update.status === 'in_progress')
    return { key: `rollouts.purifier.state-${update.phase ?? 'sent'}`, params };
  if (update.status === 'failed' && !update.reason)
    return { key: 'rollouts.purifier.state-failed-unknown', params };
  return { key: `rollouts.purifier.state-${update.status}`, params };
}

/**
 * The purifier's latest firmware update (settings tab): version, where it stands, the rollout's
 * status and times. Read-only; technicians and administrators also get the rollout's page.
 */
export function FirmwareUpdateCard({ update }: { update: PurifierFirmwareUpdate }) {
  const { t } = useTranslation();
  const role = useAppSelector((state) => state.session.user?.role);
  const state = updateState(update);
  return (
    <section className="card" aria-labelledby="purifier-firmware-update">
      <div className="card__head">
        <h2 className="card__title" id="purifier-firmware-update">
          {t('rollouts.purifier.title')}
        </h2>
        {hasRole(role, 'ROLE_TECHNICIAN') ? (
          <Link to={PATHS.rollout(update.rollout)} className="firmware-update__link">
            {t('rollouts.purifier.open-rollout')}
            <Icon name="arrowRight" size={16} />
          </Link>
        ) : null}
      </div>
      <dl className="facts facts--grid">
        <div>
          <dt>{t('rollouts.purifier.version')}</dt>
          <dd className="mono">{update.version}</dd>
        </div>
        <div>
          <dt>{t('rollouts.purifier.status')}</dt>
          <dd>
            <span className={`pill ${PILL[update.status]}`}>{t(state.key, state.params)}</span>
          </dd>
        </div>
        <div>
          <dt>{t('rollouts.purifier.rollout-status')}</dt>
          <dd>
            <RolloutStatusBadge status={update.rollout_status} />
          </dd>
        </div>
        <div>
          <dt>{t('rollouts.purifier.sent')}</dt>
          <dd className={update.sent_at ? undefined : 'muted'}>
            {update.sent_at ? (
              <time dateTime={update.sent_at}>{formatDateTime(update.sent_at)}</time>
            ) : (
              '—'
            )}
          </dd>
        </div>
        <div>
          <dt>{t('rollouts.purifier.finished')}</dt>
          <dd className={update.finished_at ? undefined : 'muted'}>
            {update.finished_at ? (
              <time dateTime={update.finished_at}>{formatDateTime(update.finished_at)}</time>
            ) : (
              '—'
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
