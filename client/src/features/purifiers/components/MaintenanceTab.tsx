import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError.tsx';
import { ListStates } from '../../../components/ListState.tsx';
import {
  MAINTENANCE_EVENT_TYPES,
  maintenanceEventSchema,
  type MaintenanceEvent,
  type Purifier,
} from '@aircloud/shared/purifiers';
import { DEFAULT_MEDIA_HOST } from '@aircloud/shared/validation';
import { Button } from '../../../components/Button.tsx';
import { DateInput } from '../../../components/DateInput.tsx';
import { FormField, fieldA11y } from '../../../components/FormField.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { formatDate, formatDateTime, todayInParis } from '../../../lib/dates.ts';
import { applyViolations } from '../../../lib/forms.ts';
import { notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch, useAppSelector } from '../../../lib/storeHooks.ts';
import {
  useListMaintenanceEventsQuery,
  useRecordMaintenanceEventMutation,
} from '../api/purifiersApi.ts';
import { MaintenanceForecastCard } from './MaintenanceForecastCard.tsx';
import { MaintenanceLevels } from './MaintenanceLevels.tsx';
import { neverConnected } from './PurifierStatus.tsx';

const FIELDS = ['type', 'occurred_at', 'note', 'video_link'] as const;

/** Record a replacement: part and date (today means now), with an optional note and how-to video. */
function RecordReplacementForm({ purifier }: { purifier: Purifier }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [record] = useRecordMaintenanceEventMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const today = todayInParis();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(maintenanceEventSchema),
    defaultValues: {
      type: MAINTENANCE_EVENT_TYPES[0],
      occurred_at: today,
      note: '',
      video_link: '',
    },
  });

  const onSubmit = handleSubmit(async ({ type, occurred_at, note, video_link }) => {
    setServerError(null);
    const event = {
      type,
      // Today: the server records the current time rather than midnight.
      ...(occurred_at && occurred_at !== today ? { occurred_at } : {}),
      ...(note ? { note } : {}),
      ...(video_link ? { video_link } : {}),
    };
    const result = await record({ ulid: purifier.ulid, event });
    if ('error' in result) {
      if (!applyViolations(result.error, setError, FIELDS))
        setServerError(errorMessageKey(result.error));
      return;
    }
    dispatch(
      notifyInfo('maintenance.record.success', {
        type: t(`maintenance.types.${type}`),
        date: formatDate(result.data.occurred_at),
      }),
    );
    reset({ type, occurred_at: todayInParis(), note: '', video_link: '' });
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <h2 className="card__title">{t('maintenance.record.title')}</h2>
      <FormError messageKey={serverError} />
      <FormField
        id="mr-type"
        name="type"
        label={t('maintenance.record.type')}
        error={errors.type?.message}
      >
        <select
          className="input"
          {...fieldA11y('mr-type', errors.type?.message)}
          {...register('type')}
        >
          {MAINTENANCE_EVENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`maintenance.types.${type}`)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        id="mr-date"
        name="occurred_at"
        label={t('maintenance.record.date')}
        error={errors.occurred_at?.message}
      >
        <Controller
          control={control}
          name="occurred_at"
          render={({ field }) => (
            <DateInput
              {...fieldA11y('mr-date', errors.occurred_at?.message)}
              max={today}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
            />
          )}
        />
      </FormField>
      <FormField
        id="mr-note"
        name="note"
        label={t('maintenance.record.note')}
        error={errors.note?.message}
        params={{ max: 500 }}
      >
        <input
          className="input"
          {...fieldA11y('mr-note', errors.note?.message)}
          {...register('note')}
        />
      </FormField>
      <FormField
        id="mr-video"
        name="video_link"
        label={t('maintenance.record.video')}
        hint={t('maintenance.record.video-hint', { host: DEFAULT_MEDIA_HOST })}
        error={errors.video_link?.message}
        params={{ host: DEFAULT_MEDIA_HOST, max: 2048 }}
      >
        <input
          className="input"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder={`https://${DEFAULT_MEDIA_HOST}/…`}
          {...fieldA11y('mr-video', errors.video_link?.message)}
          {...register('video_link')}
        />
      </FormField>
      <Button type="submit" loading={isSubmitting}>
        {t('maintenance.record.submit')}
      </Button>
    </form>
  );
}

