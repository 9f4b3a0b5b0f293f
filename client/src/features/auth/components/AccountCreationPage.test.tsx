import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../test/server.ts';
import { hydraError } from '../../../test/fixtures.ts';
import { renderApp, signedOut } from '../../../test/renderApp.tsx';

function ruleStates() {
  const list = document.querySelector('.password-rules') as HTMLElement;
  return Object.fromEntries(
    within(list)
      .getAllByRole('listitem')
      .map((item) => [item.dataset.rule, item.dataset.ok === 'true']),
  );
}

async function fillForm(password: string, confirm = password) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('First name'), 'Jeanne');
  await user.type(screen.getByLabelText('Last name'), 'Martin');
  await user.type(screen.getByLabelText('E-mail address'), 'jeanne@example.test');
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm the password'), confirm);
  return user;
}

describe('account creation', () => {
  it('shows every password rule and checks each one separately as the user types', async () => {
    renderApp('/account-creation', signedOut());
    const password = await screen.findByLabelText('Password');
    expect(screen.getByText('At least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('One lowercase letter')).toBeInTheDocument();
    expect(screen.getByText('One uppercase letter')).toBeInTheDocument();
    expect(screen.getByText('One digit')).toBeInTheDocument();
    expect(ruleStates()).toEqual({
      min_length: false,
      lowercase: false,
      uppercase: false,
      digit: false,
    });

    const user = userEvent.setup();
    await user.type(password, 'abc');
    expect(ruleStates()).toEqual({
      min_length: false,
      lowercase: true,
      uppercase: false,
      digit: false,
    });
    await user.type(password, 'D1');
    expect(ruleStates()).toEqual({
      min_length: false,
      lowercase: true,
      uppercase: true,
      digit: true,
    });
    await user.type(password, 'efgh');
    expect(ruleStates()).toEqual({
      min_length: true,
      lowercase: true,
      uppercase: true,
      digit: true,
    });
  });

  it('refuses a weak password and a different confirmation before calling the server', async () => {
    renderApp('/account-creation', signedOut());
    const user = await fillForm('weakpass', 'other');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(
      await screen.findByText(/The password must have at least 8 characters/),
    ).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('shows email_address_already_exists from the server', async () => {
    server.use(
      http.post('/api/registration', () =>
        HttpResponse.json(hydraError(409, 'email_address_already_exists'), { status: 409 }),
      ),
    );
    renderApp('/account-creation', signedOut());
    const user = await fillForm('Strong-pass1');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account already exists with this email address',
    );
  });

  it('registers and tells the visitor to check their mailbox', async () => {
    let body: unknown = null;
    server.use(
      http.post('/api/registration', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          { '@id': '/api/users/1', '@type': 'User', ulid: '01J', email: 'jeanne@example.test' },
          { status: 201 },
        );
      }),
    );
    renderApp('/account-creation', signedOut());
    const user = await fillForm('Strong-pass1');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText(/Check your mailbox/)).toHaveTextContent('jeanne@example.test');
    expect(body).toEqual({
      firstname: 'Jeanne',
      lastname: 'Martin',
      email: 'jeanne@example.test',
      company: '',
      password: 'Strong-pass1',
      lang: 'en',
    });
  });
});
