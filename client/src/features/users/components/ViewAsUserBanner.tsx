import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { RouteTabs } from '../../../components/Tabs.tsx';
import { withViewAsUser } from '../../../lib/navigation/viewAsUser.ts';
import { viewAsUserCleared } from '../../../lib/session/sessionSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import { useGetUserQuery } from '../api/usersApi.ts';
import { initialsOf } from './UsersListPage.tsx';
import '../users.css';

/**
 * The administrator's view-as-user banner (spec section 2): whose products are shown, a way
 * back to the user list, and the Purifiers / Sensors tabs, both keeping the mode.
 */
export function ViewAsUserBanner({ userUlid }: { userUlid: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data: user, isError } = useGetUserQuery(userUlid);
  const name = user ? `${user.firstname} ${user.lastname}` : null;

  const back = () => {
    dispatch(viewAsUserCleared());
    navigate('/users');
  };

  return (
    <section className="view-as-user" aria-label={t('view-as-user.banner')} role="region">
      <div className="view-as-user__inner">
        <div className="view-as-user__who">
          <span className="avatar view-as-user__avatar" aria-hidden="true">
            {user ? initialsOf(user) : <Icon name="user" size={18} />}
          </span>
          <p className="view-as-user__text">
            <span>{t('view-as-user.banner')}</span>{' '}
            <strong data-testid="view-as-user-name">
              {name ?? (isError ? userUlid : t('view-as-user.loading'))}
            </strong>
            {user ? <span className="view-as-user__email"> · {user.email}</span> : null}
          </p>
          <Button variant="secondary" className="view-as-user__back" onClick={back}>
            <Icon name="arrowRight" size={18} className="view-as-user__back-icon" />
            {t('view-as-user.back')}
          </Button>
        </div>
        <RouteTabs
          label={t('view-as-user.tabs.label')}
          tabs={[
            {
              to: withViewAsUser('/purifiers', userUlid),
              label: t('view-as-user.tabs.purifiers'),
            },
            { to: withViewAsUser('/sensors', userUlid), label: t('view-as-user.tabs.sensors') },
          ]}
        />
      </div>
    </section>
  );
}
