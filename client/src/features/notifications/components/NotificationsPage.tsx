import { useTranslation } from 'react-i18next';
import { NotificationList } from './NotificationList.tsx';
import { NotificationPreferencesForm } from './NotificationPreferencesForm.tsx';
import { WebhooksSection } from './WebhooksSection.tsx';
import '../notifications.css';

/** /notifications: what happened to the user's machines, and how they want to be told. */
export function NotificationsPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1 tabIndex={-1}>{t('notifications.title')}</h1>
          <p className="page-header__subtitle">{t('notifications.subtitle')}</p>
        </div>
      </header>
      <NotificationList />
      <NotificationPreferencesForm />
      <WebhooksSection />
    </div>
  );
}
