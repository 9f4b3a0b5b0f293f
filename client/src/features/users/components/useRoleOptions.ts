import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '@aircloud/shared/roles';
import type { ListboxOption } from '../../../components/Listbox.tsx';

/** The role choices: an empty first option (shown as `voidLabel`), then every role. */
export function useRoleOptions(voidLabel: string): ListboxOption<Role | ''>[] {
  const { t } = useTranslation();
  return useMemo(
    () => [
      { value: '' as const, label: voidLabel },
      ...ROLES.map((role) => ({ value: role, label: t(`users.roles-select-add.${role}`) })),
    ],
    [t, voidLabel],
  );
}
