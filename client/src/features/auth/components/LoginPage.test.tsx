import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../test/server.ts';
import { hydraError, makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedOut } from '../../../test/renderApp.tsx';

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-mail address'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login screen', () => {
  it('shows the credential message for a wrong password', async () => {
    server.use(
      http.post('/security/token/request', () =>
        HttpResponse.json(hydraError(401, 'credential'), { status: 401 }),
      ),
    );
    renderApp('/login', signedOut());
    await submit('ada@example.test', 'Wrong-pass1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Incorrect e-mail address or password',
    );
  });

  it('shows the account_not_enabled message for an account not activated yet', async () => {
    server.use(
      http.post('/security/token/request', () =>
        HttpResponse.json(hydraError(401, 'account_not_enabled'), { status: 401 }),
      ),
    );
    renderApp('/login', signedOut());
    await submit('ada@example.test', 'Right-pass1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account is not activated. Please check your emails to activate your account',
    );
  });

  it('offers to send the activation mail again for an account not activated yet', async () => {
    let body: unknown = null;
    server.use(
      http.post('/security/token/request', () =>
        HttpResponse.json(hydraError(401, 'account_not_enabled'), { status: 401 }),
      ),
      http.post('/api/registration/resend', async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/login', signedOut());
    await submit('Ada@Example.test', 'Right-pass1');
    const resend = await screen.findByRole('button', { name: 'Send the activation e-mail again' });
    await userEvent.click(resend);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account waiting for activation exists for ada@example.test, a new activation link has been sent to it.',
    );
    expect(body).toEqual({ email: 'ada@example.test' });
    expect(
      screen.queryByRole('button', { name: 'Send the activation e-mail again' }),
    ).not.toBeInTheDocument();
  });

  it('shows why the activation mail could not be sent again (429)', async () => {
    server.use(
      http.post('/security/token/request', () =>
        HttpResponse.json(hydraError(401, 'account_not_enabled'), { status: 401 }),
      ),
      http.post('/api/registration/resend', () =>
        HttpResponse.json(hydraError(429, 'too_many_requests'), { status: 429 }),
      ),
    );
    renderApp('/login', signedOut());
    await submit('ada@example.test', 'Right-pass1');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Send the activation e-mail again' }),
    );
    expect(
      await screen.findByText('Too many attempts, please wait a moment and try again'),
    ).toBeInTheDocument();
  });

  it('offers no activation mail for a wrong password', async () => {
    server.use(
      http.post('/security/token/request', () =>
        HttpResponse.json(hydraError(401, 'credential'), { status: 401 }),
      ),
    );
    renderApp('/login', signedOut());
    await submit('ada@example.test', 'Wrong-pass1');
    await screen.findByRole('alert');
    expect(
      screen.queryByRole('button', { name: 'Send the activation e-mail again' }),
    ).not.toBeInTheDocument();
  });

  it('validates the fields before calling the server, preferring form.<field> texts', async () => {
    renderApp('/login', signedOut());
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The email is required')).toBeInTheDocument();
    expect(screen.getByText('Value is required')).toBeInTheDocument();
  });

  it('focuses the first field in error and checks a corrected field again as it changes', async () => {
    let posted = false;
    server.use(
      http.post('/security/token/request', () => {
        posted = true;
        return HttpResponse.json(hydraError(401, 'credential'), { status: 401 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/login', signedOut());
    await user.type(await screen.findByLabelText('Password'), 'Right-pass1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The email is required')).toBeInTheDocument();
    expect(screen.queryByText('Value is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('E-mail address')).toHaveFocus();
    expect(posted).toBe(false);
    await user.type(screen.getByLabelText('E-mail address'), 'ada@example.test');
    await waitFor(() =>
      expect(screen.queryByText('The email is required')).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText('E-mail address')).not.toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('Password'));
    expect(await screen.findByText('Value is required')).toBeInTheDocument();
  });

  it('signs in, fetches the current user and returns to the page first asked for', async () => {
    let body: unknown = null;
    server.use(
      http.post('/security/token/request', async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('/api/me', () =>
        HttpResponse.json(makeMe({ firstname: 'Ada', role: 'ROLE_ADMIN' })),
      ),
    );
    const { router, store } = renderApp('/login?redirect=%2Fsensors', signedOut());
    await submit('Ada@Example.test', 'Right-pass1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sensors'));
    expect(body).toEqual({ email: 'ada@example.test', password: 'Right-pass1' });
    expect(store.getState().session).toMatchObject({
      authState: 'authenticated',
      user: { firstname: 'Ada' },
    });
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('goes to the purifiers by default', async () => {
    server.use(
      http.post('/security/token/request', () => new HttpResponse(null, { status: 204 })),
      http.get('/api/me', () => HttpResponse.json(makeMe())),
    );
    const { router } = renderApp('/login', signedOut());
    await submit('ada@example.test', 'Right-pass1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/purifiers'));
  });
});
