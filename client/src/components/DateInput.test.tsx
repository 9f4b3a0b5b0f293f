import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n/i18n.ts';
import { formatBytes, formatNumber, formatPercent } from '../lib/numbers.ts';
import { DateInput } from './DateInput.tsx';

function renderInput(value: string, onChange = vi.fn()) {
  render(
    <I18nextProvider i18n={i18n}>
      <label htmlFor="d">Date</label>
      <DateInput id="d" value={value} onChange={onChange} max="2026-03-20" />
    </I18nextProvider>,
  );
  return onChange;
}

describe('DateInput', () => {
  it('shows DD/MM/YYYY and gives YYYY-MM-DD for a typed date', async () => {
    const user = userEvent.setup();
    const onChange = renderInput('2026-03-05');
    const input = screen.getByLabelText('Date');
    expect(input).toHaveValue('05/03/2026');
    await user.clear(input);
    await user.type(input, '31/12/2025');
    expect(onChange).toHaveBeenLastCalledWith('2025-12-31');
    await user.clear(input);
    await user.type(input, '31/02/2025');
    // Not a real date: the text goes to the form, whose validation refuses it.
    expect(onChange).toHaveBeenLastCalledWith('31/02/2025');
  });

  it('opens a calendar whose weeks start on Monday', async () => {
    const user = userEvent.setup();
    const onChange = renderInput('2026-03-05');
    await user.click(screen.getByRole('button', { name: 'Open the calendar' }));
    const calendar = screen.getByRole('dialog', { name: 'March 2026' });
    const headers = [...calendar.querySelectorAll('.rdp-weekday')].map((th) => th.textContent);
    expect(headers).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    // 1 March 2026 is a Sunday: the last cell of the first week.
    const firstWeek = within(calendar).getAllByRole('row')[0]!;
    expect(within(firstWeek).getAllByRole('gridcell').at(-1)).toHaveTextContent('1');
    expect(within(calendar).getByRole('button', { name: '25/03/2026' })).toBeDisabled();
    await user.click(within(calendar).getByRole('button', { name: '10/03/2026' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-03-10');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveValue('10/03/2026');
  });

  it('is used from the keyboard: arrows and Page Up move, Enter picks, Escape closes', async () => {
    const user = userEvent.setup();
    const onChange = renderInput('2026-03-05');
    const input = screen.getByLabelText('Date');
    await user.click(screen.getByRole('button', { name: 'Open the calendar' }));
    // The chosen day has the focus.
    expect(screen.getByRole('button', { name: '05/03/2026' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(input).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Open the calendar' }));
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(screen.getByRole('button', { name: '13/03/2026' })).toHaveFocus();
    await user.keyboard('{PageUp}');
    expect(screen.getByRole('dialog', { name: 'February 2026' })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2026-02-13');
    expect(input).toHaveValue('13/02/2026');
    expect(input).toHaveFocus();
  });

  it('names months and days in the reader language', async () => {
    await i18n.changeLanguage('fr');
    try {
      const user = userEvent.setup();
      renderInput('2026-03-05');
      await user.click(screen.getByRole('button', { name: 'Ouvrir le calendrier' }));
      const calendar = screen.getByRole('dialog', { name: 'mars 2026' });
      expect(calendar.querySelector('.rdp-weekday')).toHaveTextContent(/^lun/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('numbers in the reader language', () => {
  it('formats numbers, percentages and sizes per language', () => {
    expect(formatNumber(12.5, 'fr')).toBe('12,5');
    expect(formatNumber(12.5, 'en')).toBe('12.5');
    expect(formatPercent(50, 'en')).toBe('50%');
    expect(formatPercent(50, 'fr')).toMatch(/^50\s%$/);
    expect(formatBytes(1.5 * 1024 * 1024, 'fr')).toMatch(/^1,5\sMo$/);
    expect(formatBytes(1.5 * 1024 * 1024, 'en')).toBe('1.5 MB');
  });
});
