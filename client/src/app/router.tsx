import { redirect, type RouteObject } from 'react-router-dom';
import type { ComponentType } from 'react';
import { PageLoader } from '../components/Spinner.tsx';
import { RouteErrorBoundary } from '../features/errors/components/RouteErrorBoundary.tsx';
import { PATHS, type RouteName } from '../lib/navigation/routeNames.ts';
import { createGuard, type PagePrefetch } from './guard.ts';
import { lazyPage } from './lazyPage.ts';
import { RootLayout } from './RootLayout.tsx';
import type { AppStore } from './store.ts';

// Screens not built yet show the not-found page rather than placeholder content.
const notFound = () =>
  import('../features/errors/components/NotFoundPage.tsx').then((m) => m.NotFoundPage);

const PAGES: {
  path: string;
  name: RouteName;
  load: () => Promise<ComponentType>;
  /** What the page asks for first, started by the guard beside the page's code. */
  prefetch?: PagePrefetch;
}[] = [
  {
    path: '/login',
    name: 'Login',
    load: () => import('../features/auth/components/LoginPage.tsx').then((m) => m.LoginPage),
  },
  {
    path: '/account-creation',
    name: 'AccountCreation',
    load: () =>
      import('../features/auth/components/AccountCreationPage.tsx').then(
        (m) => m.AccountCreationPage,
      ),
  },
  {
    path: '/forgot-password',
    name: 'ForgotPassword',
    load: () =>
      import('../features/auth/components/ForgotPasswordPage.tsx').then(
        (m) => m.ForgotPasswordPage,
      ),
  },
  {
    path: '/renew-password',
    name: 'RenewPassword',
    load: () =>
      import('../features/auth/components/RenewPasswordPage.tsx').then((m) => m.RenewPasswordPage),
  },
  {
    path: '/easy-connect',
    name: 'EasyConnect',
    load: () =>
      import('../features/auth/components/EasyConnectPage.tsx').then((m) => m.EasyConnectPage),
  },
  {
    path: '/purifiers',
    name: 'PurifierList',
    load: () =>
      import('../features/purifiers/components/PurifierListPage.tsx').then(
        (m) => m.PurifierListPage,
      ),
    prefetch: (store, url) =>
      import('../features/purifiers/api/purifiersApi.ts').then((m) =>
        m.prefetchPurifierList(store.dispatch, url),
      ),
  },
  {
    path: '/purifiers/:purifierUlid/*',
    name: 'PurifierDetail',
    load: () => import('./machineDetailPages.tsx').then((m) => m.PurifierDetailComposed),
  },
  {
    path: '/sensors',
    name: 'SensorList',
    load: () =>
      import('../features/sensors/components/SensorListPage.tsx').then((m) => m.SensorListPage),
  },
  {
    path: '/sensors/:sensorUlid/*',
    name: 'SensorDetail',
    load: () => import('./machineDetailPages.tsx').then((m) => m.SensorDetailComposed),
  },
  {
    path: '/sensor-graph/:sensorId',
    name: 'SensorsGraphs',
    load: () =>
      import('../features/sensors/components/PublicSensorPage.tsx').then((m) => m.PublicSensorPage),
  },
  {
    path: '/users',
    name: 'UsersList',
    load: () =>
      import('../features/users/components/UsersListPage.tsx').then((m) => m.UsersListPage),
  },
  {
    path: '/users/add',
    name: 'UserAdd',
    load: () => import('../features/users/components/UserAddPage.tsx').then((m) => m.UserAddPage),
  },
  {
    path: '/users/:userId/edit',
    name: 'UserEdit',
    load: () => import('../features/users/components/UserEditPage.tsx').then((m) => m.UserEditPage),
  },
  {
    path: '/product-keys',
    name: 'ProductKeys',
    load: () =>
      import('../features/product-keys/components/ProductKeysPage.tsx').then(
        (m) => m.ProductKeysPage,
      ),
  },
  {
    path: '/firmware',
    name: 'FirmwareList',
    load: () =>
      import('../features/firmware/components/FirmwareListPage.tsx').then(
        (m) => m.FirmwareListPage,
      ),
  },
  {
    path: '/audit-log',
    name: 'AuditLog',
    load: () =>
      import('../features/audit-log/components/AuditLogPage.tsx').then((m) => m.AuditLogPage),
  },
  {
    path: '/invitations/*',
    name: 'Invitations',
    load: () =>
      import('../features/invitations/components/InvitationsPage.tsx').then(
        (m) => m.InvitationsPage,
      ),
  },
  {
    path: '/overview',
    name: 'Overview',
    load: () =>
      import('../features/overview/components/OverviewPage.tsx').then((m) => m.OverviewPage),
  },
  {
    path: '/fleet',
    name: 'Fleet',
    load: () => import('../features/fleet/components/FleetPage.tsx').then((m) => m.FleetPage),
  },
  {
    path: '/fleet/devices',
    name: 'FleetDevices',
    load: () =>
      import('../features/fleet/components/FleetDevicesPage.tsx').then((m) => m.FleetDevicesPage),
  },
  {
    path: '/fleet/rollouts',
    name: 'FleetRollouts',
    load: () =>
      import('../features/rollouts/components/RolloutsPage.tsx').then((m) => m.RolloutsPage),
  },
  {
    path: '/fleet/rollouts/:rolloutUlid',
    name: 'FleetRollout',
    load: () =>
      import('../features/rollouts/components/RolloutPage.tsx').then((m) => m.RolloutPage),
  },
  {
    path: '/notifications',
    name: 'Notifications',
    load: () =>
      import('../features/notifications/components/NotificationsPage.tsx').then(
        (m) => m.NotificationsPage,
      ),
  },
  {
    path: '/translations',
    name: 'Translations',
    load: () =>
      import('../features/translations/components/TranslationsPage.tsx').then(
        (m) => m.TranslationsPage,
      ),
  },
  {
    path: '/error/:code',
    name: 'Error',
    load: () => import('../features/errors/components/ErrorPage.tsx').then((m) => m.ErrorPage),
  },
  { path: '*', name: 'NotFound', load: notFound },
];

/** Every route of spec section 2, each page lazy-loaded behind the navigation guard. */
export function buildRoutes(store: AppStore): RouteObject[] {
  const guard = createGuard(store);
  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RouteErrorBoundary />,
      hydrateFallbackElement: <PageLoader />,
      children: [
        // element null: a redirect renders nothing (and react-router does not warn of a leaf
        // route without an element).
        { path: '/', loader: () => redirect(PATHS.home), element: null },
        { path: '/activated-account', loader: () => redirect(PATHS.home), element: null },
        ...PAGES.map(({ path, name, load, prefetch }) => ({
          path,
          handle: { name },
          loader: guard(name, prefetch),
          lazy: lazyPage(load),
        })),
      ],
    },
  ];
}
