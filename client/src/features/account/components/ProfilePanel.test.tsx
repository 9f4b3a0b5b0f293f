import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { User } from '@aircloud/shared/users';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { hydraError, makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { server } from '../../../test/server.ts';

const me = makeMe({ phone: '', company: 'Acme' });
const MEDIA = '/api/media_objects/01JMEDIA000000000000000000';

function savedUser(changes: Partial<User>): User {
  const {
    invitations_received_count: _i,
    api_token: _t,
    api_token_hint: _h,
    api_token_validity: _v,
    ...rest
  } = me;
  return {
    ...rest,
    enabled: true,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    ...changes,
  };
}

/** Records the PUT bodies sent to my record and answers the saved user. */
function putServer() {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.put(`/api/users/${me.ulid}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      const avatar = body.avatar ? `${String(body.avatar)}/content` : null;
      return HttpResponse.json(savedUser({ ...(body as Partial<User>), avatar }));
    }),
  );
  return bodies;
}

async function openProfile(options: Parameters<typeof userEvent.setup>[0] = {}) {
  const user = userEvent.setup(options);
  const view = renderApp('/sensors', signedIn(me));
  await user.click(await screen.findByRole('button', { name: 'Account menu' }));
  await user.click(await screen.findByRole('menuitem', { name: 'My profile' }));
  const panel = await screen.findByRole('dialog', { name: 'My profile' });
  return { user, panel, ...view };
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('profile panel, my information', () => {
  it('checks the phone pattern, then saves my information on my record', async () => {
    const bodies = putServer();
    const { user, panel, store } = await openProfile();
    const phone = within(panel).getByLabelText('Mobile phone');
    await user.type(phone, '12-34');
    await user.click(within(panel).getByRole('button', { name: 'Save my information' }));
    expect(
      await within(panel).findByText('The phone number is incorrect (7 to 15 digits, optional +)'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(phone);
    await user.type(phone, '+33 6 12 34 56 78');
    const firstname = within(panel).getByLabelText('First name');
    await user.clear(firstname);
    await user.type(firstname, 'Jeanette');
    await user.click(within(panel).getByRole('button', { name: 'Save my information' }));
    expect(await screen.findByText('Your information has been saved')).toBeInTheDocument();
    expect(bodies).toEqual([
      { firstname: 'Jeanette', lastname: 'Martin', phone: '+33 6 12 34 56 78', company: 'Acme' },
    ]);
    expect(store.getState().session.user).toMatchObject({
      firstname: 'Jeanette',
      phone: '+33 6 12 34 56 78',
    });
    expect(store.getState().session.formLock).toBe(false);
  });

  it('applies a new language at once and stores it on my account', async () => {
    const bodies = putServer();
    const { user, panel, store } = await openProfile();
    await user.selectOptions(within(panel).getByLabelText('Language'), 'fr');
    await waitFor(() => expect(i18n.language).toBe('fr'));
    expect(
      await screen.findByText("La langue de l'interface a été enregistrée sur votre compte"),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ lang: 'fr' }]);
    expect(store.getState().session.user?.lang).toBe('fr');
    expect(screen.getByRole('dialog', { name: 'Mon profil' })).toBeInTheDocument();
  });

  it('refuses an image of the wrong type or too large before any upload', async () => {
    const upload = vi.fn(() => HttpResponse.json({}, { status: 201 }));
    server.use(http.post('/api/media_objects', upload));
    const { user, panel } = await openProfile({ applyAccept: false });
    const input = within(panel).getByLabelText('Profile picture');
    await user.upload(input, new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    expect(
      await within(panel).findByText('The image must be a PNG, JPEG or WebP file'),
    ).toBeInTheDocument();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'me.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(await within(panel).findByText('The image must not exceed 2 MB')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an image at once, on pick, and keeps the initials', async () => {
    const upload = vi.fn(() => HttpResponse.json({}, { status: 201 }));
    server.use(http.post('/api/media_objects', upload));
    const { user, panel } = await openProfile();
    await user.upload(
      within(panel).getByLabelText('Profile picture'),
      new File(['%PDF-1.7 not an image'], 'me.png', { type: 'image/png' }),
    );
    expect(
      await within(panel).findByText('The image must be a PNG, JPEG or WebP file'),
    ).toBeInTheDocument();
    expect(within(panel).getByTestId('avatar-preview').querySelector('img')).toBeNull();
    expect(within(panel).getByTestId('avatar-preview')).toHaveTextContent(/^[A-Z?]+$/);
    expect(upload).not.toHaveBeenCalled();
  });

  it('uploads the avatar, attaches it to my record and shows it in the user menu', async () => {
    const bodies = putServer();
    server.use(
      http.post('/api/media_objects', () =>
        HttpResponse.json(
          { '@id': MEDIA, '@type': 'MediaObject', content_url: `${MEDIA}/content` },
          { status: 201 },
        ),
      ),
    );
    const { user, panel } = await openProfile();
    await user.upload(
      within(panel).getByLabelText('Profile picture'),
      new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }),
    );
    await user.click(within(panel).getByRole('button', { name: 'Save my information' }));
    expect(await screen.findByText('Your information has been saved')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ avatar: MEDIA });
    const trigger = screen.getByRole('button', { name: 'Account menu', hidden: true });
    expect(trigger.querySelector('img')).toHaveAttribute('src', `${MEDIA}/content?size=64`);
  });

  it('shows the server refusal of an upload under the avatar', async () => {
    server.use(
      http.post('/api/media_objects', () =>
        HttpResponse.json(
          {
            ...hydraError(422, 'image_type'),
            violations: [{ propertyPath: 'file', code: 'image_type', message: '' }],
          },
          { status: 422 },
        ),
      ),
    );
    const { user, panel } = await openProfile();
    await user.upload(
      within(panel).getByLabelText('Profile picture'),
      new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }),
    );
    await user.click(within(panel).getByRole('button', { name: 'Save my information' }));
    expect(
      await within(panel).findByText('The image must be a PNG, JPEG or WebP file'),
    ).toBeInTheDocument();
  });

  it('asks before closing the panel with unsaved edits', async () => {
    const { user, panel } = await openProfile();
    await user.type(within(panel).getByLabelText('Company'), ' Labs');
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    const confirm = await screen.findByRole('alertdialog', { name: /Discard your changes/ });
    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'My profile' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Discard the changes',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'My profile' })).not.toBeInTheDocument(),
    );
  });
});
