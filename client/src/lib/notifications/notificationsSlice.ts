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

function sameMessage(a: Message, b: Message): boolean {
  if (a.key !== b.key) return false;
  const aParams = Object.entries(a.params ?? {});
  const bParams = b.params ?? {};
  return (
    aParams.length === Object.keys(bParams).length &&
    aParams.every(([name, value]) => bParams[name] === value)
  );
}

/** Two labels say the same thing: same keys with the same values, in the same order. */
export function sameLabel(a: Notification['label'], b: Notification['label']): boolean {
  const aList = Array.isArray(a) ? a : [a];
  const bList = Array.isArray(b) ? b : [b];
  return (
    Array.isArray(a) === Array.isArray(b) &&
    aList.length === bList.length &&
    aList.every((message, index) => sameMessage(message, bList[index]!))
  );
}

const initialState: NotificationsState = { items: [] };

/** The notifications stacked at the bottom left of every page. */
export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    notified: {
      reducer(state, action: PayloadAction<Notification>) {
        const { state: kind, label } = action.payload;
        const same = state.items.findIndex(
          (item) => item.state === kind && sameLabel(item.label, label),
        );
        // The same message never stacks: an error already shown stays as it is; an info shown
        // again starts its time-out afresh (a new id).
        if (same >= 0) {
          if (kind === 'info') state.items[same] = action.payload;
          return;
        }
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
