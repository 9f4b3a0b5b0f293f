import './lib/zodConfig.ts';
import { createBrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/providers.tsx';
import { buildRoutes } from './app/router.tsx';
import { connectWhenSignedInPageShown } from './app/realtimeStart.ts';
import { createAppStore } from './app/store.ts';
import { mayHaveSession } from './lib/api/baseQuery.ts';
import { i18nReady, warmWholeCatalogue } from './lib/i18n/i18n.ts';
import { startClientErrorReporting } from './lib/errorReporting.ts';
import { setRouter } from './lib/navigation/navigator.ts';
import { startTheme } from './lib/theme/theme.ts';
import './styles/global.css';

// Client errors to VITE_SENTRY_DSN (a separate chunk; nothing at all without the setting).
startClientErrorReporting();
// public/theme-init.js set the theme before paint; from here on the client follows changes.
startTheme();
// A likely session: the signed-in page's texts load beside /api/me, not after it.
if (mayHaveSession()) warmWholeCatalogue();
const store = createAppStore();
const router = createBrowserRouter(buildRoutes(store));
setRouter(router);

// The socket (and RxJS) are loaded once the first signed-in page is shown.
connectWhenSignedInPageShown(store, router, () => {
  void import('./app/realtimeBridge.ts').then(({ connectRealtime }) => connectRealtime(store));
});

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// The first paint waits for the texts of the detected language (one small chunk) and React DOM,
// a chunk of its own: fetched beside this one (index.html preloads it) but evaluated in a task
// of its own, after this one has started the page's requests. (Not a transition: a transition
// render never shows a Suspense fallback and was seen to stay on the static "Loading" for more
// than 10 s on a loaded machine.)
void Promise.all([i18nReady.catch(() => undefined), import('react-dom/client')]).then(
  ([, { createRoot }]) => {
    createRoot(container).render(<AppProviders store={store} router={router} />);
  },
);
