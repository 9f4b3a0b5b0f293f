import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { Icon } from '../../../components/Icon.tsx';
import { useUnreadCount } from '../hooks/useUnreadCount.ts';

/** The bell of the top navigation: a link to the notifications with the unread count, live. */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  const label =
    unread > 0 ? t('notifications.bell-unread', { count: unread }) : t('notifications.bell');
  return (
    <NavLink to="/notifications" className="notification-bell" aria-label={label} title={label}>
      <Icon name="bell" size={22} />
      {unread > 0 ? (
        <span className="notification-bell__count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </NavLink>
  );
}
