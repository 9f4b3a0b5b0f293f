import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../test/server.ts';
import { hydraError, makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedOut } from '../../../test/renderApp.tsx';
import { i18n } from '../../../lib/i18n/i18n.ts';

const validCode = () =>
  http.get('/api/validation_codes/:code', () =>
    HttpResponse.json({
      '@id': '/api/validation_codes/tok',
      '@type': 'ValidationCode',
      email: 'reset@example.test',
    }),
  );

describe('easy connect', () => {
  it('activates the account, signs the user in and opens the purifiers', async () => {
    let body: unknown = null;
    server.use(
      http.post('/security/activate', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makeMe({ firstname: 'Nouvelle' }));
      }),
    );
    const { router, store } = renderApp('/easy-connect?token=tok123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/purifiers'));
    expect(body).toEqual({ token: 'tok123' });
    expect(store.getState().session).toMatchObject({
      authState: 'authenticated',
      user: { firstname: 'Nouvelle' },
    });
  });

  it('shows the in-progress text in French by default', async () => {
    server.use(http.post('/security/activate', () => new Promise<never>(() => undefined)));
    await i18n.changeLanguage('fr');
    try {
      renderApp('/easy-connect?token=tok123');
      expect(await screen.findByText('Activation du compte en cours')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('explains an expired link and offers the login', async () => {
    server.use(
      http.post('/security/activate', () =>
        HttpResponse.json(hydraError(400, 'error_token_renew'), { status: 400 }),
      ),
    );
    renderApp('/easy-connect?token=old');
    expect(
      await screen.findByText('The request has expired, please ask for a new link'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });

  it('offers to mail a new activation link from a used or expired link', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/security/activate', () =>
        HttpResponse.json(hydraError(400, 'error_token_renew'), { status: 400 }),
      ),
      http.post('/api/registration/resend', async ({ request }) => {
        sent.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/easy-connect?token=old');
    await user.type(await screen.findByLabelText('E-mail address'), 'late@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the activation e-mail again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('late@example.com');
    expect(sent).toEqual([{ email: 'late@example.com' }]);
  });

  it('says the account is already active when its link was used, and leads to Login', async () => {
    server.use(
      http.post('/security/activate', () =>
        HttpResponse.json(hydraError(409, 'account_already_active'), { status: 409 }),
      ),
    );
    renderApp('/easy-connect?token=used');
    expect(await screen.findByText('This account is already active: sign in')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('E-mail address')).not.toBeInTheDocument();
  });
});

describe('password renewal', () => {
  it('refuses an unknown or used token and offers to ask again', async () => {
    server.use(
      http.get('/api/validation_codes/:code', () =>
        HttpResponse.json(hydraError(404, 'not_found'), { status: 404 }),
      ),
    );
    const { router } = renderApp('/renew-password?token=used', signedOut());
    expect(
      await screen.findByText('The request has expired, please ask for a new link'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(router.state.location.pathname).toBe('/renew-password');
  });

  it('shows the server errors of the reset call', async () => {
    server.use(
      validCode(),
      http.post('/security/reset-password', () =>
        HttpResponse.json(hydraError(422, 'password_already_used'), { status: 422 }),
      ),
    );
    renderApp('/renew-password?token=tok', signedOut());
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'Renewed-5678');
    await user.type(screen.getByLabelText('Confirm the new password'), 'Renewed-5678');
    await user.click(screen.getByRole('button', { name: 'Change my password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password is already your current password',
    );
  });

  it('changes the password and links to the login', async () => {
    let body: unknown = null;
    server.use(
      validCode(),
      http.post('/security/reset-password', async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/renew-password?token=tok&lang=en', signedOut());
    expect(await screen.findByText('reset@example.test')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'Renewed-5678');
    await user.type(screen.getByLabelText('Confirm the new password'), 'Renewed-5678');
    await user.click(screen.getByRole('button', { name: 'Change my password' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(body).toEqual({
      token: 'tok',
      new_password1: 'Renewed-5678',
      new_password2: 'Renewed-5678',
    });
  });
});

describe('forgot password', () => {
  it('is reachable signed out and confirms the e-mail was sent', async () => {
    server.use(
      http.post('/security/forgot-password', () => new HttpResponse(null, { status: 204 })),
    );
    const { router } = renderApp('/forgot-password', signedOut());
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail address'), 'ada@example.test');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(/ada@example.test/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });
});

describe('error page', () => {
  it.each([
    ['network-error', 'A network problem has occurred'],
    ['404', 'The resource is not found'],
    ['500', 'The server is unavailable'],
    ['418', 'An error occurred'],
  ])('explains /error/%s', async (code, message) => {
    renderApp(`/error/${code}`);
    expect(await screen.findByRole('heading', { name: message })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeInTheDocument();
  });

  it('goes back home and checks the session again', async () => {
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe())));
    const { router, store } = renderApp('/error/500');
    await userEvent.click(await screen.findByRole('button', { name: 'Back to home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/purifiers'));
    expect(store.getState().session.authState).toBe('authenticated');
  });

  it('shows the not-found page for unknown paths', async () => {
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe())));
    renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { name: 'This page does not exist' }),
    ).toBeInTheDocument();
  });
});
