import { useState, type RefObject } from 'react';
import { useStore } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { avatarUrl } from '../../../components/AvatarInput.tsx';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { SidePanel } from '../../../components/SidePanel.tsx';
import { notifyError, notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch, useAppSelector, type CoreState } from '../../../lib/storeHooks.ts';
import { useSendMyPasswordResetMutation } from '../api/accountApi.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { MyLanguageField, ProfileInfoForm } from './ProfileInfoForm.tsx';

/**
 * My profile: who I am, edit my information and language, a password-reset e-mail, and the
 * change-password form. Closing with unsaved edits asks first.
 */
export function ProfilePanel({
  open,
  onClose,
  returnFocusTo,
}: {
  open: boolean;
  onClose: () => void;
  /** Where focus returns on close: the menu that opened the panel is gone by then. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const store = useStore<CoreState>();
  const user = useAppSelector((state) => state.session.user);
  const [sendReset, { isLoading: sending }] = useSendMyPasswordResetMutation();
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);

  const sendResetMail = async () => {
    if (!user) return;
    const result = await sendReset({ email: user.email });
    if ('error' in result) dispatch(notifyError('forgot-password.message-error'));
    else dispatch(notifyInfo('forgot-password.message-sent', { email: user.email }));
  };

  // The forms of this panel hold the form lock while they have unsaved edits.
  const canClose = () => {
    if (!store.getState().session.formLock) return true;
    setConfirmingDiscard(true);
    return false;
  };

  return (
    <SidePanel
      open={open}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      title={t('profile.title')}
      canClose={canClose}
    >
      {user ? (
        <>
          <section className="panel-section">
            <div className="identity">
              <span className="avatar avatar--large" aria-hidden="true">
                {user.avatar ? (
                  <img src={avatarUrl(user.avatar, 128)} alt="" />
                ) : (
                  `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase()
                )}
              </span>
              <div>
                <p className="identity__name">{`${user.firstname} ${user.lastname}`}</p>
                <p className="identity__email">{user.email}</p>
                {user.company ? <p className="identity__company">{user.company}</p> : null}
              </div>
            </div>
            <dl className="details">
              <div>
                <dt>{t('profile.role')}</dt>
                <dd>{t(`profile.roles.${user.role}`)}</dd>
              </div>
              <div>
                <dt>{t('profile.language')}</dt>
                <dd>{t(`common.languages.${user.lang}`)}</dd>
              </div>
            </dl>
          </section>
          <section className="panel-section">
            <h3 className="panel-section__title">{t('profile.info.title')}</h3>
            <ProfileInfoForm me={user} />
            <MyLanguageField me={user} />
          </section>
          <section className="panel-section">
            <h3 className="panel-section__title">{t('profile.reset.title')}</h3>
            <p className="muted">{t('profile.reset.text')}</p>
            <Button variant="secondary" onClick={() => void sendResetMail()} loading={sending}>
              <Icon name="mail" size={18} />
              {t('profile.reset.button')}
            </Button>
          </section>
          <section className="panel-section">
            <h3 className="panel-section__title">{t('profile.change-password.title')}</h3>
            <ChangePasswordForm />
          </section>
        </>
      ) : null}
      <ConfirmDialog
        open={confirmingDiscard}
        icon="alert"
        danger
        title={t('profile.unsaved.title')}
        body={t('profile.unsaved.body')}
        cancelLabel={t('profile.unsaved.keep')}
        confirmLabel={t('profile.unsaved.discard')}
        onCancel={() => setConfirmingDiscard(false)}
        onConfirm={() => {
          setConfirmingDiscard(false);
          onClose();
        }}
      />
    </SidePanel>
  );
}
