import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  defaultPreferences,
  type Notification,
  type NotificationPreferences,
} from '@aircloud/shared/notifications';
import { realtime } from '../../../lib/realtime/socket.ts';
import { makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { server } from '../../../test/server.ts';

const SENSOR = '01JSSSSSSSSSSSSSSSSSSSSSSS';

function notification(id: string, read: boolean): Notification {
  return {
    '@id': `/api/notifications/${id}`,
    '@type': 'Notification',
    id,
    type: 'alert_triggered',
    machine: { kind: 'sensor', ulid: SENSOR, '@id': `/api/sensors/${SENSOR}` },
    payload: {
      machine_name: 'Office',
      measure: 'co2',
      value: 1420,
      threshold: 1000,
      mode: 'boost',
      purifiers: [{ ulid: '01JPPPPPPPPPPPPPPPPPPPPPPP', name: 'Office purifier' }],
      suppressed: id === 'n1' ? { count: 4, since: '2026-11-27T13:05:00Z' } : undefined,
    },
    created_at: '2026-11-27T13:30:00Z',
    read_at: read ? '2026-11-27T13:31:00Z' : null,
  };
}

function page(members: Notification[]) {
  return {
    '@context': '/api/contexts/Notification',
    '@id': '/api/notifications',
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': members.length,
    unread_count: members.filter((n) => !n.read_at).length,
  };
}

describe('notifications', () => {
  it('lists what happened, counts the unread ones live in the bell and marks them read', async () => {
    let items = [notification('n1', false), notification('n2', true)];
    const marked: unknown[] = [];
    server.use(
      http.get('/api/notifications', () => HttpResponse.json(page(items))),
      http.post('/api/notifications/read', async ({ request }) => {
        marked.push(await request.json());
        items = items.map((n) => ({ ...n, read_at: '2026-11-27T14:00:00Z' }));
        return HttpResponse.json({ updated: 1, unread_count: 0 });
      }),
      http.get('/api/me/notification_preferences', () => HttpResponse.json(defaultPreferences())),
    );
    renderApp('/notifications', signedIn(makeMe()));

    const texts = await screen.findAllByText(
      /Office: CO2 at 1,420, above the threshold of 1,000\. Mode boost applied to Office purifier\./,
    );
    expect(texts).toHaveLength(2);
    // The unread one says so to a screen reader, and only it offers "Mark as read".
    expect(texts[0]).toHaveTextContent(/^Unread:/);
    expect(texts[1]).not.toHaveTextContent(/^Unread:/);
    expect(screen.getAllByRole('button', { name: /^Mark as read/ })).toHaveLength(1);
    expect(screen.getByText('And 4 more since 14:05.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Open the sensor Office' })[0]).toHaveAttribute(
      'href',
      `/sensors/${SENSOR}`,
    );
    const bell = await screen.findByRole('link', { name: 'Notifications: 1 unread' });
    expect(within(bell).getByText('1')).toBeInTheDocument();

    // A new notification pushed on the socket counts at once.
    act(() =>
      realtime.notificationCreated$.next({ notification: notification('n3', false), unread: 2 }),
    );
    expect(
      await screen.findByRole('link', { name: 'Notifications: 2 unread' }),
    ).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(marked).toEqual([{ all: true }]));
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('says who stopped an alert and why when a user did', async () => {
    const stopped: Notification = {
      ...notification('n4', false),
      type: 'alert_stopped',
      payload: {
        machine_name: 'Office',
        measure: 'co2',
        value: null,
        threshold: 1000,
        mode: 'boost',
        purifiers: [],
        reason: 'disabled',
        stopped_by: { ulid: '01JUUUUUUUUUUUUUUUUUUUUUUU', name: 'Ada Lovelace' },
      },
    };
    server.use(
      http.get('/api/notifications', () => HttpResponse.json(page([stopped]))),
      http.get('/api/me/notification_preferences', () => HttpResponse.json(defaultPreferences())),
    );
    renderApp('/notifications', signedIn(makeMe()));
    expect(
      await screen.findByText(
        /Office: the alert on CO2 \(threshold 1,000\) was stopped by Ada Lovelace \(rule disabled\)\./,
      ),
    ).toBeInTheDocument();
  });

  it('words the maintenance due soon and the air changes below target, each to its purifier', async () => {
    const PURIFIER = '01JPPPPPPPPPPPPPPPPPPPPPPP';
    const purifier = {
      kind: 'purifier' as const,
      ulid: PURIFIER,
      '@id': `/api/purifiers/${PURIFIER}`,
    };
    const soon: Notification = {
      ...notification('n5', false),
      type: 'maintenance_soon',
      machine: purifier,
      payload: {
        machine_name: 'Classroom',
        level: 'filters',
        percent: 18,
        due_at: '2026-12-09T10:00:00Z',
      },
    };
    const below: Notification = {
      ...notification('n6', true),
      type: 'air_changes_below',
      machine: purifier,
      payload: { machine_name: 'Classroom', ach: 3.24, target_ach: 5 },
    };
    server.use(
      http.get('/api/notifications', () => HttpResponse.json(page([soon, below]))),
      http.get('/api/me/notification_preferences', () => HttpResponse.json(defaultPreferences())),
    );
    renderApp('/notifications', signedIn(makeMe()));
    expect(
      await screen.findByText(
        /^Classroom: Filters at 18 %, due around 09\/12\/2026 at its current pace\.$/,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "Classroom has delivered 3.2 air changes an hour instead of 5 for a week, measured by the room's sensor: check its filter and intake.",
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Open the purifier Classroom' })[0]).toHaveAttribute(
      'href',
      `/purifiers/${PURIFIER}`,
    );
  });

  it('saves the preferences and shows a refused value under its field', async () => {
    const saved: unknown[] = [];
    server.use(
      http.get('/api/me/notification_preferences', () => HttpResponse.json(defaultPreferences())),
      http.put('/api/me/notification_preferences', async ({ request }) => {
        const body = (await request.json()) as Partial<NotificationPreferences>;
        saved.push(body);
        return HttpResponse.json({ ...defaultPreferences(), ...body });
      }),
    );
    const user = userEvent.setup();
    renderApp('/notifications', signedIn(makeMe()));
    const email = await screen.findByRole('checkbox', { name: 'Alert stopped by E-mail' });
    expect(email).not.toBeChecked();
    await user.click(email);
    const delay = screen.getByLabelText('Offline after (minutes)');
    await user.clear(delay);
    await user.type(delay, 'abc');
    await user.click(screen.getByRole('button', { name: 'Save the preferences' }));
    expect(await screen.findByText('Value must be numeric')).toBeInTheDocument();
    expect(saved).toEqual([]);
    await user.clear(delay);
    await user.type(delay, '30');
    await user.click(screen.getByRole('checkbox', { name: /Quiet hours/ }));
    await user.click(screen.getByRole('button', { name: 'Save the preferences' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      offline_delay_min: 30,
      quiet_hours: { start: '22:00', end: '07:00' },
      channels: { alert_stopped: { email: true } },
    });
  });

  it('adds a webhook (its secret shown once), says why an address is refused, and deletes one', async () => {
    let hooks: Record<string, unknown>[] = [];
    server.use(
      http.get('/api/me/notification_preferences', () => HttpResponse.json(defaultPreferences())),
      http.get('/api/webhooks', () =>
        HttpResponse.json({
          '@id': '/api/webhooks',
          '@type': 'hydra:Collection',
          'hydra:member': hooks,
          'hydra:totalItems': hooks.length,
        }),
      ),
      http.post('/api/webhooks', async ({ request }) => {
        const { url } = (await request.json()) as { url: string };
        if (url.includes('127.0.0.1'))
          return HttpResponse.json(
            {
              '@type': 'ConstraintViolationList',
              violations: [{ propertyPath: 'url', code: 'webhook_url_private' }],
            },
            { status: 422 },
          );
        const hook = {
          '@id': '/api/webhooks/01JWWWWWWWWWWWWWWWWWWWWWWW',
          '@type': 'Webhook',
          id: '01JWWWWWWWWWWWWWWWWWWWWWWW',
          url,
          enabled: true,
          consecutive_failures: 0,
          disabled_at: null,
          created_at: '2026-11-27T13:00:00Z',
        };
        hooks = [hook];
        return HttpResponse.json({ ...hook, secret: 'S'.repeat(43) }, { status: 201 });
      }),
      http.delete('/api/webhooks/:id', () => {
        hooks = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/notifications', signedIn(makeMe()));
    const address = await screen.findByLabelText('Address (https://…)');
    await user.type(address, 'http://127.0.0.1/hook');
    await user.click(screen.getByRole('button', { name: 'Add the webhook' }));
    expect(
      await screen.findByText(
        'This address is on a private or local network: webhooks can only reach public addresses',
      ),
    ).toBeInTheDocument();

    await user.clear(address);
    await user.type(address, 'https://example.com/hook');
    await user.click(screen.getByRole('button', { name: 'Add the webhook' }));
    expect(await screen.findByText('S'.repeat(43))).toBeInTheDocument();
    expect(await screen.findByText('https://example.com/hook')).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: 'Delete the webhook https://example.com/hook' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this webhook?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No webhook yet.')).toBeInTheDocument();
  });
});
