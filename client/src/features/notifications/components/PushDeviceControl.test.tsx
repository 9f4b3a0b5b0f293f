import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultPreferences } from '@aircloud/shared/notifications';
import { makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { server } from '../../../test/server.ts';

// A P-256 public key as the server answers it (65 bytes, base64url) and the bytes it stands for.
const KEY_BYTES = new Uint8Array(65).map((_, i) => (i === 0 ? 4 : i));
const PUBLIC_KEY = btoa(String.fromCharCode(...KEY_BYTES))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');
const ENDPOINT = 'https://push.example.com/send/abc';
const KEYS = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };

/**
 * A browser with the Push API: a service worker registration whose push manager holds
 * `subscribed` (or not), and a Notification permission that `requestPermission` answers.
 */
function pushBrowser({
  permission,
  answer = 'granted',
  subscribed = false,
}: {
  permission: NotificationPermission;
  answer?: NotificationPermission;
  subscribed?: boolean;
}) {
  const subscription = {
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  };
  let current: typeof subscription | null = subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: vi.fn(async () => registration),
      getRegistration: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
    },
  });
  return { pushManager, subscription, notification };
}

function pushServer(publicKey: string | null = PUBLIC_KEY) {
  const posted: unknown[] = [];
  const deleted: unknown[] = [];
  server.use(
    http.get('/api/me/notification_preferences', () => HttpResponse.json(defaultPreferences())),
    http.get('/api/me/push_public_key', () => HttpResponse.json({ public_key: publicKey })),
    http.post('/api/me/push_subscriptions', async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({ endpoint: ENDPOINT }, { status: 201 });
    }),
    http.delete('/api/me/push_subscriptions', async ({ request }) => {
      deleted.push(await request.json());
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { posted, deleted };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('Notifications on this device', () => {
  it('says when the browser cannot receive push notifications', async () => {
    pushServer();
    renderApp('/notifications', signedIn(makeMe()));
    expect(
      await screen.findByText('This browser cannot receive push notifications.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on for this device' })).toBeNull();
  });

  it('says when the server has no push keys', async () => {
    pushBrowser({ permission: 'default' });
    pushServer(null);
    renderApp('/notifications', signedIn(makeMe()));
    expect(
      await screen.findByText('Push notifications are not set up on this server.'),
    ).toBeInTheDocument();
  });

  it('turns push on (permission, subscribe with the server key, POST) and off (DELETE, unsubscribe)', async () => {
    const browser = pushBrowser({ permission: 'default' });
    const api = pushServer();
    const user = userEvent.setup();
    renderApp('/notifications', signedIn(makeMe()));
    expect(
      await screen.findByText('This device does not receive push notifications.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Turn on for this device' }));
    expect(await screen.findByText('This device receives push notifications.')).toBeInTheDocument();
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    const options = browser.pushManager.subscribe.mock.calls[0] as unknown as [
      { userVisibleOnly: boolean; applicationServerKey: Uint8Array },
    ];
    expect(options[0].userVisibleOnly).toBe(true);
    expect([...options[0].applicationServerKey]).toEqual([...KEY_BYTES]);
    expect(api.posted).toEqual([{ endpoint: ENDPOINT, keys: KEYS }]);
    // Every Push switch is off by default: the page says nothing is pushed yet.
    expect(
      screen.getByText('No event is pushed yet: tick the Push column above and save.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Turn off for this device' }));
    expect(
      await screen.findByText('This device does not receive push notifications.'),
    ).toBeInTheDocument();
    expect(api.deleted).toEqual([{ endpoint: ENDPOINT }]);
    expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('says how to allow notifications when the browser blocks them', async () => {
    const browser = pushBrowser({ permission: 'default', answer: 'denied' });
    const api = pushServer();
    const user = userEvent.setup();
    renderApp('/notifications', signedIn(makeMe()));
    await user.click(await screen.findByRole('button', { name: 'Turn on for this device' }));
    expect(
      await screen.findByText(
        /Notifications are blocked for this site in this browser\. To allow them/,
      ),
    ).toBeInTheDocument();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.posted).toEqual([]);
  });

  it('shows a device already subscribed as on, and tells the server again who it is for', async () => {
    pushBrowser({ permission: 'granted', subscribed: true });
    const api = pushServer();
    renderApp('/notifications', signedIn(makeMe()));
    expect(await screen.findByText('This device receives push notifications.')).toBeInTheDocument();
    await waitFor(() => expect(api.posted).toEqual([{ endpoint: ENDPOINT, keys: KEYS }]));
  });
});
