import { describe, expect, it } from 'vitest';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { maintenanceEventSchema } from '@aircloud/shared/purifiers';
import { NUMBER_INPUT, numberValue } from '../lib/forms.ts';
import { DateInput } from './DateInput.tsx';
import { FormField, fieldA11y } from './FormField.tsx';

/** The maintenance form's date field, as MaintenanceTab builds it. */
function DateForm() {
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(maintenanceEventSchema),
    defaultValues: { type: 'filters' as const, occurred_at: '2026-03-01' },
  });
  const error = errors.occurred_at?.message;
  return (
    <form onSubmit={handleSubmit(() => undefined)} noValidate>
      <FormField id="d" name="occurred_at" label="Date" error={error}>
        <Controller
          control={control}
          name="occurred_at"
          render={({ field }) => (
            <DateInput
              {...fieldA11y('d', error)}
              value={field.value ?? ''}
              onChange={field.onChange}
            />
          )}
        />
      </FormField>
      <button type="submit">Save</button>
    </form>
  );
}

const volumeSchema = z.object({
  volume: z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? 'validation.required'
          : 'validation.numeric',
    })
    .min(1, { error: 'validation.min_value' }),
});

function NumberForm() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ volume: number | null }>({
    resolver: zodResolver(volumeSchema) as never,
    defaultValues: { volume: 12 },
  });
  const error = errors.volume?.message;
  return (
    <form onSubmit={handleSubmit(() => undefined)} noValidate>
      <FormField id="v" name="volume" label="Volume" error={error} params={{ min: 1 }}>
        <input
          {...NUMBER_INPUT}
          {...fieldA11y('v', error)}
          {...register('volume', { setValueAs: numberValue(null) })}
        />
      </FormField>
      <button type="submit">Save</button>
    </form>
  );
}

describe('field messages', () => {
  it('says an impossible date (31/02/2026) is not a valid date, not a generic error', async () => {
    const user = userEvent.setup();
    render(<DateForm />);
    const input = screen.getByLabelText('Date');
    await user.clear(input);
    await user.type(input, '31/02/2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Value is not a valid date')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('Value is not a valid date');
  });

  it("says 'Value must be numeric' for non-numeric typing, 'required' only when empty", async () => {
    const user = userEvent.setup();
    render(<NumberForm />);
    const input = screen.getByLabelText('Volume');
    await user.clear(input);
    await user.type(input, '1e');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Value must be numeric')).toBeInTheDocument();
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Value is required')).toBeInTheDocument();
    await user.type(input, '0,5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The minimum value allowed is 1')).toBeInTheDocument();
  });

  it('reads numbers as typed, with a decimal comma', () => {
    const read = numberValue(null);
    expect(read('')).toBeNull();
    expect(read(' 12,5 ')).toBe(12.5);
    expect(read('-3')).toBe(-3);
    expect(read('1e')).toBeNaN();
    expect(read('12abc')).toBeNaN();
  });
});
