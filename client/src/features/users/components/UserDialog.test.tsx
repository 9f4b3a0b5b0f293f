import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { authenticated } from '../../../lib/session/sessionSlice.ts';
import { hydraError, makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { createTestStore } from '../../../test/store.ts';
import { server } from '../../../test/server.ts';
import { makeUser, userPage } from '../test/usersFixtures.ts';
import { UserDialog } from './UserDialog.tsx';

const admin = makeMe({ role: 'ROLE_ADMIN', firstname: 'Ada', lastname: 'Admin' });

/** The users list with one other user and the admin; counts the list loads. */
function listServer(users = [makeUser(1), makeUser(2, { ulid: admin.ulid })]) {
  const loads = vi.fn();
  server.use(
    http.get('/api/users', () => {
      loads();
      return HttpResponse.json(userPage(users));
    }),
  );
  return loads;
}

async function openList() {
  const user = userEvent.setup();
  const view = renderApp('/users', signedIn(admin));
  await screen.findByRole('table');
  return { user, ...view };
}

async function chooseRole(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  name: string,
) {
  await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
  await user.click(within(dialog).getByRole('option', { name }));
}

describe('user dialog, add mode', () => {
  it('is titled for adding, offers (void) first, validates, creates without password and reloads', async () => {
    const loads = listServer();
    let body: Record<string, unknown> | null = null;
    server.use(
      http.post('/api/users', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(makeUser(9, { firstname: 'Grace' }), { status: 201 });
      }),
    );
    const { user } = await openList();
    expect(loads).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Add a user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a user' });
    expect(dialog).toHaveClass('popin--small');

    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    const options = within(dialog).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      '(void)',
      'User',
      'Technician',
      'Administrator',
    ]);
    expect(within(dialog).getByRole('listbox')).toHaveClass('listbox__popup');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Add a user' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('The last name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('The first name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('The email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('The role is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Last name'), 'Hopper');
    await user.type(within(dialog).getByLabelText('First name'), 'Grace');
    await user.type(within(dialog).getByLabelText('E-mail address'), 'grace@');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('The email is incorrect')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('E-mail address'), 'example.test');
    await chooseRole(user, dialog, 'Technician');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('The user has been created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(body).toEqual({
      lastname: 'Hopper',
      firstname: 'Grace',
      email: 'grace@example.test',
      role: 'ROLE_TECHNICIAN',
      company: '',
      lang: 'fr',
    });
    await waitFor(() => expect(loads).toHaveBeenCalledTimes(2));
  });

  it('starts again with a blank form and no errors at each opening', async () => {
    listServer();
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: 'Add a user' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add a user' });
    await user.type(within(dialog).getByLabelText('Company (optional)'), 'Acme');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('The last name is required')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Add a user' }));
    dialog = await screen.findByRole('dialog', { name: 'Add a user' });
    expect(within(dialog).queryByText('The last name is required')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Company (optional)')).toHaveValue('');
  });
});

describe('user dialog, edit mode', () => {
  it('is titled for editing, fills the form, saves with PUT and shows the edited notice', async () => {
    const other = makeUser(1, { role: 'ROLE_TECHNICIAN', company: 'Acme' });
    const loads = listServer([other]);
    let body: Record<string, unknown> | null = null;
    server.use(
      http.put(`/api/users/${other.ulid}`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...other, lastname: 'Lovelace' });
      }),
    );
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: 'Edit First1 Last01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit a user' });
    expect(within(dialog).getByLabelText('Last name')).toHaveValue('Last01');
    expect(within(dialog).getByLabelText('First name')).toHaveValue('First1');
    expect(within(dialog).getByLabelText('E-mail address')).toHaveValue('user1@example.test');
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveTextContent('Technician');
    expect(within(dialog).getByLabelText('Company (optional)')).toHaveValue('Acme');
    expect(within(dialog).getByRole('button', { name: 'Remove' })).toBeInTheDocument();

    const lastname = within(dialog).getByLabelText('Last name');
    await user.clear(lastname);
    await user.type(lastname, 'Lovelace');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The user has been edited')).toBeInTheDocument();
    expect(body).toEqual({
      '@id': other['@id'],
      ulid: other.ulid,
      lastname: 'Lovelace',
      firstname: 'First1',
      email: 'user1@example.test',
      role: 'ROLE_TECHNICIAN',
      company: 'Acme',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(loads.mock.calls.length).toBeGreaterThanOrEqual(2));
  });

  it('hides the role selector, the e-mail field and the remove button when editing oneself', async () => {
    const me = makeUser(2, { ulid: admin.ulid, role: 'ROLE_ADMIN' });
    listServer([me]);
    let body: Record<string, unknown> | null = null;
    server.use(
      http.put(`/api/users/${me.ulid}`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(me);
      }),
    );
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: 'Edit First2 Last02' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit a user' });
    expect(within(dialog).queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('E-mail address')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    // No e-mail or role rule applies to oneself: the save goes through.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The user has been edited')).toBeInTheDocument();
    expect(body).toMatchObject({ email: me.email, role: 'ROLE_ADMIN' });
  });

  it('removes after confirmation: DELETE, deleted notice, close, reload', async () => {
    const other = makeUser(1);
    const loads = listServer([other]);
    const removed = vi.fn(() => new HttpResponse(null, { status: 204 }));
    server.use(http.delete(`/api/users/${other.ulid}`, removed));
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: 'Edit First1 Last01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit a user' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    const alert = await screen.findByRole('alertdialog', { name: /Remove this user/ });
    await user.click(within(alert).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(removed).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText('The user has been deleted')).toBeInTheDocument();
    expect(removed).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(loads.mock.calls.length).toBeGreaterThanOrEqual(2));
  });

  it('shows the last_admin message in the remove alert and stays open', async () => {
    const other = makeUser(1, { role: 'ROLE_ADMIN' });
    listServer([other]);
    server.use(
      http.delete(`/api/users/${other.ulid}`, () =>
        HttpResponse.json(hydraError(409, 'last_admin'), { status: 409 }),
      ),
    );
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: 'Edit First1 Last01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit a user' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    const alert = await screen.findByRole('alertdialog');
    await user.click(within(alert).getByRole('button', { name: 'Remove' }));
    expect(
      await within(alert).findByText('There must remain at least one administrator'),
    ).toBeInTheDocument();
    // Still open underneath the alert.
    expect(dialog).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Edit a user');
  });
});

