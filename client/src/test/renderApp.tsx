import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { buildRoutes } from '../app/router.tsx';
import { createAppStore, type RootState } from '../app/store.ts';
import { i18n } from '../lib/i18n/i18n.ts';
import { setRouter } from '../lib/navigation/navigator.ts';

/** Renders the whole client (real routes, guard and store) at `path`. */
export function renderApp(path: string, preloadedState?: Partial<RootState>) {
  const store = createAppStore(preloadedState);
  const router = createMemoryRouter(buildRoutes(store), { initialEntries: [path] });
  setRouter(router as never);
  const view = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>,
  );
  return { ...view, store, router };
}

/** Session state of a signed-in user, for preloading a store. */
export function signedIn(user: RootState['session']['user']): Partial<RootState> {
  return {
    session: { authState: 'authenticated', user, previousRouteName: null, formLock: false },
  };
}

/** Session state of a visitor known to be signed out. */
export function signedOut(): Partial<RootState> {
  return {
    session: {
      authState: 'not-authenticated',
      user: null,
      previousRouteName: null,
      formLock: false,
    },
  };
}