function useWhoRecorded() {
  const { t } = useTranslation();
  const me = useAppSelector((state) => state.session.user);
  return (event: MaintenanceEvent) => {
    if (event.user === null) return t('maintenance.deleted-user');
    if (me && event.user === me['@id'])
      return `${t('maintenance.you')} (${me.firstname} ${me.lastname})`;
    return t('maintenance.other-user');
  };
}

/** The how-to video of a replacement, opened in a new tab; a dash without one. */
function VideoLink({ event }: { event: MaintenanceEvent }) {
  const { t } = useTranslation();
  if (!event.video_link) return <span className="muted">—</span>;
  return (
    <a
      href={event.video_link}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('maintenance.video-open-label', {
        type: t(`maintenance.types.${event.type}`),
        date: formatDateTime(event.occurred_at),
      })}
    >
      {t('maintenance.video-open')}
    </a>
  );
}

/** The history of replacements, latest first. */
function MaintenanceHistory({ purifier }: { purifier: Purifier }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const who = useWhoRecorded();
  const { data, error, isLoading, isFetching, refetch } = useListMaintenanceEventsQuery({
    ulid: purifier.ulid,
    page,
  });
  const events = data?.['hydra:member'] ?? [];
  const total = data?.['hydra:totalItems'] ?? 0;

  const body = (
    <ListStates
      compact
      query={{ isLoading, error, data, refetch }}
      total={total}
      errorTitle={t('maintenance.history-error')}
      retryLabel={t('purifiers.retry')}
      empty={<p className="muted history-empty">{t('maintenance.history-empty')}</p>}
    >
      <>
        <div className={`table-wrap${isFetching ? ' is-refreshing' : ''}`}>
          <table className="data-table">
            <thead>
              <tr>
                <th>{t('maintenance.columns.date')}</th>
                <th>{t('maintenance.columns.type')}</th>
                <th>{t('maintenance.columns.who')}</th>
                <th>{t('maintenance.columns.note')}</th>
                <th>{t('maintenance.video-column')}</th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => (
                <tr key={event.ulid}>
                  <td className="nowrap">{formatDateTime(event.occurred_at)}</td>
                  <td>{t(`maintenance.types.${event.type}`)}</td>
                  <td>{who(event)}</td>
                  <td className="muted">{event.note || '—'}</td>
                  <td>
                    <VideoLink event={event} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {total > events.length || page > 1 ? (
          <Pagination page={page} total={total} displayed={events.length} onPage={setPage} />
        ) : null}
      </>
    </ListStates>
  );
  return (
    <section className="card">
      <h2 className="card__title">{t('maintenance.history')}</h2>
      {body}
    </section>
  );
}

/**
 * Maintenance: levels of every consumable, recording a replacement, when each part is due at
 * its pace (with the trend of the measured air changes), and the history.
 */
export function MaintenanceTab({ purifier }: { purifier: Purifier }) {
  const { t } = useTranslation();
  return (
    <div className="tab-panel">
      <div className="maintenance-grid">
        <section className="card">
          <h2 className="card__title">{t('maintenance.levels')}</h2>
          <MaintenanceLevels
            levels={purifier.maintenance_levels}
            unknown={neverConnected(purifier)}
          />
        </section>
        <section className="card">
          <RecordReplacementForm purifier={purifier} />
        </section>
      </div>
      <MaintenanceForecastCard purifier={purifier} />
      <MaintenanceHistory purifier={purifier} />
    </div>
  );
}
