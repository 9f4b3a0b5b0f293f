import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { randomId } from '../randomId.ts';

/** One translated message: an i18n key and its interpolation values. */
export interface Message {
  key: string;
  params?: Record<string, string | number>;
}

/** Notification entry of spec section 3: id, label, state. A list of labels shows as bullets. */
export interface Notification {
  id: number;
  label: Message | Message[];
  state: 'error' | 'info';
}

export interface NotificationsState {
  items: Notification[];
}

const initialState: NotificationsState = { items: [] };

/** The notifications stacked at the bottom left of every page. */
export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    notified: {
      reducer(state, action: PayloadAction<Notification>) {
        state.items.push(action.payload);
      },
      prepare(state: Notification['state'], label: Notification['label']) {
        return { payload: { id: randomId(), state, label } };
      },
    },
    dismissed(state, action: PayloadAction<number>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
    purged(state) {
      state.items = [];
    },
  },
});

export const { notified, dismissed, purged } = notificationsSlice.actions;

/** Shorthand for an info notification (auto-dismissed). */
export const notifyInfo = (key: string, params?: Message['params']) =>
  notified('info', { key, params });

/** Shorthand for an error notification (stays until dismissed). */
export const notifyError = (label: string | Message | Message[]) =>
  notified('error', typeof label === 'string' ? { key: label } : label);
