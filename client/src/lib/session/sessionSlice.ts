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
  /**
   * Admin view-as-user mode (spec section 4): the ulid of the user whose products an
   * administrator is viewing, or null. Set from the `user` query parameter, cleared by
   * 'Back to administration' (or any screen outside the mode).
   */
  viewAsUser?: string | null;
}

const initialState: SessionState = {
  authState: 'unknown',
  user: null,
  previousRouteName: null,
  formLock: false,
  viewAsUser: null,
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
      state.viewAsUser = null;
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
    /** An administrator started (or switched) viewing the products of this user. */
    viewAsUserSet(state, action: PayloadAction<string>) {
      state.viewAsUser = action.payload;
    },
    /** The administrator left the view-as-user mode. */
    viewAsUserCleared(state) {
      state.viewAsUser = null;
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
  viewAsUserSet,
  viewAsUserCleared,
} = sessionSlice.actions;
