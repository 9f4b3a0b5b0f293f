import { useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  isRolloutActive,
  ROLLOUT_DEVICE_STATUSES,
  type FirmwareRollout,
  type RolloutDeviceStatus,
} from '@aircloud/shared/firmware-rollouts';
import { hasRole } from '@aircloud/shared/roles';
import { FLEET_PUSH_MS } from '@aircloud/shared/fleet';
import { ForbiddenState } from '../../../components/ForbiddenState.tsx';
import { Icon } from '../../../components/Icon.tsx';
import {
  ListError,
  ListLoading,
  LoadErrorRoute,
  errorRouteOf,
} from '../../../components/ListState.tsx';
import { RolloutProgressBar } from '../../../components/RolloutProgressBar.tsx';
import { RolloutStatusBadge } from '../../../components/RolloutStatusBadge.tsx';
import { formatBytes } from '../../../lib/numbers.ts';
import { formatDateTime, formatTime } from '../../../lib/dates.ts';
import { PATHS } from '../../../lib/navigation/routeNames.ts';
import { useAppDispatch, useAppSelector } from '../../../lib/storeHooks.ts';
import { rolloutsApi, useGetRolloutQuery } from '../api/rolloutsApi.ts';
import { rolloutSignature, useFleetRollouts } from '../hooks/useFleetRollouts.ts';
import { canarySuccessRate, creatorName, percentText } from '../rolloutText.ts';
import { RolloutActions } from './RolloutActions.tsx';
import { RolloutDevices } from './RolloutDevices.tsx';
import { RolloutStages } from './RolloutStages.tsx';
import '../rollouts.css';

/** A rollout's page (FleetRollout, /fleet/rollouts/:ulid): technicians and administrators. */
export function RolloutPage() {
  const { t } = useTranslation();
  const role = useAppSelector((state) => state.session.user?.role);
  if (!hasRole(role, 'ROLE_TECHNICIAN')) return <ForbiddenState text={t('rollouts.forbidden')} />;
  return <RolloutView />;
}

const isDeviceStatus = (value: string | null): value is RolloutDeviceStatus =>
  (ROLLOUT_DEVICE_STATUSES as readonly (string | null)[]).includes(value);

/**
 * The rollout and its purifiers, kept current: each summary the fleet channel pushes where this
 * rollout's entry changed (or left the active list) reads both again; while the channel is not
 * there, both are polled every 5 s as long as the rollout is active.
 */
function useLiveRollout(ulid: string) {
  const dispatch = useAppDispatch();
  const lastPushed = useRef<string | null>(null);
  // What the page shows (null until it has loaded): a first push is compared with it.
  const seen = useRef<string | null>(null);
  const live = useFleetRollouts((active) => {
    const pushed = rolloutSignature(active.find((r) => r.ulid === ulid));
    const before = lastPushed.current ?? seen.current;
    lastPushed.current = pushed;
    if (before !== null && pushed !== before)
      dispatch(
        rolloutsApi.util.invalidateTags([
          { type: 'Rollout', id: ulid },
          { type: 'RolloutDevices', id: ulid },
        ]),
      );
  });
  const query = useGetRolloutQuery(ulid);
  const active = query.data ? isRolloutActive(query.data.status) : false;
  const pollingInterval = !live && active ? FLEET_PUSH_MS : 0;
  // Polling is a second subscription to the same cache entry, only while it is needed.
  useGetRolloutQuery(ulid, {
    pollingInterval,
    skipPollingIfUnfocused: true,
    skip: !pollingInterval,
  });
  seen.current = query.data ? rolloutSignature(active ? query.data : undefined) : null;
  return { query, live: live && active, polling: pollingInterval > 0, pollingInterval };
}

