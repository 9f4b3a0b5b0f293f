import { useTranslation } from 'react-i18next';
import type { Invitation } from '@aircloud/shared/invitations';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { formatDate } from '../../../lib/dates.ts';

/** What can be done to an invitation from its card. */
export type InvitationAction = 'accept' | 'refuse' | 'edit' | 'withdraw' | 'revoke' | 'leave';

/** The actions the viewer has on an invitation: its direction and state decide. */
export function actionsOf(invitation: Invitation): InvitationAction[] {
  const accepted = invitation.state === 'accepted';
  if (invitation.direction === 'received') return accepted ? ['leave'] : ['accept', 'refuse'];
  return accepted ? ['edit', 'revoke'] : ['edit', 'withdraw'];
}

function personName(p: { firstname: string; lastname: string }) {
  return `${p.firstname} ${p.lastname}`.trim();
}

/** One invitation: who, state, date, the shared machines, and its actions. */
export function InvitationCard({
  invitation,
  onAction,
  busy,
}: {
  invitation: Invitation;
  onAction: (action: InvitationAction, invitation: Invitation) => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const sent = invitation.direction === 'sent';
  return (
    <li className="invitation-card" data-state={invitation.state}>
      <div className="invitation-card__head">
        <span className="invitation-card__icon" aria-hidden="true">
          <Icon name={sent ? 'mail' : 'user'} size={22} />
        </span>
        <div className="invitation-card__who">
          <p className="invitation-card__title">
            {sent
              ? t('invitations.to', { email: invitation.email })
              : t('invitations.from', {
                  name: personName(invitation.sender),
                  email: invitation.sender.email,
                })}
          </p>
          <p className="muted invitation-card__date">
            {t('invitations.sent-on', { date: formatDate(invitation.created_at) })}
          </p>
        </div>
        <span className={`pill invitation-state invitation-state--${invitation.state}`}>
          {t(`invitations.states.${invitation.state}`)}
        </span>
      </div>
      <div className="invitation-card__machines">
        {invitation.purifiers.length > 0 ? (
          <div>
            <h3 className="invitation-card__kind">{t('invitations.purifiers')}</h3>
            <ul className="invitation-card__chips">
              {invitation.purifiers.map((p) => (
                <li key={p.ulid} className="chip" title={p.serial_number}>
                  <Icon name="purifier" size={14} />
                  {p.name}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {invitation.sensors.length > 0 ? (
          <div>
            <h3 className="invitation-card__kind">{t('invitations.sensors')}</h3>
            <ul className="invitation-card__chips">
              {invitation.sensors.map((s) => (
                <li key={s.ulid} className="chip" title={s.serial_number}>
                  <Icon name="wifi" size={14} />
                  {s.name}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <div className="invitation-card__actions">
        {actionsOf(invitation).map((action) => (
          <Button
            key={action}
            variant={
              action === 'accept'
                ? 'primary'
                : action === 'edit'
                  ? 'secondary'
                  : action === 'refuse'
                    ? 'secondary'
                    : 'danger'
            }
            disabled={busy}
            onClick={() => onAction(action, invitation)}
          >
            {t(`invitations.actions.${action}`)}
          </Button>
        ))}
      </div>
    </li>
  );
}
