import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GRAPH_MODES } from '../../graphs/periods.ts';
import { NARROW_QUERY } from '../../hooks/useMediaQuery.ts';
import { MeasurePicker } from './MeasurePicker.tsx';
import { PeriodPicker } from './PeriodPicker.tsx';

/** A screen as wide as `narrow` says: matchMedia answers the narrow query accordingly. */
function screenIs(narrow: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: narrow && query === NARROW_QUERY,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
}

afterEach(() => vi.unstubAllGlobals());

const anchor = { date: '2026-11-20', hour: 18 };
const range = { from: null, to: null };

describe('graph controls on a phone', () => {
  it('offers the seven periods in a select instead of a row of buttons', async () => {
    screenIs(true);
    const onMode = vi.fn();
    render(
      <PeriodPicker
        mode="last-hour"
        anchor={anchor}
        range={range}
        onMode={onMode}
        onAnchor={() => undefined}
        onRange={() => undefined}
      />,
    );
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Period' });
    expect(select).toHaveValue('last-hour');
    expect(within(select).getAllByRole('option')).toHaveLength(GRAPH_MODES.length);
    await userEvent.selectOptions(select, 'day');
    expect(onMode).toHaveBeenCalledWith('day');
  });

  it('keeps the buttons on a wide screen', () => {
    screenIs(false);
    render(
      <PeriodPicker
        mode="day"
        anchor={anchor}
        range={range}
        onMode={() => undefined}
        onAnchor={() => undefined}
        onRange={() => undefined}
      />,
    );
    expect(screen.getByRole('radio', { name: 'Day' })).toBeChecked();
    expect(screen.queryByRole('combobox', { name: 'Period' })).not.toBeInTheDocument();
  });

  it('folds the fourteen measure chips into a menu that names the chosen ones', async () => {
    screenIs(true);
    const onChange = vi.fn();
    const { container } = render(
      <MeasurePicker selected={['co2', 'temperature']} onChange={onChange} />,
    );
    const menu = container.querySelector('details')!;
    expect(menu).not.toHaveAttribute('open');
    const summary = menu.querySelector('summary')!;
    expect(summary).toHaveTextContent('CO2, Temperature');
    await userEvent.click(summary);
    expect(menu).toHaveAttribute('open');
    await userEvent.click(screen.getByRole('checkbox', { name: /Humidity/ }));
    expect(onChange).toHaveBeenCalledWith(['co2', 'temperature', 'humidity']);
  });

  it('shows the chips themselves on a wide screen', () => {
    screenIs(false);
    const { container } = render(<MeasurePicker selected={['co2']} onChange={() => undefined} />);
    expect(container.querySelector('details')).toBeNull();
    expect(screen.getByRole('checkbox', { name: /CO2/ })).toBeChecked();
  });
});
