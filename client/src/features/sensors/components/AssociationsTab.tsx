import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PURIFIERS_PER_SENSOR_MAX } from '@aircloud/shared/constants';
import type { Sensor } from '@aircloud/shared/sensors';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { ListError, ListLoading } from '../../../components/ListState.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { SearchInput } from '../../../components/SearchInput.tsx';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { useViewAsUser } from '../../../lib/navigation/viewAsUser.ts';
import { notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import { useListLinkablePurifiersQuery, useSetSensorPurifiersMutation } from '../api/sensorsApi.ts';

/** The purifiers the user may link, a page at a time, with a link button each. */
function PurifierChoices({
  linked,
  onLink,
  busy,
}: {
  linked: readonly string[];
  onLink: (ulid: string) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { user } = useViewAsUser();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const { data, error, isLoading, refetch } = useListLinkablePurifiersQuery({
    page,
    search: search || undefined,
    user: user ?? undefined,
  });
  const purifiers = data?.['hydra:member'] ?? [];

  let list;
  if (isLoading) list = <ListLoading compact />;
  else if (error && !data)
    list = (
      <ListError
        compact
        title={t('sensor.associations.load-error')}
        error={error}
        retryLabel={t('sensor.retry')}
        onRetry={() => void refetch()}
      />
    );
  else if (purifiers.length === 0)
    list = (
      <p className="muted">
        {t(search ? 'sensor.associations.no-match' : 'sensor.associations.none-available')}
      </p>
    );
  else
    list = (
      <>
        <ul className="link-list">
          {purifiers.map((purifier) => {
            const isLinked = linked.includes(purifier.ulid);
            return (
              <li key={purifier.ulid} className="link-list__item">
                <span className="link-list__name">
                  <Icon name="purifier" size={18} />
                  <strong>{purifier.name}</strong>
                  <span className="mono muted small">{purifier.serial_number}</span>
                </span>
                {isLinked ? (
                  <span className="pill pill--ok">{t('sensor.associations.linked')}</span>
                ) : (
                  <Button
                    variant="secondary"
                    className="btn--compact"
                    disabled={busy}
                    onClick={() => onLink(purifier.ulid)}
                    aria-label={t('sensor.associations.link-named', { name: purifier.name })}
                  >
                    <Icon name="plus" size={16} />
                    {t('sensor.associations.link')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
        <Pagination
          page={page}
          total={data?.['hydra:totalItems'] ?? 0}
          displayed={purifiers.length}
          onPage={setPage}
        />
      </>
    );

  return (
    <section className="card">
      <h2 className="card__title">{t('sensor.associations.available')}</h2>
      <div className="toolbar">
        <SearchInput
          value={search}
          label={t('sensor.associations.search')}
          onSearch={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
      </div>
      {list}
    </section>
  );
}

/** Associations: up to 8 purifiers the user controls, driven by this sensor's rules. */
export function AssociationsTab({ sensor }: { sensor: Sensor }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [save, { isLoading }] = useSetSensorPurifiersMutation();
  const [error, setError] = useState<string | null>(null);
  const linked = sensor.purifiers.map((p) => p.ulid);

  const apply = async (next: string[], notice: string) => {
    setError(null);
    const result = await save({ ulid: sensor.ulid, purifiers: next });
    if ('error' in result) setError(errorMessageKey(result.error));
    else dispatch(notifyInfo(notice));
  };

  const link = (ulid: string) => {
    // The server refuses a ninth purifier too; saying it at once spares a round trip.
    if (linked.length >= PURIFIERS_PER_SENSOR_MAX) {
      setError('errors.sensor_purifiers_max');
      return;
    }
    void apply([...linked, ulid], 'sensor.associations.saved');
  };

  return (
    <div className="tab-panel">
      <section className="card">
        <div className="card__head">
          <h2 className="card__title">{t('sensor.associations.title')}</h2>
          <span
            className="pill pill--muted"
            aria-label={t('sensor.associations.count-label', {
              count: linked.length,
              max: PURIFIERS_PER_SENSOR_MAX,
            })}
          >
            {linked.length}/{PURIFIERS_PER_SENSOR_MAX}
          </span>
        </div>
        <p className="muted small">
          {t('sensor.associations.text', { max: PURIFIERS_PER_SENSOR_MAX })}
        </p>
        {error ? (
          <p className="form-error" role="alert">
            {t(error, { max: PURIFIERS_PER_SENSOR_MAX })}
          </p>
        ) : null}
        {sensor.purifiers.length === 0 ? (
          <p className="muted">{t('sensor.associations.empty')}</p>
        ) : (
          <ul className="link-list">
            {sensor.purifiers.map((purifier) => (
              <li key={purifier.ulid} className="link-list__item">
                <span className="link-list__name">
                  <Icon name="purifier" size={18} />
                  <strong>{purifier.name}</strong>
                  <span className="mono muted small">{purifier.serial_number}</span>
                </span>
                <Button
                  variant="ghost"
                  className="btn--compact"
                  disabled={isLoading}
                  onClick={() =>
                    void apply(
                      linked.filter((u) => u !== purifier.ulid),
                      'sensor.associations.unlinked',
                    )
                  }
                  aria-label={t('sensor.associations.unlink-named', { name: purifier.name })}
                >
                  <Icon name="close" size={16} />
                  {t('sensor.associations.unlink')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <PurifierChoices linked={linked} onLink={link} busy={isLoading} />
    </div>
  );
}
