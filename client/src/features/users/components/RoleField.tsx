import { useMemo } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '@aircloud/shared/roles';
import { FormField } from '../../../components/FormField.tsx';
import { Listbox, type ListboxOption } from '../../../components/Listbox.tsx';

/**
 * The role of a user form: a listbox whose first option is the empty '(void)' one, then every
 * role labelled `users.roles-select-add.{role}` (spec section 2).
 */
export function RoleField<T extends FieldValues & { role: Role | '' }>({
  id,
  label,
  control,
  error,
}: {
  id: string;
  label: string;
  control: Control<T>;
  error?: string;
}) {
  const { t } = useTranslation();
  const voidLabel = t('users.dialog.role-void');
  const options: ListboxOption<Role | ''>[] = useMemo(
    () => [
      { value: '', label: voidLabel },
      ...ROLES.map((role) => ({ value: role, label: t(`users.roles-select-add.${role}`) })),
    ],
    [t, voidLabel],
  );
  return (
    <FormField id={id} name="role" label={label} error={error}>
      <Controller
        control={control}
        name={'role' as Path<T>}
        render={({ field }) => (
          <Listbox
            id={id}
            labelId={`${id}-label`}
            value={field.value as Role | ''}
            options={options}
            onChange={field.onChange}
            onBlur={field.onBlur}
            invalid={Boolean(error)}
            describedBy={error ? `${id}-error` : undefined}
          />
        )}
      />
    </FormField>
  );
}
