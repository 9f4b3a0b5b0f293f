import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { server } from '../../../test/server.ts';
import { makeUser } from '../test/usersFixtures.ts';

const admin = makeMe({ role: 'ROLE_ADMIN' });
const MEDIA = '/api/media_objects/01JMEDIA000000000000000000';

describe('user form (add and edit screens)', () => {
  it('requires phone, company and avatar (spec section 5) before asking the server', async () => {
    const put = vi.fn(() => HttpResponse.json(makeUser(3)));
    // Saved before the rule: no phone, no avatar; it still loads.
    const stored = makeUser(3, { phone: '', company: '', avatar: null });
    server.use(
      http.get(`/api/users/${stored.ulid}`, () => HttpResponse.json(stored)),
      http.put(`/api/users/${stored.ulid}`, put),
    );
    const user = userEvent.setup();
    renderApp(`/users/${stored.ulid}/edit`, signedIn(admin));
    const phone = await screen.findByLabelText('Mobile phone');
    expect(screen.getByLabelText('Last name')).toHaveValue(stored.lastname);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(phone).toHaveAccessibleDescription('Value is required');
    expect(screen.getByLabelText('Company')).toHaveAccessibleDescription('Value is required');
    expect(screen.getByLabelText('Profile picture', { exact: true })).toHaveAccessibleDescription(
      'Value is required',
    );
    expect(put).not.toHaveBeenCalled();
  });

  it('refuses a name over the server limit under the field', async () => {
    const stored = makeUser(4, { phone: '+33 6 12 34 56 78', avatar: `${MEDIA}/content` });
    server.use(http.get(`/api/users/${stored.ulid}`, () => HttpResponse.json(stored)));
    const user = userEvent.setup();
    renderApp(`/users/${stored.ulid}/edit`, signedIn(admin));
    const lastname = await screen.findByLabelText('Last name');
    await user.clear(lastname);
    await user.click(lastname);
    await user.paste('L'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(lastname).toHaveAccessibleDescription('The maximum length allowed is 100');
  });
});
