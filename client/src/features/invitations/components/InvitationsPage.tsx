import { useState } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { RouteTabs } from '../../../components/Tabs.tsx';
import { useAppSelector } from '../../../lib/storeHooks.ts';
import { InvitationList } from './InvitationList.tsx';
import { InvitePopin } from './InvitePopin.tsx';
import '../invitations.css';

/** /invitations: the sent and received tabs, and the send popin. */
export function InvitationsPage() {
  const { t } = useTranslation();
  const [inviting, setInviting] = useState(false);
  const waiting = useAppSelector((state) => state.session.user?.invitations_received_count ?? 0);
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>{t('invitations.title')}</h1>
          <p className="page-header__subtitle">{t('invitations.subtitle')}</p>
        </div>
        <Button onClick={() => setInviting(true)}>
          <Icon name="plus" size={18} />
          {t('invitations.invite')}
        </Button>
      </header>
      <RouteTabs
        label={t('invitations.tabs.label')}
        tabs={[
          { to: '/invitations/sent', label: t('invitations.tabs.sent') },
          {
            to: '/invitations/received',
            label:
              waiting > 0
                ? `${t('invitations.tabs.received')} (${waiting})`
                : t('invitations.tabs.received'),
          },
        ]}
      />
      <section className="card invitations-panel">
        <Routes>
          <Route index element={<Navigate to={waiting > 0 ? 'received' : 'sent'} replace />} />
          <Route
            path="sent"
            element={
              <InvitationList
                direction="sent"
                empty={{
                  title: t('invitations.empty.sent.title'),
                  text: t('invitations.empty.sent.text'),
                }}
              />
            }
          />
          <Route
            path="received"
            element={
              <InvitationList
                direction="received"
                empty={{
                  title: t('invitations.empty.received.title'),
                  text: t('invitations.empty.received.text'),
                }}
              />
            }
          />
          <Route path="*" element={<Navigate to="sent" replace />} />
        </Routes>
      </section>
      {inviting ? <InvitePopin open onClose={() => setInviting(false)} /> : null}
    </div>
  );
}
