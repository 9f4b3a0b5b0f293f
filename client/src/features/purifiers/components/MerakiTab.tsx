import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError, ListLoading, ListStates } from '../../../components/ListState.tsx';
import type { Purifier } from '@aircloud/shared/purifiers';
import type { NetworkEvent } from '@aircloud/shared/network-events';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { CopyButton } from '../../../components/CopyButton.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { catalogueKeyOf, errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { notifyError, notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import {
  useGetMerakiSettingsQuery,
  useListNetworkEventsQuery,
  useRotateMerakiSecretMutation,
} from '../api/merakiApi.ts';
import { useNetworkEventStream } from '../hooks/useNetworkEventStream.ts';

/**
 * The webhook URL and the shared secret, each with a copy button; rotation behind a confirmation.
 * A secret the server can no longer read (its key changed) is explained, with the way out: a new one.
 */
function WebhookSettings({ purifier }: { purifier: Purifier }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { data, error, isLoading, refetch } = useGetMerakiSettingsQuery(purifier.ulid);
  const [rotate, { isLoading: rotating }] = useRotateMerakiSecretMutation();
  const [showSecret, setShowSecret] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [rotateError, setRotateError] = useState<string | null>(null);
  const copyError = () => dispatch(notifyError('meraki.copy-error'));

  const confirmRotate = async () => {
    setRotateError(null);
    const result = await rotate(purifier.ulid);
    if ('error' in result) {
      setRotateError(errorMessageKey(result.error));
      return;
    }
    setConfirming(false);
    setShowSecret(true);
    dispatch(notifyInfo('meraki.rotated'));
  };

  let body;
  if (isLoading) {
    body = <ListLoading compact />;
  } else if (!data && catalogueKeyOf(error) === 'meraki_secret_unreadable') {
    body = (
      <div className="list-state list-state--compact" role="alert" data-testid="meraki-unreadable">
        <p>{t('meraki.unreadable-title')}</p>
        <p className="muted">{t('meraki.unreadable-body')}</p>
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          <Icon name="refresh" size={18} />
          {t('meraki.rotate')}
        </Button>
      </div>
    );
  } else if (!data) {
    body = (
      <ListError
        compact
        title={t('meraki.settings-error')}
        error={error}
        retryLabel={t('purifiers.retry')}
        onRetry={() => void refetch()}
      />
    );
  } else {
    // Only the owner (and admins) see the shared secret and rotate it; a share sees the URL.
    const secret = data.shared_secret;
    body = (
      <div className="meraki-settings__fields">
        <div className="field">
          <label className="field__label" htmlFor="meraki-url">
            {t('meraki.webhook-url')}
          </label>
          <div className="copy-field">
            <input
              id="meraki-url"
              className="input input--mono"
              value={data.webhook_url}
              readOnly
              onFocus={(e) => e.target.select()}
            />
            <CopyButton
              value={data.webhook_url}
              label={t('meraki.copy-url')}
              copiedLabel={t('meraki.copied')}
              onError={copyError}
            />
          </div>
        </div>
        <OtherHostUrl webhookUrl={data.webhook_url} onCopyError={copyError} />
        {secret === null ? (
          <p className="muted small" data-testid="meraki-secret-owner-only">
            {t('meraki.secret-owner-only')}
          </p>
        ) : (
          <>
            <div className="field">
              <label className="field__label" htmlFor="meraki-secret">
                {t('meraki.shared-secret')}
              </label>
              <div className="copy-field">
                <input
                  id="meraki-secret"
                  className="input input--mono"
                  type={showSecret ? 'text' : 'password'}
                  value={secret}
                  readOnly
                  autoComplete="off"
                  onFocus={(e) => e.target.select()}
                />
                <button
                  type="button"
                  className="icon-button copy-field__button"
                  onClick={() => setShowSecret((shown) => !shown)}
                  aria-label={showSecret ? t('meraki.hide-secret') : t('meraki.show-secret')}
                  aria-pressed={showSecret}
                  title={showSecret ? t('meraki.hide-secret') : t('meraki.show-secret')}
                >
                  <Icon name={showSecret ? 'eyeOff' : 'eye'} />
                </button>
                <CopyButton
                  value={secret}
                  label={t('meraki.copy-secret')}
                  copiedLabel={t('meraki.copied')}
                  onError={copyError}
                />
              </div>
            </div>
            <div className="actions">
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                <Icon name="refresh" size={18} />
                {t('meraki.rotate')}
              </Button>
            </div>
          </>
        )}
      </div>
    );
  }

  return (
    <section className="card meraki-settings">
      <h2 className="card__title">{t('meraki.title')}</h2>
      <p className="muted">{t('meraki.intro')}</p>
      {body}
      <ConfirmDialog
        open={confirming}
        danger
        icon="key"
        title={t('meraki.rotate-title')}
        body={t('meraki.rotate-body')}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('meraki.rotate-confirm')}
        loading={rotating}
        error={rotateError ? t(rotateError) : undefined}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmRotate()}
      />
    </section>
  );
}

/** Short setup instructions for the Meraki dashboard. */
function SetupSteps() {
  const { t } = useTranslation();
  return (
    <section className="card meraki-setup">
      <h2 className="card__title">{t('meraki.setup.title')}</h2>
      <ol className="meraki-setup__steps">
        {(['step-1', 'step-2', 'step-3', 'step-4'] as const).map((step) => (
          <li key={step}>{t(`meraki.setup.${step}`)}</li>
        ))}
      </ol>
    </section>
  );
}

