import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, fieldA11y } from './FormField.tsx';
import { PasswordInput } from './PasswordInput.tsx';
import { PasswordRules } from './PasswordRules.tsx';

/** One password input of a form: its id, label, error and react-hook-form registration. */
export interface PasswordFieldProps {
  id: string;
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
}

/**
 * A new password, with every rule of spec section 5 shown and checked as it is typed, and
 * its confirmation. `value` is the password being typed (watched by the form).
 */
export function NewPasswordFields({
  password,
  confirm,
  value,
  autoFocus = false,
}: {
  password: PasswordFieldProps;
  confirm: PasswordFieldProps;
  value: string;
  autoFocus?: boolean;
}) {
  return (
    <>
      <FormField
        id={password.id}
        name={password.registration.name}
        label={password.label}
        error={password.error}
        hint={<PasswordRules password={value} />}
      >
        <PasswordInput
          autoComplete="new-password"
          autoFocus={autoFocus}
          {...fieldA11y(password.id, password.error)}
          {...password.registration}
        />
      </FormField>
      <FormField
        id={confirm.id}
        name={confirm.registration.name}
        label={confirm.label}
        error={confirm.error}
      >
        <PasswordInput
          autoComplete="new-password"
          {...fieldA11y(confirm.id, confirm.error)}
          {...confirm.registration}
        />
      </FormField>
    </>
  );
}
