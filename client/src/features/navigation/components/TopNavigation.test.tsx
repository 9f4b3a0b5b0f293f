import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { Role } from '@aircloud/shared/roles';
import { createTestStore } from '../../../test/store.ts';
import { authenticated } from '../../../lib/session/sessionSlice.ts';
import { makeMe } from '../../../test/fixtures.ts';
import { TopNavigation } from './TopNavigation.tsx';

function renderNavigation(role: Role, invitations = 0) {
  const store = createTestStore();
  store.dispatch(authenticated(makeMe({ role, invitations_received_count: invitations })));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/purifiers']}>
        <TopNavigation />
      </MemoryRouter>
    </Provider>,
  );
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));
}

describe('top navigation', () => {
  it('puts users, the fleet, product keys, firmware and the audit log first for an administrator', () => {
    expect(renderNavigation('ROLE_ADMIN')).toEqual([
      '/users',
      '/fleet',
      '/product-keys',
      '/firmware',
      '/audit-log',
      '/overview',
      '/sensors',
      '/purifiers',
      '/invitations',
    ]);
  });

  it('gives a technician the fleet, product keys and firmware, not users', () => {
    expect(renderNavigation('ROLE_TECHNICIAN')).toEqual([
      '/fleet',
      '/product-keys',
      '/firmware',
      '/overview',
      '/sensors',
      '/purifiers',
      '/invitations',
    ]);
  });

  it('shows a user only the overview, sensors, purifiers and invitations', () => {
    expect(renderNavigation('ROLE_USER')).toEqual([
      '/overview',
      '/sensors',
      '/purifiers',
      '/invitations',
    ]);
  });

  it('shows the number of received invitations on the invitations link', () => {
    renderNavigation('ROLE_USER', 3);
    const link = screen.getByRole('link', { name: /invitations/i });
    expect(within(link).getByText('3')).toHaveClass('badge');
    expect(link).toHaveTextContent('3 invitations received');
  });

  it('shows no badge without invitations', () => {
    renderNavigation('ROLE_USER', 0);
    expect(screen.getByRole('link', { name: /invitations/i }).querySelector('.badge')).toBeNull();
  });

  it('closes the mobile menu on Escape and gives the focus back to its button', async () => {
    renderNavigation('ROLE_USER');
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Open the menu' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveClass('is-open');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('navigation', { name: 'Main' })).not.toHaveClass('is-open');
    expect(toggle).toHaveFocus();
  });
});
