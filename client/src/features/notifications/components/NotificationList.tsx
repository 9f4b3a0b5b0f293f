import type { Notification } from '@aircloud/shared/notifications';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/Button.tsx';
import { Icon, type IconName } from '../../../components/Icon.tsx';
import { ListEmpty, ListStates } from '../../../components/ListState.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { formatDate, formatDateTime, formatTime } from '../../../lib/dates.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import {
  useListNotificationsQuery,
  useMarkNotificationsReadMutation,
} from '../api/notificationsApi.ts';

const ICONS: Record<Notification['type'], IconName> = {
  alert_triggered: 'alert',
  alert_stopped: 'check',
  device_offline: 'wifi',
  device_online: 'wifi',
  maintenance_due: 'purifier',
  maintenance_soon: 'purifier',
  air_changes_below: 'purifier',
  webhook_disabled: 'external',
};

/** What a notification says, from its type and payload, in the reader's language. */
export function notificationText(n: Notification, t: TFunction, language: string): string {
  const p = n.payload;
  const machine = p.machine_name;
  const measure = p.measure ? t(`sensor.measures.${p.measure}`) : '';
  const value = p.value == null ? '—' : formatNumber(p.value, language);
  const threshold = p.threshold == null ? '—' : formatNumber(p.threshold, language);
  const mode = p.mode ? t(`purifiers.modes-inline.${p.mode}`) : '';
  const purifiers = (p.purifiers ?? []).map((x) => x.name).join(', ');
  switch (n.type) {
    case 'alert_triggered':
      return [
        t('notifications.text.alert_triggered', { machine, measure, value, threshold }),
        mode
          ? purifiers
            ? t('notifications.text.mode', { mode, purifiers })
            : t('notifications.text.mode-none', { mode })
          : '',
      ]
        .filter(Boolean)
        .join(' ');
    case 'alert_stopped':
      // Stopped by a user's change: who and why, not a value the measure went back to.
      return p.reason && p.stopped_by
        ? t('notifications.text.alert_stopped_by', {
            machine,
            measure,
            threshold,
            name: p.stopped_by.name,
            reason: t(`notifications.text.stop-reason.${p.reason}`),
          })
        : t('notifications.text.alert_stopped', { machine, measure, value, threshold });
    case 'device_offline':
      return t('notifications.text.device_offline', {
        machine,
        date: formatDateTime(p.last_seen_at ?? null),
      });
    case 'device_online':
      return t('notifications.text.device_online', { machine });
    case 'maintenance_due':
      return t('notifications.text.maintenance_due', {
        machine,
        level: p.level ? t(`maintenance.level.${p.level}`) : '',
        percent: p.percent ?? 0,
      });
    case 'maintenance_soon':
      return t('notifications.text.maintenance_soon', {
        machine,
        level: p.level ? t(`maintenance.level.${p.level}`) : '',
        percent: p.percent ?? 0,
        // "due around" a day: the pace dates the day, not the minute.
        date: formatDate(p.due_at ?? null),
      });
    case 'air_changes_below':
      return t('notifications.text.air_changes_below', {
        machine,
        ach: p.ach == null ? '—' : formatNumber(p.ach, language, 1),
        target: p.target_ach ?? '—',
      });
    case 'webhook_disabled':
      return t('notifications.text.webhook_disabled', {
        url: p.webhook_url ?? '',
        count: p.failures ?? 0,
      });
  }
}

/** The signed-in user's notifications, newest first: unread ones marked, each one to its machine. */
export function NotificationList() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const query = useListNotificationsQuery({ page, unread: unreadOnly || undefined });
  const [markRead, marking] = useMarkNotificationsReadMutation();
  const members = query.data?.['hydra:member'] ?? [];
  const total = query.data?.['hydra:totalItems'] ?? 0;
  const unread = query.data?.unread_count ?? 0;
  return (
    <section className="card notifications" aria-labelledby="notifications-list-title">
      <header className="notifications__header">
        <h2 id="notifications-list-title">{t('notifications.list-title')}</h2>
        <div className="notifications__actions">
          <label className="check-option">
            <input
              type="checkbox"
              checked={unreadOnly}
              onChange={(e) => {
                setUnreadOnly(e.target.checked);
                setPage(1);
              }}
            />
            {t('notifications.unread-only')}
          </label>
          <Button
            variant="secondary"
            disabled={unread === 0}
            loading={marking.isLoading}
            onClick={() => void markRead({ all: true })}
          >
            {t('notifications.mark-all-read')}
          </Button>
        </div>
      </header>
      <ListStates
        compact
        query={query}
        total={total}
        errorTitle={t('notifications.load-error')}
        retryLabel={t('sensor.retry')}
        empty={
          <ListEmpty icon="bell">
            <h3>{unreadOnly ? t('notifications.empty.unread') : t('notifications.empty.title')}</h3>
            <p className="muted">{t('notifications.empty.text')}</p>
          </ListEmpty>
        }
      >
        <ul className="notifications__list">
          {members.map((n) => (
            <li
              key={n.id}
              className={n.read_at ? 'notification' : 'notification notification--unread'}
            >
              <span className="notification__icon" data-type={n.type} aria-hidden="true">
                <Icon name={ICONS[n.type]} size={20} />
              </span>
              <div className="notification__body">
                <p className="notification__text">
                  {n.read_at ? null : (
                    <span className="visually-hidden">{t('notifications.unread')} </span>
                  )}
                  {notificationText(n, t, i18n.language)}
                </p>
                {n.payload.suppressed ? (
                  <p className="notification__more muted">
                    {t('notifications.text.suppressed', {
                      count: n.payload.suppressed.count,
                      time: formatTime(n.payload.suppressed.since),
                    })}
                  </p>
                ) : null}
                <p className="notification__meta muted">
                  <time dateTime={n.created_at}>{formatDateTime(n.created_at)}</time>
                  {n.machine ? (
                    <>
                      {' · '}
                      <Link
                        to={`/${n.machine.kind === 'purifier' ? 'purifiers' : 'sensors'}/${n.machine.ulid}`}
                        onClick={() => {
                          if (!n.read_at) void markRead({ ids: [n.id] });
                        }}
                      >
                        {t(`notifications.open-${n.machine.kind}`, {
                          name: n.payload.machine_name,
                        })}
                      </Link>
                    </>
                  ) : null}
                </p>
              </div>
              {n.read_at ? null : (
                <Button
                  variant="ghost"
                  onClick={() => void markRead({ ids: [n.id] })}
                  aria-label={t('notifications.mark-read-one', {
                    text: notificationText(n, t, i18n.language),
                  })}
                >
                  {t('notifications.mark-read')}
                </Button>
              )}
            </li>
          ))}
        </ul>
        <Pagination page={page} total={total} displayed={members.length} onPage={setPage} />
      </ListStates>
    </section>
  );
}
