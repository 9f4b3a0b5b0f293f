import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invitation, InvitationDirection } from '@aircloud/shared/invitations';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Icon } from '../../../components/Icon.tsx';
import {
  errorRouteOf,
  ListError,
  ListLoading,
  LoadErrorRoute,
} from '../../../components/ListState.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { catalogueKeyOf } from '../../../lib/api/errorMessage.ts';
import { notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import {
  useAcceptInvitationMutation,
  useEndInvitationMutation,
  useListInvitationsQuery,
  useRefuseInvitationMutation,
} from '../api/invitationsApi.ts';
import { InvitationCard, type InvitationAction } from './InvitationCard.tsx';
import { InvitePopin } from './InvitePopin.tsx';

type Confirmable = Exclude<InvitationAction, 'accept' | 'edit'>;

const DONE: Record<InvitationAction, string> = {
  accept: 'invitations.done.accepted',
  refuse: 'invitations.done.refused',
  withdraw: 'invitations.done.withdrawn',
  revoke: 'invitations.done.revoked',
  leave: 'invitations.done.left',
  edit: 'invitations.done.updated',
};

const CONFIRM_TEXTS: Record<Confirmable, { title: string; body: string; confirm: string }> = {
  refuse: {
    title: 'invitations.confirm.refuse.title',
    body: 'invitations.confirm.refuse.body',
    confirm: 'invitations.confirm.refuse.confirm',
  },
  withdraw: {
    title: 'invitations.confirm.withdraw.title',
    body: 'invitations.confirm.withdraw.body',
    confirm: 'invitations.confirm.withdraw.confirm',
  },
  revoke: {
    title: 'invitations.confirm.revoke.title',
    body: 'invitations.confirm.revoke.body',
    confirm: 'invitations.confirm.revoke.confirm',
  },
  leave: {
    title: 'invitations.confirm.leave.title',
    body: 'invitations.confirm.leave.body',
    confirm: 'invitations.confirm.leave.confirm',
  },
};

/**
 * A page of invitations (sent or received, optionally of one machine) with their actions:
 * accept at once; refuse, withdraw, revoke and leave after a confirmation; edit in the popin.
 */
export function InvitationList({
  direction,
  purifier,
  sensor,
  empty,
}: {
  direction: InvitationDirection;
  purifier?: string;
  sensor?: string;
  /** What to show when there is none (title and text). */
  empty: { title: string; text: string };
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isFetching, refetch } = useListInvitationsQuery({
    direction,
    page,
    purifier,
    sensor,
  });
  const [accept, accepting] = useAcceptInvitationMutation();
  const [refuse, refusing] = useRefuseInvitationMutation();
  const [end, ending] = useEndInvitationMutation();
  const [confirming, setConfirming] = useState<{ action: Confirmable; invitation: Invitation }>();
  const [editing, setEditing] = useState<Invitation>();
  const [actionError, setActionError] = useState<string | null>(null);

  const run = async (action: InvitationAction, invitation: Invitation) => {
    setActionError(null);
    const result =
      action === 'accept'
        ? await accept(invitation.ulid)
        : action === 'refuse'
          ? await refuse(invitation.ulid)
          : await end(invitation.ulid);
    if ('error' in result) {
      const key = catalogueKeyOf(result.error);
      setActionError(
        key === 'invitation_closed' || key === 'not_found' || key === 'forbidden'
          ? `errors.${key}`
          : 'error.invitations.edit-fallback',
      );
      if (action === 'accept') void refetch();
      return false;
    }
    dispatch(notifyInfo(DONE[action]));
    setConfirming(undefined);
    return true;
  };

  const onAction = (action: InvitationAction, invitation: Invitation) => {
    if (action === 'edit') setEditing(invitation);
    else if (action === 'accept') void run(action, invitation);
    else setConfirming({ action, invitation });
  };

  if (isLoading) return <ListLoading compact />;
  // A 404 or 5xx opens the Error route, also when the last list is still shown.
  if (errorRouteOf(error)) return <LoadErrorRoute error={error} />;
  if (!data)
    return (
      <ListError
        compact
        title={t('invitations.load-error')}
        error={error}
        retryLabel={t('invitations.retry')}
        onRetry={() => void refetch()}
      />
    );

  const invitations = data['hydra:member'];
  const total = data['hydra:totalItems'];
  const texts = confirming ? CONFIRM_TEXTS[confirming.action] : null;
  const values = confirming
    ? {
        email: confirming.invitation.email,
        name: `${confirming.invitation.sender.firstname} ${confirming.invitation.sender.lastname}`,
      }
    : {};

  return (
    <>
      {actionError && !confirming ? (
        <p className="form-error" role="alert">
          {t(actionError)}
        </p>
      ) : null}
      {total === 0 ? (
        <div className="list-state list-state--compact invitations-empty">
          <span className="list-state__badge">
            <Icon name="mail" size={28} />
          </span>
          <h2>{empty.title}</h2>
          <p className="muted">{empty.text}</p>
        </div>
      ) : (
        <>
          <ul className={`invitation-list${isFetching ? ' is-refreshing' : ''}`}>
            {invitations.map((invitation) => (
              <InvitationCard
                key={invitation.ulid}
                invitation={invitation}
                onAction={onAction}
                busy={accepting.isLoading}
              />
            ))}
          </ul>
          {total > invitations.length ? (
            <Pagination page={page} total={total} displayed={invitations.length} onPage={setPage} />
          ) : null}
        </>
      )}
      {texts && confirming ? (
        <ConfirmDialog
          open
          danger
          title={t(texts.title, values)}
          body={t(texts.body, values)}
          cancelLabel={t('invitations.confirm.cancel')}
          confirmLabel={t(texts.confirm)}
          loading={refusing.isLoading || ending.isLoading}
          error={actionError ? t(actionError) : undefined}
          onCancel={() => {
            setConfirming(undefined);
            setActionError(null);
          }}
          onConfirm={() => void run(confirming.action, confirming.invitation)}
        />
      ) : null}
      {editing ? (
        <InvitePopin open invitation={editing} onClose={() => setEditing(undefined)} />
      ) : null}
    </>
  );
}
