import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  isRolloutActive,
  ROLLOUT_STATUSES,
  type FirmwareRollout,
  type RolloutStatus,
} from '@aircloud/shared/firmware-rollouts';
import { hasRole } from '@aircloud/shared/roles';
import { Button } from '../../../components/Button.tsx';
import { ForbiddenState } from '../../../components/ForbiddenState.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { ListEmpty, ListStates } from '../../../components/ListState.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { RolloutProgressBar } from '../../../components/RolloutProgressBar.tsx';
import { RolloutStatusBadge } from '../../../components/RolloutStatusBadge.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { PATHS } from '../../../lib/navigation/routeNames.ts';
import { useAppSelector } from '../../../lib/storeHooks.ts';
import { useListRolloutsQuery } from '../api/rolloutsApi.ts';
import { rolloutSignature, useFleetRollouts } from '../hooks/useFleetRollouts.ts';
import { creatorName } from '../rolloutText.ts';
import { NewRolloutPopin } from './NewRolloutPopin.tsx';
import '../rollouts.css';

/** The firmware rollouts (FleetRollouts, /fleet/rollouts): technicians and administrators. */
export function RolloutsPage() {
  const { t } = useTranslation();
  const role = useAppSelector((state) => state.session.user?.role);
  if (!hasRole(role, 'ROLE_TECHNICIAN')) return <ForbiddenState text={t('rollouts.forbidden')} />;
  return <Rollouts />;
}

const isStatus = (value: string | null): value is RolloutStatus =>
  (ROLLOUT_STATUSES as readonly (string | null)[]).includes(value);

/** One rollout: firmware and version (its link), model, status and stage, progress, start. */
function RolloutRow({ rollout }: { rollout: FirmwareRollout }) {
  const { t } = useTranslation();
  const title = t('rollouts.firmware-version', {
    name: rollout.firmware.name,
    version: rollout.firmware.version,
  });
  return (
    <tr>
      <td data-label={t('rollouts.columns.firmware')}>
        <span className="rollout-cell">
          <Link to={PATHS.rollout(rollout.ulid)} className="rollout-link">
            {rollout.firmware.name}
          </Link>
          <span className="mono small muted">
            {t('rollouts.version', { version: rollout.firmware.version })}
          </span>
        </span>
      </td>
      <td data-label={t('rollouts.columns.model')}>{t(`product-models.${rollout.model}`)}</td>
      <td data-label={t('rollouts.columns.status')}>
        <span className="rollout-status">
          <RolloutStatusBadge status={rollout.status} />
          <span className="small muted">
            {t('rollouts.stage-of', { stage: t(`rollouts.stages.${rollout.stage}`) })}
          </span>
        </span>
      </td>
      <td data-label={t('rollouts.columns.progress')} className="rollouts-table__progress">
        <RolloutProgressBar progress={rollout.progress} label={title} compact />
      </td>
      <td data-label={t('rollouts.columns.created')}>
        <span className="rollout-cell">
          <time dateTime={rollout.created_at}>{formatDateTime(rollout.created_at)}</time>
          <span className="small muted">{creatorName(t, rollout)}</span>
        </span>
      </td>
    </tr>
  );
}

function Rollouts() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useListRolloutsQuery({ status, page });
  const [creating, setCreating] = useState(false);
  const rollouts = query.data?.['hydra:member'] ?? [];
  const total = query.data?.['hydra:totalItems'] ?? 0;

  // The rows in progress follow the fleet channel: a pushed change of one refetches the page.
  const shown = useRef(new Map<string, string>());
  shown.current = new Map(
    rollouts.map((r) => [r.ulid, rolloutSignature(isRolloutActive(r.status) ? r : undefined)]),
  );
  useFleetRollouts((active) => {
    const moved = [...shown.current].some(
      ([ulid, seen]) => seen !== rolloutSignature(active.find((r) => r.ulid === ulid)),
    );
    if (moved) void query.refetch();
  });

  const update = (next: { status?: string; page?: number }) => {
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

  return (
    <div className="page rollouts-page">
      <Link to="/fleet" className="back-link">
        ← {t('rollouts.back')}
      </Link>
      <header className="page-header">
        <div>
          <h1>{t('rollouts.title')}</h1>
          <p className="page-header__subtitle">{t('rollouts.subtitle')}</p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Icon name="plus" size={18} />
          {t('rollouts.new')}
        </Button>
      </header>
      <div className="toolbar" role="group" aria-label={t('rollouts.filters.label')}>
        <label className="rollouts-filter" htmlFor="rollouts-status">
          <span>{t('rollouts.filters.status')}</span>
          <select
            id="rollouts-status"
            className="input"
            value={status ?? ''}
            onChange={(event) => update({ status: event.target.value })}
          >
            <option value="">{t('rollouts.filters.all-statuses')}</option>
            {ROLLOUT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`rollouts.statuses.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ListStates
        query={query}
        total={total}
        errorTitle={t('rollouts.load-error')}
        retryLabel={t('rollouts.retry')}
        empty={
          <ListEmpty icon="download">
            {status ? (
              <h2>{t('rollouts.empty.filtered')}</h2>
            ) : (
              <>
                <h2>{t('rollouts.empty.title')}</h2>
                <p className="muted">{t('rollouts.empty.text')}</p>
                <Button onClick={() => setCreating(true)}>
                  <Icon name="plus" size={18} />
                  {t('rollouts.new')}
                </Button>
              </>
            )}
          </ListEmpty>
        }
      >
        <div className={`table-wrap${query.isFetching ? ' is-refreshing' : ''}`}>
          <table className="data-table rollouts-table">
            <caption className="visually-hidden">{t('rollouts.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('rollouts.columns.firmware')}</th>
                <th scope="col">{t('rollouts.columns.model')}</th>
                <th scope="col">{t('rollouts.columns.status')}</th>
                <th scope="col">{t('rollouts.columns.progress')}</th>
                <th scope="col">{t('rollouts.columns.created')}</th>
              </tr>
            </thead>
            <tbody>
              {rollouts.map((rollout) => (
                <RolloutRow key={rollout.ulid} rollout={rollout} />
              ))}
            </tbody>
          </table>
        </div>
        <Pagination
          page={page}
          total={total}
          displayed={rollouts.length}
          onPage={(next) => update({ page: next })}
        />
      </ListStates>
      {creating ? (
        <NewRolloutPopin
          open
          onClose={() => setCreating(false)}
          onCreated={(rollout) => navigate(PATHS.rollout(rollout.ulid))}
        />
      ) : null}
    </div>
  );
}
