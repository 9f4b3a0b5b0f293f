import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isAdmin } from '@aircloud/shared/roles';
import { useAppSelector } from '../../../lib/storeHooks.ts';
import { ForbiddenState } from '../../../components/ForbiddenState.tsx';
import { UserForm } from './UserForm.tsx';
import '../users.css';

/** UserAdd (/users/add): the full user form with an initial password or an activation e-mail. */
export function UserAddPage() {
  const { t } = useTranslation();
  const role = useAppSelector((state) => state.session.user?.role);
  if (!isAdmin(role)) return <ForbiddenState text={t('users.list.forbidden-text')} />;
  return (
    <div className="page user-page">
      <Link to="/users" className="back-link">
        ← {t('users.form.back')}
      </Link>
      <header className="page-header">
        <div>
          <h1>{t('users.form.title-add')}</h1>
          <p className="muted page-header__subtitle">{t('users.form.subtitle-add')}</p>
        </div>
      </header>
      <UserForm />
    </div>
  );
}
