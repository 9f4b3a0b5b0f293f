import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isAdmin } from '@aircloud/shared/roles';
import { PageLoader } from '../../../components/Spinner.tsx';
import { errorMessageKey, httpStatusOf } from '../../../lib/api/errorMessage.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useAppSelector } from '../../../lib/storeHooks.ts';
import { useGetUserQuery } from '../api/usersApi.ts';
import { ForbiddenState } from '../../../components/ForbiddenState.tsx';
import { UserForm } from './UserForm.tsx';
import '../users.css';

/** UserEdit (/users/:userId/edit): the full user form with avatar upload, for administrators. */
export function UserEditPage() {
  const { t } = useTranslation();
  const role = useAppSelector((state) => state.session.user?.role);
  return isAdmin(role) ? <UserEdit /> : <ForbiddenState text={t('users.list.forbidden-text')} />;
}

function UserEdit() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  const {
    data: user,
    error,
    isError,
  } = useGetUserQuery(userId, {
    refetchOnMountOrArgChange: true,
  });

  if (isError && httpStatusOf(error) === 403)
    return <ForbiddenState text={t('users.list.forbidden-text')} />;

  return (
    <div className="page user-page">
      <Link to="/users" className="back-link">
        ← {t('users.form.back')}
      </Link>
      {isError ? (
        <div className="card empty-state" role="alert">
          <h1 className="empty-state__title">
            {httpStatusOf(error) === 404 ? t('users.form.not-found') : t(errorMessageKey(error))}
          </h1>
        </div>
      ) : !user ? (
        <PageLoader />
      ) : (
        <>
          <header className="page-header">
            <div>
              <h1>{t('users.form.title-edit', { name: `${user.firstname} ${user.lastname}` })}</h1>
              <p className="muted page-header__subtitle">
                {user.email} · {t('users.form.created-on', { date: formatDate(user.created_at) })}
              </p>
            </div>
          </header>
          <UserForm key={user.ulid} user={user} />
        </>
      )}
    </div>
  );
}
