import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MachineAccess } from '@aircloud/shared/invitations';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { InvitationList } from './InvitationList.tsx';
import { InvitePopin } from './InvitePopin.tsx';
import '../invitations.css';

/**
 * The invitations tab of a purifier or a sensor: who has access to it (the owner's invitations
 * sharing it) with their actions, and an invite button with the machine pre-selected. Only the
 * owner manages it; invited users and admins see why not.
 */
export function MachineInvitationsTab({
  kind,
  machineUlid,
  access,
}: {
  kind: 'purifier' | 'sensor';
  machineUlid: string;
  /** How the viewer reaches the machine; absent means owner (older answers). */
  access?: MachineAccess;
}) {
  const { t } = useTranslation();
  const [inviting, setInviting] = useState(false);
  if (access && access !== 'owner') {
    return (
      <section className="card invitations-panel">
        <h2>{t('invitations.tab.title')}</h2>
        <p className="muted">{t('invitations.tab.not-owner')}</p>
      </section>
    );
  }
  const filter = kind === 'purifier' ? { purifier: machineUlid } : { sensor: machineUlid };
  return (
    <section className="card invitations-panel">
      <header className="invitations-panel__header">
        <div>
          <h2>{t('invitations.tab.title')}</h2>
          <p className="muted">{t('invitations.tab.text')}</p>
        </div>
        <Button onClick={() => setInviting(true)}>
          <Icon name="plus" size={18} />
          {t('invitations.tab.invite')}
        </Button>
      </header>
      <InvitationList
        direction="sent"
        {...filter}
        empty={{ title: t('invitations.tab.empty'), text: t('invitations.empty.sent.text') }}
      />
      {inviting ? (
        <InvitePopin
          open
          preset={kind === 'purifier' ? { purifiers: [machineUlid] } : { sensors: [machineUlid] }}
          onClose={() => setInviting(false)}
        />
      ) : null}
    </section>
  );
}
