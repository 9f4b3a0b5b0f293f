import { lazy, Suspense } from 'react';
import { Outlet, useMatches, useNavigation } from 'react-router-dom';
import { NotificationStack } from '../components/NotificationStack.tsx';
import { routeNameOf, ROUTES_WITHOUT_NAVIGATION } from '../lib/navigation/routeNames.ts';
import { useAppSelector } from '../lib/storeHooks.ts';
import { loadChunk } from './lazyPage.ts';

// The navigation is not part of the login page's JavaScript.
const AppHeader = lazy(() =>
  loadChunk(() => import('./AppHeader.tsx')).then((m) => ({ default: m.AppHeader })),
);

/** Top navigation (when it applies), the page, and the notifications stack. */
export function RootLayout() {
  const matches = useMatches();
  const navigation = useNavigation();
  const authState = useAppSelector((state) => state.session.authState);
  const routeName = routeNameOf(matches);
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
      <main className="app__main" id="main">
        <Outlet />
      </main>
      <NotificationStack />
    </div>
  );
}
