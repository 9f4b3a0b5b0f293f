import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@aircloud/shared/constants';
import { Tip } from './Tip.tsx';

describe('tips', () => {
  it('can be hidden, stays hidden, and can be shown again', async () => {
    const user = userEvent.setup();
    const first = render(
      <Tip id="api" title="How to use it">
        Send the token
      </Tip>,
    );
    await user.click(screen.getByRole('button', { name: 'Hide this tip' }));
    expect(screen.queryByText('Send the token')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.hiddenTips) ?? '[]')).toEqual(['api']);
    first.unmount();

    render(
      <Tip id="api" title="How to use it">
        Send the token
      </Tip>,
    );
    expect(screen.queryByText('Send the token')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show the tip' }));
    expect(screen.getByText('Send the token')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.hiddenTips) ?? '[]')).toEqual([]);
  });
});
