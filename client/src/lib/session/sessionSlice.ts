import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Me } from '@aircloud/shared/users';

/** Authentication state of spec section 4: unknown until the first check, then known. */
export type AuthState = 'unknown' | 'authenticated' | 'not-authenticated';

export interface SessionState {
  authState: AuthState;
  user: Me | null;
  previousRouteName: string | null;
  /** True while a form has unsaved edits: navigation is cancelled. */
  formLock: boolean;
}

const initialState: SessionState = {
  authState: 'unknown',
  user: null,
  previousRouteName: null,
  formLock: false,
};

/** The signed-in user and navigation bookkeeping. */
export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** A user with an identifier was obtained (login, activation, me fetch). */
    authenticated(state, action: PayloadAction<Me>) {
      state.authState = 'authenticated';
      state.user = action.payload;
    },
    /** Logout, forced logout, or a public route that runs without authentication. */
    loggedOut(state) {
      state.authState = 'not-authenticated';
      state.user = null;
      state.formLock = false;
    },
    /** Forget what we know so the next guarded navigation asks the server again. */
    authReset(state) {
      state.authState = 'unknown';
    },
    /** The server pushed or returned a newer version of the current user. */
    userUpdated(state, action: PayloadAction<Partial<Me>>) {
      if (state.user) state.user = { ...state.user, ...action.payload };
    },
    previousRouteRecorded(state, action: PayloadAction<string | null>) {
      state.previousRouteName = action.payload;
    },
    formLockSet(state, action: PayloadAction<boolean>) {
      state.formLock = action.payload;
    },
  },
});

export const {
  authenticated,
  loggedOut,
  authReset,
  userUpdated,
  previousRouteRecorded,
  formLockSet,
} = sessionSlice.actions;
