import { lazy, Suspense } from 'react';
import { Outlet, useMatches, useNavigation } from 'react-router-dom';
import { NotificationStack } from '../components/NotificationStack.tsx';
import { routeNameOf, ROUTES_WITHOUT_NAVIGATION } from '../lib/navigation/routeNames.ts';
import { useAppSelector } from '../lib/storeHooks.ts';
import { loadChunk } from './lazyPage.ts';
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

/** Top navigation (when it applies), the view-as-user banner, the page, and the notifications. */
export function RootLayout() {
  const matches = useMatches();
  const navigation = useNavigation();
  const authState = useAppSelector((state) => state.session.authState);
  const routeName = routeNameOf(matches);
  const viewedUser = useViewAsUserMode();
  const showNavigation =
    authState === 'authenticated' &&
    routeName !== null &&
    !ROUTES_WITHOUT_NAVIGATION.includes(routeName);

  return (
    <div className="app">
      {navigation.state === 'loading' ? (
        <div className="route-progress" role="progressbar" aria-hidden="true" />
      ) : null}
      {showNavigation ? (
        <Suspense fallback={<div className="topbar topbar--placeholder" />}>
          <AppHeader />
        </Suspense>
      ) : null}
      {showNavigation && viewedUser ? (
        <Suspense fallback={null}>
          <ViewAsUserBanner userUlid={viewedUser} />
        </Suspense>
      ) : null}
      <main className="app__main" id="main">
        <Outlet />
      </main>
      <NotificationStack />
    </div>
  );
}
