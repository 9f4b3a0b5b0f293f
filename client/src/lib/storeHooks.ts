import { useDispatch, useSelector } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { SessionState } from './session/sessionSlice.ts';
import type { NotificationsState } from './notifications/notificationsSlice.ts';
import type { apiSlice } from './api/apiSlice.ts';

/** The part of the store state every layer may read (the app adds the api cache). */
export interface CoreState {
  session: SessionState;
  notifications: NotificationsState;
  api: ReturnType<typeof apiSlice.reducer>;
}

export type AppDispatch = ThunkDispatch<CoreState, unknown, UnknownAction>;

/** Typed selector hook. */
export const useAppSelector = useSelector.withTypes<CoreState>();
/** Typed dispatch hook. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
