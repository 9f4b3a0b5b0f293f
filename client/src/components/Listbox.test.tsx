import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Listbox } from './Listbox.tsx';
import { Popin } from './Popin.tsx';

const OPTIONS = [
  { value: '', label: '(void)' },
  { value: 'ROLE_USER', label: 'User' },
  { value: 'ROLE_TECHNICIAN', label: 'Technician' },
  { value: 'ROLE_ADMIN', label: 'Administrator' },
] as const;
type Value = (typeof OPTIONS)[number]['value'];

function RoleInDialog({ onChange }: { onChange: (value: Value) => void }) {
  const [value, setValue] = useState<Value>('');
  const [open, setOpen] = useState(true);
  return (
    <Popin open={open} onClose={() => setOpen(false)} title="Add a user">
      <span id="role-label">Role</span>
      <Listbox<Value>
        id="role"
        labelId="role-label"
        value={value}
        options={OPTIONS}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </Popin>
  );
}

describe('Listbox (Radix Select)', () => {
  it('shows (void) first and chooses with the keyboard; Escape closes the list, not the dialog', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<RoleInDialog onChange={onChange} />);
    const button = await screen.findByRole('combobox', { name: 'Role' });
    // The field is the dialog's first focus.
    expect(button).toHaveFocus();
    expect(button).toHaveTextContent('(void)');

    await user.keyboard('{ArrowDown}');
    const list = await screen.findByRole('listbox');
    expect(list).toHaveClass('listbox__popup');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '(void)',
      'User',
      'Technician',
      'Administrator',
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Add a user' })).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();

    await user.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(onChange).toHaveBeenLastCalledWith('ROLE_TECHNICIAN');
    expect(button).toHaveTextContent('Technician');
    expect(button).toHaveFocus();
  });

  it('gives the empty first choice back as an empty value', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<RoleInDialog onChange={onChange} />);
    const button = await screen.findByRole('combobox', { name: 'Role' });
    await user.click(button);
    await user.click(await screen.findByRole('option', { name: 'Administrator' }));
    await user.click(button);
    await user.click(await screen.findByRole('option', { name: '(void)' }));
    expect(onChange.mock.calls.map(([value]) => value)).toEqual(['ROLE_ADMIN', '']);
    expect(button).toHaveTextContent('(void)');
  });
});
