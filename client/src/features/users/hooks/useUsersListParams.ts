import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ROLES, type Role } from '@aircloud/shared/roles';
import type { UsersListArgs } from '../api/usersApi.ts';

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function readRole(value: string | null): Role | '' {
  return (ROLES as readonly string[]).includes(value ?? '') ? (value as Role) : '';
}

/**
 * The list's page, search and role, kept in the URL query so back and forward restore them.
 * Changing the search or the role goes back to page 1.
 */
export function useUsersListParams() {
  const [params, setParams] = useSearchParams();
  const args: UsersListArgs = useMemo(
    () => ({
      page: readPage(params.get('page')),
      search: (params.get('search') ?? '').trim(),
      role: readRole(params.get('role')),
    }),
    [params],
  );

  const update = useCallback(
    (next: Partial<UsersListArgs>) => {
      setParams((current) => {
        const merged = { ...args, ...next };
        if (next.search !== undefined || next.role !== undefined) merged.page = next.page ?? 1;
        const query = new URLSearchParams(current);
        const set = (key: string, value: string) =>
          value ? query.set(key, value) : query.delete(key);
        set('search', merged.search);
        set('role', merged.role);
        set('page', merged.page > 1 ? String(merged.page) : '');
        return query;
      });
    },
    [args, setParams],
  );

  return { args, update };
}
