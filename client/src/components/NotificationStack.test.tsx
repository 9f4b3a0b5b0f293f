import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createTestStore } from '../test/store.ts';
import {
  notified,
  notifyError,
  notifyInfo,
  purged,
} from '../lib/notifications/notificationsSlice.ts';
import { NotificationStack } from './NotificationStack.tsx';

function renderStack() {
  const store = createTestStore();
  render(
    <Provider store={store}>
      <NotificationStack />
    </Provider>,
  );
  return store;
}

describe('notifications stack', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('removes an info notification after 2500 ms', () => {
    const store = renderStack();
    act(() => {
      store.dispatch(notifyInfo('forgot-password.message-sent', { email: 'ada@example.test' }));
    });
    const info = screen.getByRole('status');
    expect(info).toHaveTextContent('ada@example.test');
    expect(info).toHaveClass('notification--info');
    act(() => {
      vi.advanceTimersByTime(2499);
    });
    expect(screen.queryByRole('status')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(store.getState().notifications.items).toEqual([]);
  });

  it('keeps an error until it is dismissed', () => {
    const store = renderStack();
    act(() => {
      store.dispatch(notifyError('users.my-api.generate-token.error'));
    });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    const error = screen.getByRole('alert');
    expect(error).toHaveTextContent('The token could not be generated, please try again');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(store.getState().notifications.items).toEqual([]);
  });

  it('shows a list of messages as bullets, gives 10-digit ids, and is purged on demand', () => {
    const store = renderStack();
    act(() => {
      store.dispatch(
        notified('error', [
          { key: 'validation.password.min_length' },
          { key: 'validation.password.digit' },
        ]),
      );
    });
    const items = screen.getAllByRole('listitem').filter((li) => li.closest('.notification__body'));
    expect(items.map((li) => li.textContent)).toEqual(['At least 8 characters', 'One digit']);
    expect(String(store.getState().notifications.items[0]?.id)).toMatch(/^\d{10}$/);
    act(() => {
      store.dispatch(purged());
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sits in a labelled region landmark, empty or not', () => {
    renderStack();
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.querySelector('ol.notification-stack')).not.toBeNull();
  });

  it('shows an identical error once however often it is raised', () => {
    const store = renderStack();
    act(() => {
      store.dispatch(notifyError('users.my-api.generate-token.error'));
      store.dispatch(notifyError('users.my-api.generate-token.error'));
      store.dispatch(notifyError({ key: 'users.my-api.generate-token.error' }));
    });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    act(() => {
      store.dispatch(notifyError('validation.password.digit'));
    });
    expect(screen.getAllByRole('alert')).toHaveLength(2);
  });

  it('tells apart the same key with other values, and restarts an info shown again', () => {
    const store = renderStack();
    act(() => {
      store.dispatch(notifyInfo('forgot-password.message-sent', { email: 'ada@example.test' }));
      store.dispatch(notifyInfo('forgot-password.message-sent', { email: 'bob@example.test' }));
    });
    expect(screen.getAllByRole('status')).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(2000);
      store.dispatch(notifyInfo('forgot-password.message-sent', { email: 'ada@example.test' }));
    });
    expect(screen.getAllByRole('status')).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    // bob's has run out; ada's was shown again 500 ms ago.
    expect(screen.getAllByRole('status').map((item) => item.textContent)).toEqual([
      expect.stringContaining('ada@example.test'),
    ]);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
