import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { STORAGE_KEYS } from '@aircloud/shared/constants';
import type { Me } from '@aircloud/shared/users';
import { hydraError, makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { server } from '../../../test/server.ts';
import { chooseTheme } from '../../../lib/theme/theme.ts';

/** Answers PUT /api/users/{me} like the server (the stored user) and keeps the bodies sent. */
function serveProfile(me: Me, answer?: () => Response) {
  const sent: unknown[] = [];
  server.use(
    http.put(`/api/users/${me.ulid}`, async ({ request }) => {
      const body = (await request.json()) as Partial<Me>;
      sent.push(body);
      return answer?.() ?? HttpResponse.json({ ...me, ...body });
    }),
  );
  return sent;
}

describe('theme switch in the user menu', () => {
  afterEach(() => {
    chooseTheme('system');
  });

  it('offers system, light and dark; a choice applies at once and is saved on the profile', async () => {
    const me = makeMe();
    const sent = serveProfile(me);
    const { store } = renderApp('/sensors', signedIn(me));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const group = await screen.findByRole('group', { name: 'Theme' });
    expect(group).toBeInTheDocument();
    const system = screen.getByRole('menuitemradio', { name: 'System theme' });
    expect(system).toHaveAttribute('aria-checked', 'true');

    await user.click(screen.getByRole('menuitemradio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    await vi.waitFor(() => expect(sent).toEqual([{ theme: 'dark' }]));
    expect(store.getState().session.user?.theme).toBe('dark');
    // The menu stays open, showing the new choice.
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    await user.click(screen.getByRole('menuitemradio', { name: 'Light' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');

    await user.click(screen.getByRole('menuitemradio', { name: 'System theme' }));
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBeNull();
    await vi.waitFor(() =>
      expect(sent).toEqual([{ theme: 'dark' }, { theme: 'light' }, { theme: 'system' }]),
    );
  });

  it('puts the previous theme back and says so when the profile refuses it', async () => {
    const me = makeMe();
    serveProfile(me, () => HttpResponse.json(hydraError(500, 'internal_error'), { status: 500 }));
    const { store } = renderApp('/sensors', signedIn(me));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Dark' }));
    await vi.waitFor(() => expect(document.documentElement.dataset.theme).not.toBe('dark'));
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBeNull();
    expect(store.getState().session.user?.theme).toBe('system');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it("takes the profile's theme once /api/me has loaded, over this browser's copy", async () => {
    // This browser last showed light; the user chose dark on another browser.
    chooseTheme('light');
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe({ theme: 'dark' }))));
    renderApp('/sensors');
    await vi.waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });
});
