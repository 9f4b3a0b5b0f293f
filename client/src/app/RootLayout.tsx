import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches, useNavigation } from 'react-router-dom';
import { NotificationStack } from '../components/NotificationStack.tsx';
import { routeNameOf, ROUTES_WITHOUT_NAVIGATION } from '../lib/navigation/routeNames.ts';
import { useAppSelector } from '../lib/storeHooks.ts';
import { FormLockDialog } from './FormLockDialog.tsx';
import { afterPagePainted } from '../lib/afterPaint.ts';
import { loadChunk } from './lazyPage.ts';
import { usePageFocus } from './usePageFocus.ts';
import { useViewAsUserMode } from './useViewAsUserMode.ts';

// The navigation is not part of the login page's JavaScript.
const AppHeader = lazy(() =>
  loadChunk(() => import('./AppHeader.tsx')).then((m) => ({ default: m.AppHeader })),
);

// Only administrators ever see the view-as-user banner.
const ViewAsUserBanner = lazy(() =>
  loadChunk(() => import('../features/users/components/ViewAsUserBanner.tsx')).then((m) => ({
    default: m.ViewAsUserBanner,
  })),
);

/**
 * False until the first page has been painted (afterPagePainted): the navigation's code (and
 * Radix, its menus') then loads after the page's content rather than competing with it for the
 * network and the main thread.
 */
function usePagePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterPagePainted(() => setPainted(true)), []);
  return painted;
}

/**
 * Skip link (first focusable element), top navigation (when it applies), the view-as-user banner,
 * the page, the notifications and the unsaved-changes question.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const matches = useMatches();
  const navigation = useNavigation();
  const authState = useAppSelector((state) => state.session.authState);
  const routeName = routeNameOf(matches);
  const viewedUser = useViewAsUserMode();
  const mainRef = useRef<HTMLElement>(null);
  usePageFocus(mainRef);
  const pageShown = usePagePainted();
  const showNavigation =
    authState === 'authenticated' &&
    routeName !== null &&
    !ROUTES_WITHOUT_NAVIGATION.includes(routeName);

  // Focus moves by script: a bare "#main" would become a router navigation.
  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = mainRef.current;
    if (!main) return;
    main.focus();
    main.scrollIntoView();
  };

  return (
    <div className="app">
      <a className="skip-link" href="#main" onClick={skipToContent}>
        {t('nav.skip-to-content')}
      </a>
      {navigation.state === 'loading' ? (
        <div className="route-progress" role="progressbar" aria-hidden="true" />
      ) : null}
      {showNavigation ? (
        pageShown ? (
          <Suspense fallback={<div className="topbar topbar--placeholder" />}>
            <AppHeader />
          </Suspense>
        ) : (
          <div className="topbar topbar--placeholder" />
        )
      ) : null}
      {showNavigation && viewedUser ? (
        <Suspense fallback={null}>
          <ViewAsUserBanner userUlid={viewedUser} />
        </Suspense>
      ) : null}
      <main className="app__main" id="main" ref={mainRef} tabIndex={-1}>
        <Outlet />
      </main>
      <NotificationStack />
      <FormLockDialog />
    </div>
  );
}
