import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { INFO_NOTIFICATION_TIMEOUT_MS } from '@aircloud/shared/constants';
import { dismissed, type Notification } from '../lib/notifications/notificationsSlice.ts';
import { useAppDispatch, useAppSelector } from '../lib/storeHooks.ts';
import { Icon } from './Icon.tsx';

function NotificationItem({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { id, state, label } = notification;

  useEffect(() => {
    if (state !== 'info') return;
    const timer = setTimeout(() => dispatch(dismissed(id)), INFO_NOTIFICATION_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [dispatch, id, state]);

  return (
    <li
      className={`notification notification--${state}`}
      role={state === 'error' ? 'alert' : 'status'}
    >
      <Icon name={state === 'error' ? 'alert' : 'check'} className="notification__icon" />
      <div className="notification__body">
        {Array.isArray(label) ? (
          <ul>
            {label.map((message, index) => (
              <li key={index}>{t(message.key, message.params)}</li>
            ))}
          </ul>
        ) : (
          t(label.key, label.params)
        )}
      </div>
      {state === 'error' ? (
        <button
          type="button"
          className="notification__dismiss"
          onClick={() => dispatch(dismissed(id))}
          aria-label={t('common.dismiss')}
        >
          <Icon name="close" size={16} />
        </button>
      ) : null}
    </li>
  );
}

/**
 * The notifications stacked at the bottom left, in a labelled region landmark present on every
 * page: infos fade out, errors stay until dismissed.
 */
export function NotificationStack() {
  const items = useAppSelector((state) => state.notifications.items);
  const { t } = useTranslation();
  return (
    <section className="notification-region" aria-label={t('common.notifications')}>
      <ol className="notification-stack">
        {items.map((item) => (
          <NotificationItem key={item.id} notification={item} />
        ))}
      </ol>
    </section>
  );
}
