import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './Button.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { Popin } from './Popin.tsx';
import { SidePanel } from './SidePanel.tsx';

function WithPopin() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add a user
      </button>
      <Popin
        open={open}
        onClose={() => setOpen(false)}
        title="New user"
        footer={<Button onClick={() => setOpen(false)}>Save</Button>}
      >
        <label htmlFor="name">Name</label>
        <input id="name" />
      </Popin>
    </>
  );
}

function WithConfirm({ danger }: { danger: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Remove
      </button>
      <ConfirmDialog
        open={open}
        danger={danger}
        title="Remove this user?"
        cancelLabel="Cancel"
        confirmLabel="Confirm"
        onCancel={() => setOpen(false)}
        onConfirm={() => setOpen(false)}
      />
    </>
  );
}

function WithPanel() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        My profile
      </button>
      <SidePanel open={open} onClose={() => setOpen(false)} title="Profile">
        <label htmlFor="first">First name</label>
        <input id="first" />
      </SidePanel>
    </>
  );
}

describe('popin focus', () => {
  it('focuses the first field (not ×), closes on Escape and returns focus to its opener', async () => {
    const user = userEvent.setup();
    render(<WithPopin />);
    const opener = screen.getByRole('button', { name: 'Add a user' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(dialog).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('returns focus to the opener when closed by an action', async () => {
    const user = userEvent.setup();
    render(<WithPopin />);
    const opener = screen.getByRole('button', { name: 'Add a user' });
    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});

describe('confirmation dialog focus', () => {
  it('focuses cancel when the action destroys something, then returns to the opener', async () => {
    const user = userEvent.setup();
    render(<WithConfirm danger />);
    const opener = screen.getByRole('button', { name: 'Remove' });
    await user.click(opener);
    await screen.findByRole('alertdialog', { name: /Remove this user\?/ });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('focuses the confirm action otherwise', async () => {
    const user = userEvent.setup();
    render(<WithConfirm danger={false} />);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await screen.findByRole('alertdialog');
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
  });
});

describe('side panel focus', () => {
  it('focuses its first field, closes on Escape and returns focus to its opener', async () => {
    const user = userEvent.setup();
    render(<WithPanel />);
    const opener = screen.getByRole('button', { name: 'My profile' });
    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Profile' });
    expect(screen.getByLabelText('First name')).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
