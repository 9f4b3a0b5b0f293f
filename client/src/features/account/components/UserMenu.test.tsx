import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../test/server.ts';
import { hydraError, makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';

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
  });

  it('generates an API token, shows its end date and copies it', async () => {
    server.use(
      http.post('/api/me/generate-api-token', () =>
        HttpResponse.json({ api_token: 'ac_live_123', api_token_validity: '2027-03-04T23:30:00Z' }),
      ),
    );
    renderApp('/sensors', signedIn(makeMe()));
    const user = await openMenuItem('My API token');
    const panel = await screen.findByRole('dialog', { name: 'My API token' });
    expect(within(panel).getByText('You have no API token yet.')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'API documentation' })).toHaveAttribute(
      'href',
      '/api_documentation',
    );
    await user.click(within(panel).getByRole('button', { name: 'Generate a token' }));
    expect(await within(panel).findByDisplayValue('ac_live_123')).toHaveAttribute('readonly');
    // 23:30 UTC is already the next day in Paris.
    expect(within(panel).getByText('Valid until 05/03/2027')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Copy the token' }));
    expect(await within(panel).findByRole('button', { name: 'Token copied' })).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('ac_live_123');
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
