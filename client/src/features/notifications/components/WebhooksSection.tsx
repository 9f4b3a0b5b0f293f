import type { Webhook } from '@aircloud/shared/notifications';
import { WEBHOOKS_PER_USER } from '@aircloud/shared/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { CopyButton } from '../../../components/CopyButton.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { FormField, fieldA11y } from '../../../components/FormField.tsx';
import { ListStates } from '../../../components/ListState.tsx';
import { errorMessageKey, violationsOf } from '../../../lib/api/errorMessage.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import {
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useListWebhookDeliveriesQuery,
  useListWebhooksQuery,
} from '../api/notificationsApi.ts';

/** The last deliveries of one webhook: when, what came back. */
function Deliveries({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useListWebhookDeliveriesQuery(id);
  const items = query.data?.['hydra:member'] ?? [];
  if (query.isLoading) return <p className="muted">{t('notifications.webhooks.loading')}</p>;
  if (items.length === 0) return <p className="muted">{t('notifications.webhooks.no-delivery')}</p>;
  return (
    <ul className="webhook__deliveries">
      {items.slice(0, 10).map((d) => (
        <li key={d.id}>
          <time dateTime={d.created_at}>{formatDateTime(d.created_at)}</time>{' '}
          {t(`notifications.webhooks.status.${d.status}`)}
          {d.status_code !== null ? ` · HTTP ${d.status_code}` : ''}
          {d.error ? ` · ${d.error}` : ''}
        </li>
      ))}
    </ul>
  );
}

/**
 * The user's outgoing webhooks: add one (its signing secret shown once), see each one's state and
 * last deliveries, delete one.
 */
export function WebhooksSection() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const query = useListWebhooksQuery();
  const [create, creating] = useCreateWebhookMutation();
  const [remove] = useDeleteWebhookMutation();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const hooks = query.data?.['hydra:member'] ?? [];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (url.trim() === '') {
      setError('validation.required');
      return;
    }
    setError(undefined);
    const result = await create({ url: url.trim() });
    if ('error' in result) {
      const field = violationsOf(result.error).find((v) => v.propertyPath === 'url');
      if (field) setError(field.code);
      else setFormError(errorMessageKey(result.error));
      return;
    }
    setCreated(result.data);
    setUrl('');
  };

  return (
    <section className="card notifications" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">{t('notifications.webhooks.title')}</h2>
      <p className="muted">{t('notifications.webhooks.text')}</p>
      <form className="form webhook__form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormError messageKey={formError} />
        <FormField
          id="webhook-url"
          name="url"
          label={t('notifications.webhooks.url')}
          error={error}
        >
          <input
            className="input"
            type="url"
            inputMode="url"
            placeholder="https://example.com/aircloud"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            {...fieldA11y('webhook-url', error)}
          />
        </FormField>
        <div className="form__actions">
          <Button
            type="submit"
            loading={creating.isLoading}
            disabled={hooks.length >= WEBHOOKS_PER_USER}
          >
            {t('notifications.webhooks.add')}
          </Button>
        </div>
      </form>
      {created?.secret ? (
        <div className="webhook__secret" role="status">
          <p>{t('notifications.webhooks.secret-once', { url: created.url })}</p>
          <code className="webhook__secret-value">{created.secret}</code>
          <CopyButton
            value={created.secret}
            label={t('notifications.webhooks.copy')}
            copiedLabel={t('notifications.webhooks.copied')}
          />
        </div>
      ) : null}
      <ListStates
        compact
        query={query}
        total={hooks.length}
        errorTitle={t('notifications.webhooks.load-error')}
        retryLabel={t('sensor.retry')}
        empty={<p className="muted">{t('notifications.webhooks.empty')}</p>}
      >
        <ul className="webhook__list">
          {hooks.map((hook) => (
            <li key={hook.id} className="webhook">
              <div className="webhook__main">
                <span className="webhook__url">{hook.url}</span>
                <span className={hook.enabled ? 'pill pill--ok' : 'pill pill--alert'}>
                  {hook.enabled
                    ? t('notifications.webhooks.enabled')
                    : t('notifications.webhooks.disabled', {
                        date: formatDateTime(hook.disabled_at),
                      })}
                </span>
              </div>
              <div className="webhook__actions">
                <Button
                  variant="ghost"
                  aria-expanded={open === hook.id}
                  onClick={() => setOpen(open === hook.id ? null : hook.id)}
                >
                  {t('notifications.webhooks.deliveries')}
                </Button>
                <Button
                  variant="ghost"
                  aria-label={t('notifications.webhooks.delete-one', { url: hook.url })}
                  onClick={() => setDeleting(hook)}
                >
                  {t('notifications.webhooks.delete')}
                </Button>
              </div>
              {open === hook.id ? <Deliveries id={hook.id} /> : null}
            </li>
          ))}
        </ul>
      </ListStates>
      <ConfirmDialog
        open={deleting !== null}
        icon="trash"
        danger
        title={t('notifications.webhooks.delete-title')}
        body={t('notifications.webhooks.delete-body', { url: deleting?.url ?? '' })}
        cancelLabel={t('notifications.webhooks.keep')}
        confirmLabel={t('notifications.webhooks.delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const hook = deleting;
          setDeleting(null);
          if (!hook) return;
          void remove(hook.id).then((result) => {
            if (!('error' in result)) dispatch(notifyInfo('notifications.webhooks.deleted'));
          });
        }}
      />
    </section>
  );
}
