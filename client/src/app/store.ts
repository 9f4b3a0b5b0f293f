import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { apiSlice } from '../lib/api/apiSlice.ts';
import { sessionSlice, loggedOut } from '../lib/session/sessionSlice.ts';
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
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault().prepend(listener.middleware).concat(apiSlice.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
