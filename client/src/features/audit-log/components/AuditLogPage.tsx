import { TZDate } from '@date-fns/tz';
import { useTranslation } from 'react-i18next';
import {
  AUDIT_ACTIONS,
  AUDIT_HIDDEN,
  AUDIT_LOG_PAGE_SIZE,
  AUDIT_TARGET_TYPES,
  type AuditAction,
  type AuditLogEntry,
  type AuditTargetType,
  type AuditValue,
} from '@aircloud/shared/audit-log';
import { TIME_ZONE } from '@aircloud/shared/constants';
import { isAdmin } from '@aircloud/shared/roles';
import { Button } from '../../../components/Button.tsx';
import { DateInput } from '../../../components/DateInput.tsx';
import { ForbiddenState } from '../../../components/ForbiddenState.tsx';
import { Icon } from '../../../components/Icon.tsx';
import {
  ListEmpty,
  ListError,
  LoadErrorRoute,
  errorRouteOf,
} from '../../../components/ListState.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { httpStatusOf } from '../../../lib/api/errorMessage.ts';
import { formatDateTime, todayInParis } from '../../../lib/dates.ts';
import { oneOf, useListQuery } from '../../../lib/navigation/useListQuery.ts';
import { notifyError, notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { saveTextFile } from '../../../lib/saveTextFile.ts';
import { useAppDispatch, useAppSelector } from '../../../lib/storeHooks.ts';
import {
  useExportAuditLogMutation,
  useListAuditActorsQuery,
  useListAuditLogQuery,
  type AuditLogFilter,
} from '../api/auditLogApi.ts';
import '../auditLog.css';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The first (or, with `end`, the last) instant of a YYYY-MM-DD day in Europe/Paris, where the
 * application shows its dates; undefined when it is not a date.
 */
export function parisDayBound(day: string | undefined, end = false): string | undefined {
  const match = day ? ISO_DATE.exec(day) : null;
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const start = new TZDate(year, month, end ? date + 1 : date, TIME_ZONE);
  return new Date(start.getTime() - (end ? 1 : 0)).toISOString();
}

/** The filters in the URL (days as YYYY-MM-DD), so a filtered log can be shared. */
function useAuditFilters() {
  const { params, page, update } = useListQuery();
  const day = (value: string | null) => (value && ISO_DATE.test(value) ? value : undefined);
  const filter = {
    actor: params.get('actor') || undefined,
    action: oneOf<AuditAction>(AUDIT_ACTIONS, params.get('action')),
    target_type: oneOf<AuditTargetType>(AUDIT_TARGET_TYPES, params.get('target_type')),
    from: day(params.get('from')),
    to: day(params.get('to')),
  };
  return { filter, page, update };
}

/** A value of a change as a reader sees it. */
function useValueText() {
  const { t } = useTranslation();
  const text = (value: AuditValue): string => {
    if (value === null || value === '') return t('audit-log.change.empty');
    if (value === AUDIT_HIDDEN) return t('audit-log.change.hidden');
    if (value === true) return t('audit-log.change.yes');
    if (value === false) return t('audit-log.change.no');
    if (Array.isArray(value)) return value.map(text).join(', ');
    return String(value);
  };
  return text;
}

/** What an entry changed: each field with its value before and after. */
function ChangeList({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation();
  const text = useValueText();
  const fields = Object.entries(entry.change);
  if (fields.length === 0) return <span className="muted">{t('audit-log.change.none')}</span>;
  return (
    <dl className="audit-change">
      {fields.map(([field, { from, to }]) => (
        <div key={field} className="audit-change__row">
          <dt className="mono">{field}</dt>
          <dd>
            {from === null
              ? text(to)
              : to === null
                ? t('audit-log.change.from-to', { from: text(from), to: text(null) })
                : t('audit-log.change.from-to', { from: text(from), to: text(to) })}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One entry: date, actor, action, target and change (a card of labelled fields on a phone). */
function AuditRow({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation();
  return (
    <tr>
      <td className="audit-table__date" data-label={t('audit-log.columns.date')}>
        <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
      </td>
      <td data-label={t('audit-log.columns.actor')}>
        <div>
          <strong>{entry.actor_name}</strong>
          <span className="muted small audit-table__sub">{entry.actor_email}</span>
        </div>
      </td>
      <td data-label={t('audit-log.columns.action')}>
        <span className={`pill audit-action audit-action--${entry.target_type}`}>
          {t(`audit-log.actions.${entry.action}`)}
        </span>
      </td>
      <td data-label={t('audit-log.columns.target')}>
        <div>
          <span className="muted small audit-table__sub">
            {t(`audit-log.target-types.${entry.target_type}`)}
          </span>
          <span className="audit-table__label">{entry.target_label}</span>
        </div>
      </td>
      <td data-label={t('audit-log.columns.change')}>
        <ChangeList entry={entry} />
      </td>
    </tr>
  );
}

/** The audit log (/audit-log): administrators only; others see the 403 message. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const role = useAppSelector((state) => state.session.user?.role);
  return isAdmin(role) ? <AuditLog /> : <ForbiddenState text={t('audit-log.forbidden')} />;
}

function AuditLog() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { filter, page, update } = useAuditFilters();
  const apiFilter: AuditLogFilter = {
    actor: filter.actor,
    action: filter.action,
    target_type: filter.target_type,
    from: parisDayBound(filter.from),
    to: parisDayBound(filter.to, true),
  };
  const query = useListAuditLogQuery({ ...apiFilter, page });
  const actors = useListAuditActorsQuery();
  const [exportLog, { isLoading: exporting }] = useExportAuditLogMutation();
  const entries = query.currentData?.['hydra:member'] ?? [];
  const total = query.currentData?.['hydra:totalItems'] ?? 0;
  const filtered = Object.values(filter).some((value) => value !== undefined);
  const today = todayInParis();

  if (query.isError && httpStatusOf(query.error) === 403)
    return <ForbiddenState text={t('audit-log.forbidden')} />;

  const download = async () => {
    const result = await exportLog(apiFilter);
    if ('error' in result) {
      dispatch(notifyError('audit-log.export-error'));
      return;
    }
    saveTextFile(result.data, `audit-log-${today}.csv`);
    dispatch(notifyInfo('audit-log.exported'));
  };

  let content;
  if (errorRouteOf(query.error)) content = <LoadErrorRoute error={query.error} />;
  else if (query.isError && !query.currentData)
    content = (
      <ListError
        title={t('audit-log.load-error')}
        error={query.error}
        retryLabel={t('audit-log.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  else if (!query.currentData)
    content = (
      <div className="card list-state" aria-busy="true">
        <Spinner size={48} />
        <p className="muted">{t('audit-log.loading')}</p>
      </div>
    );
  else if (total === 0)
    content = (
      <ListEmpty icon="lock">
        <h2>{t('audit-log.empty.title')}</h2>
        <p className="muted">
          {filtered ? t('audit-log.empty.filtered') : t('audit-log.empty.text')}
        </p>
      </ListEmpty>
    );
  else
    content = (
      <>
        <div
          className={`table-wrap${query.isFetching ? ' is-refreshing' : ''}`}
          aria-busy={query.isFetching || undefined}
        >
          <table className="data-table audit-table">
            <thead>
              <tr>
                <th scope="col">{t('audit-log.columns.date')}</th>
                <th scope="col">{t('audit-log.columns.actor')}</th>
                <th scope="col">{t('audit-log.columns.action')}</th>
                <th scope="col">{t('audit-log.columns.target')}</th>
                <th scope="col">{t('audit-log.columns.change')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <AuditRow key={entry.ulid} entry={entry} />
              ))}
            </tbody>
          </table>
        </div>
        <Pagination
          page={page}
          total={total}
          displayed={entries.length}
          pageSize={AUDIT_LOG_PAGE_SIZE}
          onPage={(next) => update({ page: next })}
        />
      </>
    );

  return (
    <div className="page audit-page">
      <header className="page-header">
        <div>
          <h1>{t('audit-log.title')}</h1>
          <p className="page-header__subtitle">{t('audit-log.subtitle')}</p>
        </div>
        <Button
          variant="secondary"
          loading={exporting}
          disabled={total === 0}
          onClick={() => void download()}
        >
          <Icon name="download" size={18} />
          {t('audit-log.export')}
        </Button>
      </header>
      <div className="toolbar audit-filters" role="group" aria-label={t('audit-log.filters.label')}>
        <div className="audit-filters__field">
          <label htmlFor="audit-actor">{t('audit-log.filters.actor')}</label>
          <select
            id="audit-actor"
            className="input"
            value={filter.actor ?? ''}
            onChange={(event) => update({ actor: event.target.value })}
          >
            <option value="">{t('audit-log.filters.all-actors')}</option>
            {(actors.data ?? []).map((actor) => (
              <option key={actor.ulid} value={actor.ulid}>
                {actor.label}
              </option>
            ))}
          </select>
        </div>
        <div className="audit-filters__field">
          <label htmlFor="audit-action">{t('audit-log.filters.action')}</label>
          <select
            id="audit-action"
            className="input"
            value={filter.action ?? ''}
            onChange={(event) => update({ action: event.target.value })}
          >
            <option value="">{t('audit-log.filters.all-actions')}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`audit-log.actions.${action}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="audit-filters__field">
          <label htmlFor="audit-target">{t('audit-log.filters.target-type')}</label>
          <select
            id="audit-target"
            className="input"
            value={filter.target_type ?? ''}
            onChange={(event) => update({ target_type: event.target.value })}
          >
            <option value="">{t('audit-log.filters.all-targets')}</option>
            {AUDIT_TARGET_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`audit-log.target-types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="audit-filters__field">
          <label htmlFor="audit-from">{t('audit-log.filters.from')}</label>
          <DateInput
            id="audit-from"
            value={filter.from ?? ''}
            max={filter.to ?? today}
            onChange={(value) => {
              if (value === '' || ISO_DATE.test(value)) update({ from: value });
            }}
          />
        </div>
        <div className="audit-filters__field">
          <label htmlFor="audit-to">{t('audit-log.filters.to')}</label>
          <DateInput
            id="audit-to"
            value={filter.to ?? ''}
            min={filter.from}
            max={today}
            onChange={(value) => {
              if (value === '' || ISO_DATE.test(value)) update({ to: value });
            }}
          />
        </div>
        {filtered ? (
          <Button
            variant="ghost"
            onClick={() =>
              update({
                actor: undefined,
                action: undefined,
                target_type: undefined,
                from: undefined,
                to: undefined,
              })
            }
          >
            <Icon name="close" size={16} />
            {t('audit-log.filters.clear')}
          </Button>
        ) : null}
      </div>
      {content}
    </div>
  );
}
