import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../test/server.ts';
import { hydraError, makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { reconnectRealtime } from '../../../lib/realtime/socket.ts';

vi.mock('../../../lib/realtime/socket.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  reconnectRealtime: vi.fn(),
}));

async function openMenuItem(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Account menu' }));
  await user.click(await screen.findByRole('menuitem', { name }));
  return user;
}

describe('user menu', () => {
  it('signs out after confirmation: logout call, then Login', async () => {
    const logout = vi.fn(() => new HttpResponse(null, { status: 204 }));
    server.use(http.get('/security/logout', logout));
    const { router, store } = renderApp('/sensors', signedIn(makeMe()));
    const user = await openMenuItem('Sign out');
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(logout).not.toHaveBeenCalled();

    await openMenuItem('Sign out');
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sign out' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(store.getState().session.authState).toBe('not-authenticated');
  });

  it('sends a password-reset e-mail from the profile panel', async () => {
    let body: unknown = null;
    server.use(
      http.post('/security/forgot-password', async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/sensors', signedIn(makeMe({ email: 'ada@example.test' })));
    const user = await openMenuItem('My profile');
    const panel = await screen.findByRole('dialog', { name: 'My profile' });
    expect(within(panel).getByText('ada@example.test')).toBeInTheDocument();
    await user.click(
      within(panel).getByRole('button', { name: 'Send me a password-reset e-mail' }),
    );
    const notice = await screen.findByText(/ada@example.test/, { selector: '.notification__body' });
    expect(notice.closest('.notification')).toHaveClass('notification--info');
    expect(body).toEqual({ email: 'ada@example.test' });
  });

  it('shows the catalogue error when the current password is wrong', async () => {
    server.use(
      http.post('/api/me/edit-password', () =>
        HttpResponse.json(hydraError(422, 'current_password_invalid'), { status: 422 }),
      ),
    );
    renderApp('/sensors', signedIn(makeMe()));
    const user = await openMenuItem('My profile');
    const panel = await screen.findByRole('dialog', { name: 'My profile' });
    await user.type(within(panel).getByLabelText('Current password'), 'Old-pass1');
    await user.type(within(panel).getByLabelText('New password'), 'New-pass12');
    await user.type(within(panel).getByLabelText('Confirm the new password'), 'New-pass12');
    await user.click(within(panel).getByRole('button', { name: 'Change my password' }));
    expect(
      await within(panel).findByText('Your current password is incorrect'),
    ).toBeInTheDocument();
    expect(reconnectRealtime).not.toHaveBeenCalled();
  });

  it('after a password change, rejoins the live updates with the renewed session', async () => {
    vi.mocked(reconnectRealtime).mockClear();
    server.use(http.post('/api/me/edit-password', () => new HttpResponse(null, { status: 204 })));
    renderApp('/sensors', signedIn(makeMe()));
    const user = await openMenuItem('My profile');
    const panel = await screen.findByRole('dialog', { name: 'My profile' });
    await user.type(within(panel).getByLabelText('Current password'), 'Old-pass1');
    await user.type(within(panel).getByLabelText('New password'), 'New-pass12');
    await user.type(within(panel).getByLabelText('Confirm the new password'), 'New-pass12');
    await user.click(within(panel).getByRole('button', { name: 'Change my password' }));
    await waitFor(() => expect(reconnectRealtime).toHaveBeenCalledTimes(1));
  });

  it('shows a new API token once: full value, copy button and a note, then only its hint', async () => {
    server.use(
      http.post('/api/me/generate-api-token', () =>
        HttpResponse.json({
          api_token: 'aq_live_secret_wxyz',
          api_token_hint: 'aq_…wxyz',
          api_token_validity: '2027-03-04T23:30:00Z',
        }),
      ),
    );
    const { store } = renderApp('/sensors', signedIn(makeMe()));
    const user = await openMenuItem('My API token');
    const panel = await screen.findByRole('dialog', { name: 'My API token' });
    expect(within(panel).getByText('You have no API token yet.')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'API documentation' })).toHaveAttribute(
      'href',
      '/api_documentation',
    );
    await user.click(within(panel).getByRole('button', { name: 'Generate a token' }));
    const field = await within(panel).findByDisplayValue('aq_live_secret_wxyz');
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveAccessibleDescription(
      'Copy your token now: it is shown only this once. AirCloud keeps no readable copy of it.',
    );
    // 23:30 UTC is already the next day in Paris.
    expect(within(panel).getByText('Valid until 05/03/2027')).toBeInTheDocument();
    expect(within(panel).getByTestId('api-example')).toHaveTextContent('aq_live_secret_wxyz');

    await user.click(within(panel).getByRole('button', { name: 'Copy the token' }));
    expect(await within(panel).findByRole('button', { name: 'Token copied' })).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('aq_live_secret_wxyz');
    // The store keeps the hint only, never the token.
    expect(store.getState().session.user).toMatchObject({
      api_token: null,
      api_token_hint: 'aq_…wxyz',
      api_token_validity: '2027-03-04T23:30:00Z',
    });
    expect(JSON.stringify(store.getState())).not.toContain('aq_live_secret_wxyz');

    // Closed and opened again: the token is gone, its hint remains.
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await openMenuItem('My API token');
    const again = await screen.findByRole('dialog', { name: 'My API token' });
    expect(within(again).getByDisplayValue('aq_…wxyz')).toBeInTheDocument();
    expect(within(again).queryByDisplayValue('aq_live_secret_wxyz')).not.toBeInTheDocument();
    expect(within(again).getByTestId('api-example')).not.toHaveTextContent('aq_live_secret_wxyz');
  });

  it('shows the hint of an existing token, without copy, and offers to replace it', async () => {
    renderApp(
      '/sensors',
      signedIn(makeMe({ api_token_hint: 'aq_…k9Zq', api_token_validity: '2027-01-10T10:00:00Z' })),
    );
    await openMenuItem('My API token');
    const panel = await screen.findByRole('dialog', { name: 'My API token' });
    const hint = within(panel).getByDisplayValue('aq_…k9Zq');
    expect(hint).toHaveAccessibleDescription(
      'Only the end of your token is shown. Lost it? Generate a new one: the current one then stops working.',
    );
    expect(within(panel).queryByRole('button', { name: 'Copy the token' })).not.toBeInTheDocument();
    expect(within(panel).getByText('Valid until 10/01/2027')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Generate a new token' })).toBeInTheDocument();
    expect(
      within(panel).getByText('Generating a new token immediately invalidates the current one.'),
    ).toBeInTheDocument();
    expect(within(panel).getByTestId('api-example')).toHaveTextContent('Bearer <token>');
  });

  it('asks before replacing an existing token, and only then generates it', async () => {
    const generate = vi.fn(() =>
      HttpResponse.json({
        api_token: 'aq_live_new_abcd',
        api_token_hint: 'aq_…abcd',
        api_token_validity: '2027-03-04T23:30:00Z',
      }),
    );
    server.use(http.post('/api/me/generate-api-token', generate));
    renderApp(
      '/sensors',
      signedIn(makeMe({ api_token_hint: 'aq_…k9Zq', api_token_validity: '2027-01-10T10:00:00Z' })),
    );
    const user = await openMenuItem('My API token');
    const panel = await screen.findByRole('dialog', { name: 'My API token' });
    const replace = within(panel).getByRole('button', { name: 'Generate a new token' });
    await user.click(replace);
    const confirm = await screen.findByRole('alertdialog', { name: /Replace your API token\?/ });
    expect(confirm).toHaveTextContent(
      'The current token stops working at once: scripts that use it will be refused.',
    );
    // The safe action has the focus; cancelling keeps the token and returns to the button.
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(generate).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'My API token' })).toBeInTheDocument();
    await waitFor(() => expect(replace).toHaveFocus());

    await user.click(replace);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Replace the token',
      }),
    );
    expect(await within(panel).findByDisplayValue('aq_live_new_abcd')).toBeInTheDocument();
    expect(generate).toHaveBeenCalledTimes(1);
  });

  it('returns focus to the account menu when a panel opened from it closes', async () => {
    renderApp('/sensors', signedIn(makeMe()));
    const user = await openMenuItem('My API token');
    const panel = await screen.findByRole('dialog', { name: 'My API token' });
    // First focus inside the panel, not on its × button.
    expect(within(panel).getByRole('button', { name: 'Close' })).not.toHaveFocus();
    expect(panel).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus());
  });

  it('tells the user when the token cannot be generated', async () => {
    server.use(
      http.post('/api/me/generate-api-token', () =>
        HttpResponse.json(hydraError(429, 'too_many_requests'), { status: 429 }),
      ),
    );
    renderApp('/sensors', signedIn(makeMe()));
    const user = await openMenuItem('My API token');
    const panel = await screen.findByRole('dialog', { name: 'My API token' });
    await user.click(within(panel).getByRole('button', { name: 'Generate a token' }));
    expect(
      await screen.findByText('The token could not be generated, please try again'),
    ).toBeInTheDocument();
  });
});
