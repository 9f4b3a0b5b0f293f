import {
  combineReducers,
  configureStore,
  createListenerMiddleware,
  isAnyOf,
} from '@reduxjs/toolkit';
import { apiSlice } from '../lib/api/apiSlice.ts';
import {
  authenticated,
  loggedOut,
  sessionSlice,
  userUpdated,
} from '../lib/session/sessionSlice.ts';
import { followProfileTheme } from '../lib/theme/theme.ts';
import { notificationsSlice } from '../lib/notifications/notificationsSlice.ts';

const rootReducer = combineReducers({
  session: sessionSlice.reducer,
  notifications: notificationsSlice.reducer,
  [apiSlice.reducerPath]: apiSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Builds the one store of the client (a fresh one per test). */
export function createAppStore(preloadedState?: Partial<RootState>) {
  const listener = createListenerMiddleware();
  // Nothing cached for one user may be shown to the next one.
  listener.startListening({
    actionCreator: loggedOut,
    effect: (_action, api) => {
      api.dispatch(apiSlice.util.resetApiState());
    },
  });
  // The theme is stored on the profile: whenever /api/me (or its live push) brings the user, the
  // page takes the profile's choice; the local copy only spares a flash before it loads.
  listener.startListening({
    matcher: isAnyOf(authenticated, userUpdated),
    effect: (_action, api) => {
      followProfileTheme((api.getState() as RootState).session.user?.theme);
    },
  });
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault().prepend(listener.middleware).concat(apiSlice.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
