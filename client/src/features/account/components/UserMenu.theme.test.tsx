import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@aircloud/shared/constants';
import { makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { chooseTheme } from '../../../lib/theme/theme.ts';

describe('theme switch in the user menu', () => {
  afterEach(() => {
    chooseTheme('system');
  });

  it('offers system, light and dark; a choice applies at once and is stored', async () => {
    renderApp('/sensors', signedIn(makeMe()));
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
  });
});
