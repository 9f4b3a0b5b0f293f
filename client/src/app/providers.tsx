import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { i18n } from '../lib/i18n/i18n.ts';
import type { AppStore } from './store.ts';

/** Store, translations and router around the whole client. */
export function AppProviders({
  store,
  router,
}: {
  store: AppStore;
  router: ReturnType<typeof createBrowserRouter>;
}) {
  return (
    <StrictMode>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </Provider>
    </StrictMode>
  );
}