const MODE_PILL: Record<NetworkEvent['mode'], string> = {
  auto: 'pill--ok',
  silent: 'pill--info',
  unknown: 'pill--muted',
};

/** How long an alert lasted, in the largest units that read well ("25 min", "2 h 5 min"). */
function useDuration(): (seconds: number) => string {
  const { t } = useTranslation();
  return (seconds) => {
    if (seconds < 60) return t('meraki.duration.seconds', { count: seconds });
    const minutes = Math.floor(seconds / 60);
    if (minutes < 60) return t('meraki.duration.minutes', { count: minutes });
    const hours = Math.floor(minutes / 60);
    if (hours < 24) return t('meraki.duration.hours', { hours, minutes: minutes % 60 });
    return t('meraki.duration.days', { days: Math.floor(hours / 24), hours: hours % 24 });
  };
}

/** What an event did: a start with its end (one row, with its duration), an end, a refusal. */
function EventDetails({ event }: { event: NetworkEvent }) {
  const { t } = useTranslation();
  const duration = useDuration();
  if (event.error)
    return (
      <span className="meraki-event__refused">
        {t('meraki.refused', { reason: t(`errors.${event.error}`) })}
      </span>
    );
  const name = event.alert_config_name ?? event.alert_name;
  const parts = [event.applied ? t('meraki.applied') : t('meraki.not-applied')];
  if (event.mode === 'auto' && event.duration_s !== null) {
    const ended = t('meraki.ended', { duration: duration(event.duration_s) });
    // A start that changed nothing has nothing to give back at its end.
    parts.push(
      event.applied
        ? `${ended}, ${t(event.end_applied ? 'meraki.end-applied' : 'meraki.end-not-applied')}`
        : ended,
    );
  } else if (event.mode === 'auto') parts.push(t('meraki.ongoing'));
  else if (event.mode === 'silent' && event.start === null)
    parts.splice(0, 1, t('meraki.end-without-start'));
  return (
    <span className="muted">
      {name ? `${name} · ` : ''}
      {parts.join(' · ')}
    </span>
  );
}

/** The events received on the webhook, latest first, updated live. */
function EventHistory({ purifier }: { purifier: Purifier }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  useNetworkEventStream(purifier.ulid);
  const { data, error, isLoading, isFetching, refetch } = useListNetworkEventsQuery({
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
      errorTitle={t('meraki.history.error')}
      retryLabel={t('purifiers.retry')}
      empty={<p className="muted history-empty">{t('meraki.history.empty')}</p>}
    >
      <>
        <div className={`table-wrap${isFetching ? ' is-refreshing' : ''}`}>
          <table className="data-table meraki-events">
            <thead>
              <tr>
                <th>{t('meraki.columns.date')}</th>
                <th>{t('meraki.columns.mode')}</th>
                <th>{t('meraki.columns.type')}</th>
                <th>{t('meraki.columns.details')}</th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => (
                <tr key={event.ulid}>
                  <td className="nowrap">{formatDateTime(event.date)}</td>
                  <td>
                    <span className={`pill ${MODE_PILL[event.mode]}`}>
                      {t(`meraki.modes.${event.mode}`)}
                    </span>
                  </td>
                  <td>{t(`meraki.types.${event.alert_type}`)}</td>
                  <td>
                    <EventDetails event={event} />
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
      <div className="card__head">
        <h2 className="card__title">{t('meraki.history.title')}</h2>
        <span className="meraki-live muted small">
          <span className="meraki-live__dot" aria-hidden="true" />
          {t('meraki.history.live')}
        </span>
      </div>
      {body}
    </section>
  );
}

/**
 * The webhook URL on the address this page is open at, when it differs from the configured
 * public one: both are explained (Meraki's cloud must reach the one pasted; the configured
 * public address is the one meant for it, this page's may be internal).
 */
export function OtherHostUrl({
  webhookUrl,
  onCopyError,
  origin = window.location.origin,
}: {
  webhookUrl: string;
  onCopyError: () => void;
  origin?: string;
}) {
  const { t } = useTranslation();
  let configured: URL;
  try {
    configured = new URL(webhookUrl);
  } catch {
    return null;
  }
  if (configured.origin === origin) return null;
  const here = `${origin}${configured.pathname}`;
  return (
    <div className="field meraki-other-host">
      <p className="notice small">
        {t('meraki.other-host', {
          configured: configured.origin,
          origin,
          interpolation: { escapeValue: false },
        })}
      </p>
      <label className="field__label" htmlFor="meraki-url-here">
        {t('meraki.webhook-url-here', { origin, interpolation: { escapeValue: false } })}
      </label>
      <div className="copy-field">
        <input
          id="meraki-url-here"
          className="input input--mono"
          value={here}
          readOnly
          onFocus={(e) => e.target.select()}
        />
        <CopyButton
          value={here}
          label={t('meraki.copy-url-here')}
          copiedLabel={t('meraki.copied')}
          onError={onCopyError}
        />
      </div>
    </div>
  );
}

/** Meraki tab: webhook URL and secret, setup instructions, and the history of events. */
export function MerakiTab({ purifier }: { purifier: Purifier }) {
  return (
    <div className="tab-panel">
      <div className="meraki-grid">
        <WebhookSettings purifier={purifier} />
        <SetupSteps />
      </div>
      <EventHistory purifier={purifier} />
    </div>
  );
}
