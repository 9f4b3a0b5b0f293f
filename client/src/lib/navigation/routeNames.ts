/** Names of the routes of spec section 2 (route handles carry them). */
export const ROUTE_NAMES = {
  Login: 'Login',
  AccountCreation: 'AccountCreation',
  ForgotPassword: 'ForgotPassword',
  RenewPassword: 'RenewPassword',
  EasyConnect: 'EasyConnect',
  Overview: 'Overview',
  Fleet: 'Fleet',
  FleetDevices: 'FleetDevices',
  FleetRollouts: 'FleetRollouts',
  FleetRollout: 'FleetRollout',
  Notifications: 'Notifications',
  PurifierList: 'PurifierList',
  PurifierDetail: 'PurifierDetail',
  SensorList: 'SensorList',
  SensorDetail: 'SensorDetail',
  SensorsGraphs: 'SensorsGraphs',
  UsersList: 'UsersList',
  UserEdit: 'UserEdit',
  UserAdd: 'UserAdd',
  ProductKeys: 'ProductKeys',
  FirmwareList: 'FirmwareList',
  Invitations: 'Invitations',
  Translations: 'Translations',
  AuditLog: 'AuditLog',
  Error: 'Error',
  NotFound: 'NotFound',
} as const;
export type RouteName = (typeof ROUTE_NAMES)[keyof typeof ROUTE_NAMES];

/** What a route's `handle` holds. */
export interface RouteHandle {
  name: RouteName;
}

/** Routes that mark the user as logged out and run without authentication. */
export const LOGGED_OUT_ROUTES: readonly RouteName[] = [
  'EasyConnect',
  'SensorsGraphs',
  'Error',
  'AccountCreation',
];

/** Routes an unauthenticated user may open (everything else sends to Login). */
export const ANONYMOUS_ROUTES: readonly RouteName[] = ['Login', 'RenewPassword', 'ForgotPassword'];

/**
 * Routes whose texts are in the public part of the catalogue (ui, accounts, errors): an anonymous
 * visitor there loads nothing more. Every other route, and every route of a signed-in user,
 * waits for the whole catalogue.
 */
export const PUBLIC_TEXT_ROUTES: readonly RouteName[] = [
  'Login',
  'AccountCreation',
  'ForgotPassword',
  'RenewPassword',
  'EasyConnect',
  'Error',
];

/** Routes on which the top navigation is hidden (a route without a name hides it as well). */
export const ROUTES_WITHOUT_NAVIGATION: readonly RouteName[] = [
  'Login',
  'EasyConnect',
  'RenewPassword',
  'AccountCreation',
  'ForgotPassword',
  'SensorsGraphs',
  'Error',
];

/** Paths used for programmatic navigation. */
export const PATHS = {
  home: '/purifiers',
  login: '/login',
  accountCreation: '/account-creation',
  forgotPassword: '/forgot-password',
  error: (code: string | number) => `/error/${code}`,
  rollouts: '/fleet/rollouts',
  rollout: (ulid: string) => `/fleet/rollouts/${ulid}`,
  purifier: (ulid: string) => `/purifiers/${ulid}`,
} as const;

/** Route name found in the handle of the deepest match that has one. */
export function routeNameOf(
  matches: readonly ({ handle?: unknown } | { route: { handle?: unknown } })[] | null | undefined,
): RouteName | null {
  if (!matches) return null;
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const handle = (match && ('route' in match ? match.route.handle : match.handle)) as
      RouteHandle | undefined;
    if (handle?.name) return handle.name;
  }
  return null;
}
