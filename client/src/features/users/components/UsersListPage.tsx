import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ListError, ListLoading } from '../../../components/ListState.tsx';
import { PAGE_SIZE } from '@aircloud/shared/constants';
import { ROLES, isAdmin } from '@aircloud/shared/roles';
import type { User } from '@aircloud/shared/users';
import { avatarUrl } from '../../../components/AvatarInput.tsx';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { SearchInput } from '../../../components/SearchInput.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { httpStatusOf } from '../../../lib/api/errorMessage.ts';
import { formatDate } from '../../../lib/dates.ts';
import { withViewAsUser } from '../../../lib/navigation/viewAsUser.ts';
import { useAppSelector } from '../../../lib/storeHooks.ts';
import { useListUsersQuery } from '../api/usersApi.ts';
import { useUsersListParams } from '../hooks/useUsersListParams.ts';
import { ForbiddenState } from '../../../components/ForbiddenState.tsx';
import { UserDialog } from './UserDialog.tsx';
import '../users.css';

/** Initials shown when a user has no picture. */
export function initialsOf(user: Pick<User, 'firstname' | 'lastname'>): string {
  return `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase() || '?';
}

/** Account management (UsersList, /users): administrators only; others see the 403 message. */
export function UsersListPage() {
  const { t } = useTranslation();
  const role = useAppSelector((state) => state.session.user?.role);
  return isAdmin(role) ? <UsersList /> : <ForbiddenState text={t('users.list.forbidden-text')} />;
}

function UsersList() {
  const { t } = useTranslation();
  const me = useAppSelector((state) => state.session.user);
  const { args, update } = useUsersListParams();
  const { currentData, isFetching, isError, error, refetch } = useListUsersQuery(args);
  const [dialog, setDialog] = useState<{ user: User | null } | null>(null);

  const users = currentData?.['hydra:member'] ?? [];
  const total = currentData?.['hydra:totalItems'] ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const filtered = Boolean(args.search || args.role);

  // A removal can empty the last page: show the new last one instead.
  useEffect(() => {
    if (currentData && users.length === 0 && total > 0 && args.page > lastPage)
      update({ page: lastPage });
  }, [currentData, users.length, total, args.page, lastPage, update]);

  if (isError && httpStatusOf(error) === 403)
    return <ForbiddenState text={t('users.list.forbidden-text')} />;

  let content;
  if (isError) {
    content = (
      <ListError
        title={t('users.list.error')}
        error={error}
        retryLabel={t('users.list.retry')}
        onRetry={() => void refetch()}
      />
    );
  } else if (!currentData) {
    content = <ListLoading />;
  } else if (users.length === 0) {
    content = (
      <div className="card list-state">
        <span className="list-state__badge">
          <Icon name="user" size={28} />
        </span>
        <h2>{t('users.list.empty')}</h2>
        <p className="muted">
          {filtered ? t('users.list.empty-filtered') : t('users.list.empty-none')}
        </p>
        {filtered ? (
          <Button variant="secondary" onClick={() => update({ search: '', role: '' })}>
            {t('users.list.clear-filters')}
          </Button>
        ) : null}
      </div>
    );
  } else {
    content = (
      <>
        <div className="table-wrap" aria-busy={isFetching || undefined}>
          <table className="data-table users-table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t('users.list.columns.avatar')}</span>
                </th>
                <th scope="col">{t('users.list.columns.name')}</th>
                <th scope="col">{t('users.list.columns.email')}</th>
                <th scope="col">{t('users.list.columns.company')}</th>
                <th scope="col">{t('users.list.columns.role')}</th>
                <th scope="col">{t('users.list.columns.state')}</th>
                <th scope="col">{t('users.list.columns.created')}</th>
                <th scope="col" className="cell-actions">
                  <span className="visually-hidden">{t('users.list.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => {
                const name = `${user.firstname} ${user.lastname}`;
                return (
                  <tr key={user.ulid}>
                    <td className="users-table__avatar">
                      <span className="avatar" aria-hidden="true">
                        {user.avatar ? (
                          <img src={avatarUrl(user.avatar, 64)} alt="" loading="lazy" />
                        ) : (
                          initialsOf(user)
                        )}
                      </span>
                    </td>
                    <td className="users-table__name" data-label={t('users.list.columns.name')}>
                      <strong>{user.lastname}</strong> {user.firstname}
                      {user.ulid === me?.ulid ? (
                        <span className="users-table__you"> ({t('users.list.you')})</span>
                      ) : null}
                    </td>
                    <td className="users-table__email" data-label={t('users.list.columns.email')}>
                      {user.email}
                    </td>
                    <td data-label={t('users.list.columns.company')}>{user.company}</td>
                    <td data-label={t('users.list.columns.role')}>
                      <span className={`pill role-pill role-pill--${user.role.toLowerCase()}`}>
                        {t(`users.roles-select-add.${user.role}`)}
                      </span>
                    </td>
                    <td data-label={t('users.list.columns.state')}>
                      <span className={`pill ${user.enabled ? 'pill--ok' : 'pill--muted'}`}>
                        {user.enabled ? t('users.list.enabled') : t('users.list.disabled')}
                      </span>
                    </td>
                    <td className="users-table__date" data-label={t('users.list.columns.created')}>
                      {formatDate(user.created_at)}
                    </td>
                    <td className="cell-actions">
                      <div className="row-actions">
                        {user.ulid === me?.ulid ? null : (
                          <Link
                            className="btn btn--ghost btn--compact"
                            to={withViewAsUser('/purifiers', user.ulid)}
                            aria-label={t('users.list.view-products-label', { name })}
                          >
                            <Icon name="eye" size={16} />
                            {t('users.list.view-products')}
                          </Link>
                        )}
                        <Button
                          variant="ghost"
                          className="btn--compact"
                          aria-label={t('users.list.edit-label', { name })}
                          onClick={() => setDialog({ user })}
                        >
                          <Icon name="pencil" size={16} />
                          {t('users.list.edit')}
                        </Button>
                        <Link
                          className="icon-button"
                          to={`/users/${user.ulid}/edit`}
                          aria-label={t('users.list.edit-page-label', { name })}
                          title={t('users.list.edit-page')}
                        >
                          <Icon name="arrowRight" size={18} />
                        </Link>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <Pagination
          page={args.page}
          total={total}
          displayed={users.length}
          onPage={(page) => update({ page })}
        />
      </>
    );
  }

  return (
    <div className="page users-page">
      <header className="page-header">
        <div>
          <h1>{t('users.list.title')}</h1>
          <p className="muted page-header__subtitle">{t('users.list.subtitle')}</p>
        </div>
        <div className="actions">
          <Link className="btn btn--secondary" to="/users/add">
            <Icon name="lock" size={18} />
            {t('users.list.add-with-password')}
          </Link>
          <Button onClick={() => setDialog({ user: null })}>
            <Icon name="plus" size={18} />
            {t('users.list.add')}
          </Button>
        </div>
      </header>
      <div className="toolbar">
        <SearchInput
          value={args.search}
          onSearch={(search) => update({ search })}
          label={t('users.list.search')}
        />
        <label className="visually-hidden" htmlFor="users-role-filter">
          {t('users.list.role-filter')}
        </label>
        <select
          id="users-role-filter"
          className="input"
          value={args.role}
          onChange={(event) => update({ role: event.target.value as typeof args.role })}
        >
          <option value="">{t('users.list.all-roles')}</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`users.roles-select-add.${role}`)}
            </option>
          ))}
        </select>
        {isFetching && currentData ? <Spinner size={24} /> : null}
      </div>
      {content}
      <UserDialog
        open={dialog !== null}
        user={dialog?.user ?? null}
        onClose={() => setDialog(null)}
        onReload={() => void refetch()}
      />
    </div>
  );
}
