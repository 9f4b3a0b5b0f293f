import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { SidePanel } from '../../../components/SidePanel.tsx';
import { notifyError, notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch, useAppSelector } from '../../../lib/storeHooks.ts';
import { useSendMyPasswordResetMutation } from '../api/accountApi.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

/** My profile: who I am, a password-reset e-mail, and the change-password form. */
export function ProfilePanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.session.user);
  const [sendReset, { isLoading: sending }] = useSendMyPasswordResetMutation();

  const sendResetMail = async () => {
    if (!user) return;
    const result = await sendReset({ email: user.email });
    if ('error' in result) dispatch(notifyError('forgot-password.message-error'));
    else dispatch(notifyInfo('forgot-password.message-sent', { email: user.email }));
  };

  return (
    <SidePanel open={open} onClose={onClose} title={t('profile.title')}>
      {user ? (
        <>
          <section className="panel-section">
            <div className="identity">
              <span className="avatar avatar--large" aria-hidden="true">
                {`${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase()}
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
    </SidePanel>
  );
}
