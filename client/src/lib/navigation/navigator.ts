import { matchRoutes, type Location } from 'react-router-dom';
import type { createBrowserRouter } from 'react-router-dom';
import { routeNameOf, type RouteName } from './routeNames.ts';

type AppRouter = ReturnType<typeof createBrowserRouter>;

let router: AppRouter | null = null;

/** Registers the data router so code outside React (the api client, sockets) can navigate. */
export function setRouter(next: AppRouter | null): void {
  router = next;
}

/** Navigates from outside React; ignored before the router exists. */
export function navigateTo(path: string, options: { replace?: boolean } = {}): void {
  void router?.navigate(path, options);
}

/** Name of the route currently displayed. */
export function currentRouteName(): RouteName | null {
  return router ? routeNameOf(router.state.matches) : null;
}

/** Name of the route a location would display. */
export function routeNameForLocation(
  location: Pick<Location, 'pathname'> | string,
): RouteName | null {
  if (!router) return null;
  return routeNameOf(matchRoutes(router.routes, location));
}
