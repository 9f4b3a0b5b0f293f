import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { hasRole, isAdmin } from '@aircloud/shared/roles';
import { Icon } from '../../../components/Icon.tsx';
import { Logo } from '../../../components/Logo.tsx';
import { meApi } from '../../../lib/api/meApi.ts';
import { reload$ } from '../../../lib/events.ts';
import { PATHS } from '../../../lib/navigation/routeNames.ts';
import { authenticated } from '../../../lib/session/sessionSlice.ts';
import { useAppDispatch, useAppSelector } from '../../../lib/storeHooks.ts';

interface NavItem {
  to: string;
  label: string;
  badge?: number;
}

/** The top navigation: role-dependent links, invitation badge, mobile menu and the user menu slot. */
export function TopNavigation({ userMenu }: { userMenu?: ReactNode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.session.user);
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Close the mobile menu whenever a link was followed.
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);

  // Escape closes the mobile menu and gives the focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  // A global reload event refreshes what the navigation shows (badge count, role).
  useEffect(() => {
    const subscription = reload$.subscribe(() => {
      void dispatch(
        meApi.endpoints.getMe.initiate(undefined, { forceRefetch: true, subscribe: false }),
      ).then((result) => {
        if (result.data?.ulid) dispatch(authenticated(result.data));
      });
    });
    return () => subscription.unsubscribe();
  }, [dispatch]);

  const role = user?.role;
  const items: NavItem[] = [];
  if (isAdmin(role)) items.push({ to: '/users', label: t('nav.users') });
  if (hasRole(role, 'ROLE_TECHNICIAN')) {
    items.push(
      // Issue 21: the fleet at a glance, for those who run it.
      { to: '/fleet', label: t('nav.fleet') },
      { to: '/product-keys', label: t('nav.product-keys') },
      { to: '/firmware', label: t('nav.firmware') },
    );
  }
  // Issue 21: the audit log follows the spec's admin links, for administrators only.
  if (isAdmin(role)) items.push({ to: '/audit-log', label: t('nav.audit-log') });
  items.push(
    // Issue 20: the building manager's overview of every room, before the spec's three.
    { to: '/overview', label: t('nav.overview') },
    { to: '/sensors', label: t('nav.sensors') },
    { to: '/purifiers', label: t('nav.purifiers') },
    {
      to: '/invitations',
      label: t('nav.invitations'),
      badge: user?.invitations_received_count ?? 0,
    },
  );

  return (
    <header className="topbar">
      <div className="topbar__inner">
        <Link to={PATHS.home} className="topbar__brand" aria-label={t('nav.home')}>
          <Logo />
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="icon-button topbar__menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="main-navigation"
          aria-label={menuOpen ? t('nav.close-menu') : t('nav.open-menu')}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} size={24} />
        </button>
        <nav
          id="main-navigation"
          className={`topbar__nav${menuOpen ? ' is-open' : ''}`}
          aria-label={t('nav.main')}
        >
          <ul className="topbar__links">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) => `topbar__link${isActive ? ' is-active' : ''}`}
                >
                  <span>{item.label}</span>
                  {item.badge ? (
                    <>
                      <span className="badge" aria-hidden="true">
                        {item.badge}
                      </span>
                      <span className="visually-hidden">
                        {t('nav.invitations-badge', { count: item.badge })}
                      </span>
                    </>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="topbar__user">{userMenu}</div>
      </div>
    </header>
  );
}