describe('user dialog, save failure', () => {
  function renderDialog(onClose: () => void, onReload: () => void) {
    const store = createTestStore();
    store.dispatch(authenticated(admin));
    render(
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <UserDialog open user={null} onClose={onClose} onReload={onReload} />
        </I18nextProvider>
      </Provider>,
    );
    return store;
  }

  async function fillAndSubmit() {
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Add a user' });
    await user.type(within(dialog).getByLabelText('Last name'), 'Hopper');
    await user.type(within(dialog).getByLabelText('First name'), 'Grace');
    await user.type(within(dialog).getByLabelText('E-mail address'), 'grace@example.test');
    await chooseRole(user, dialog, 'User');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    return dialog;
  }

  it('puts email_address_already_exists in the alert zone, closes, reloads and keeps loading', async () => {
    server.use(
      http.post('/api/users', async () => {
        await delay(20);
        return HttpResponse.json(hydraError(409, 'email_address_already_exists'), {
          status: 409,
        });
      }),
    );
    const onClose = vi.fn();
    const onReload = vi.fn();
    const store = renderDialog(onClose, onReload);
    const dialog = await fillAndSubmit();
    expect(within(dialog).getByRole('button', { name: /Add/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByTestId('user-dialog-alert')).toHaveTextContent(
      'An account already exists with this email address',
    );
    // The loading flag stays on (spec section 8).
    expect(within(dialog).getByRole('button', { name: /Add/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(store.getState().notifications.items.map((n) => n.state)).toEqual(['error']);
  });

  it('refuses a 101-character name under the field and stays open, without asking the server', async () => {
    const create = vi.fn(() => HttpResponse.json(makeUser(9), { status: 201 }));
    server.use(http.post('/api/users', create));
    const onClose = vi.fn();
    const onReload = vi.fn();
    renderDialog(onClose, onReload);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Add a user' });
    const lastname = within(dialog).getByLabelText('Last name');
    await user.click(lastname);
    await user.paste('H'.repeat(101));
    await user.type(within(dialog).getByLabelText('First name'), 'Grace');
    await user.type(within(dialog).getByLabelText('E-mail address'), 'grace@example.test');
    await user.click(within(dialog).getByLabelText('Company (optional)'));
    await user.paste('C'.repeat(151));
    await chooseRole(user, dialog, 'User');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(lastname).toHaveAccessibleDescription('The maximum length allowed is 100');
    expect(within(dialog).getByLabelText('Company (optional)')).toHaveAccessibleDescription(
      'The maximum length allowed is 150',
    );
    expect(lastname).toHaveValue('H'.repeat(101));
    expect(create).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(onReload).not.toHaveBeenCalled();
  });

  it('shows a field refused by the server (422 violation) under it and stays open', async () => {
    server.use(
      http.post('/api/users', () =>
        HttpResponse.json(
          {
            ...hydraError(422, 'validation_failed'),
            violations: [{ propertyPath: 'email', code: 'max_length', message: '' }],
          },
          { status: 422 },
        ),
      ),
    );
    const onClose = vi.fn();
    const onReload = vi.fn();
    renderDialog(onClose, onReload);
    const dialog = await fillAndSubmit();
    expect(
      await within(dialog).findByText('The maximum length allowed is 180'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Last name')).toHaveValue('Hopper');
    expect(onClose).not.toHaveBeenCalled();
    expect(onReload).not.toHaveBeenCalled();
  });

  it('uses the generic registration error for other failures', async () => {
    server.use(
      http.post('/api/users', () =>
        HttpResponse.json(hydraError(422, 'validation_failed'), { status: 422 }),
      ),
    );
    const onClose = vi.fn();
    const onReload = vi.fn();
    renderDialog(onClose, onReload);
    const dialog = await fillAndSubmit();
    expect(await within(dialog).findByTestId('user-dialog-alert')).toHaveTextContent(
      'The user could not be saved, please try again',
    );
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});