function RolloutView() {
  const { t } = useTranslation();
  const { rolloutUlid = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = isDeviceStatus(statusParam) ? statusParam : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { query, live, polling, pollingInterval } = useLiveRollout(rolloutUlid);
  const rollout = query.data;

  const filter = (next: { status?: string; page?: number }) => {
    const copy = new URLSearchParams(params);
    if (next.status !== undefined) {
      if (next.status) copy.set('status', next.status);
      else copy.delete('status');
      copy.delete('page');
    }
    if (next.page !== undefined) {
      if (next.page > 1) copy.set('page', String(next.page));
      else copy.delete('page');
    }
    setParams(copy, { replace: true });
  };

  let body;
  if (query.isLoading) body = <ListLoading />;
  else if (errorRouteOf(query.error)) body = <LoadErrorRoute error={query.error} />;
  else if (!rollout)
    body = (
      <ListError
        title={t('rollouts.rollout-load-error')}
        error={query.error}
        retryLabel={t('rollouts.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  else
    body = (
      <>
        <RolloutHeader rollout={rollout} live={live} polling={polling} />
        <div className="rollout-grid">
          <section
            className="card rollout-card rollout-card--wide"
            aria-labelledby="rollout-progress"
          >
            <h2 className="card__title" id="rollout-progress">
              {t('rollouts.columns.progress')}
            </h2>
            <RolloutProgressBar progress={rollout.progress} label={t('rollouts.progress.label')} />
          </section>
          <RolloutStages rollout={rollout} />
          <RolloutSettings rollout={rollout} />
        </div>
        <RolloutDevices
          ulid={rollout.ulid}
          status={status}
          page={page}
          onFilter={filter}
          pollingInterval={pollingInterval}
        />
      </>
    );

  return (
    <div className="page rollout-page">
      <Link to={PATHS.rollouts} className="back-link">
        ← {t('rollouts.back-list')}
      </Link>
      {body}
    </div>
  );
}

/** Firmware, version, model and status; why it is paused, in words; the actions. */
function RolloutHeader({
  rollout,
  live,
  polling,
}: {
  rollout: FirmwareRollout;
  live: boolean;
  polling: boolean;
}) {
  const { t, i18n } = useTranslation();
  const canaryRate = canarySuccessRate(rollout);
  return (
    <>
      <header className="page-header rollout-header">
        <div>
          <h1>
            {t('rollouts.firmware-version', {
              name: rollout.firmware.name,
              version: rollout.firmware.version,
            })}
          </h1>
          <p className="page-header__subtitle rollout-header__facts">
            <span>{t(`product-models.${rollout.model}`)}</span>
            <RolloutStatusBadge status={rollout.status} />
            {isRolloutActive(rollout.status) ? (
              <span>
                {t('rollouts.stage-of', { stage: t(`rollouts.stages.${rollout.stage}`) })}
              </span>
            ) : null}
            {live || polling ? (
              <span className="rollout-live">
                <span className={`rollout-live__dot${live ? ' is-live' : ''}`} aria-hidden="true" />
                {t(live ? 'rollouts.detail.live' : 'rollouts.detail.polling')}
              </span>
            ) : null}
          </p>
        </div>
        <RolloutActions rollout={rollout} />
      </header>
      {rollout.status === 'paused' && rollout.paused_reason ? (
        <p className="notice notice--warning rollout-paused" role="status">
          <Icon name="pause" size={18} />
          {t(`rollouts.paused-reasons.${rollout.paused_reason}`, {
            rate: percentText(
              rollout.paused_reason === 'canary_below_threshold'
                ? (canaryRate ?? 0)
                : rollout.failure_rate,
              i18n.language,
            ),
            max: rollout.max_failure_rate,
            threshold: rollout.success_threshold,
          })}
        </p>
      ) : null}
    </>
  );
}

/** How the rollout was set up: target, limits, the file, who started it and when. */
function RolloutSettings({ rollout }: { rollout: FirmwareRollout }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="card rollout-card" aria-labelledby="rollout-settings">
      <h2 className="card__title" id="rollout-settings">
        {t('rollouts.detail.settings')}
      </h2>
      <dl className="facts rollout-facts">
        <div>
          <dt>{t('rollouts.detail.target')}</dt>
          <dd>{t(`rollouts.targets.${rollout.target}`)}</dd>
        </div>
        <div>
          <dt>{t('rollouts.detail.timeout')}</dt>
          <dd>{t('rollouts.detail.timeout-value', { count: rollout.timeout_minutes })}</dd>
        </div>
        <div>
          <dt>{t('rollouts.detail.wave-size')}</dt>
          <dd>{rollout.wave_size.toLocaleString(i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('rollouts.columns.firmware')}</dt>
          <dd>
            {rollout.firmware.name}{' '}
            <span className="muted small">{formatBytes(rollout.firmware.size, i18n.language)}</span>
            <span className="mono small muted rollout-hash" title={rollout.firmware.sha256}>
              {t('rollouts.detail.sha256')} {rollout.firmware.sha256.slice(0, 16)}…
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('rollouts.columns.created')}</dt>
          <dd>
            <time dateTime={rollout.created_at}>{formatDateTime(rollout.created_at)}</time>
            <span className="muted small rollout-creator">{creatorName(t, rollout)}</span>
          </dd>
        </div>
        {rollout.completed_at ? (
          <div>
            <dt>{t('rollouts.columns.finished')}</dt>
            <dd>
              <time dateTime={rollout.completed_at}>{formatDateTime(rollout.completed_at)}</time>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('rollouts.detail.updated')}</dt>
          <dd>
            <time dateTime={rollout.updated_at}>{formatTime(rollout.updated_at)}</time>
          </dd>
        </div>
      </dl>
    </section>
  );
}
