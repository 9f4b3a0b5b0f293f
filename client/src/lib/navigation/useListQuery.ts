import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/** `value` when it is one of `values` (a filter read from the URL), else undefined. */
export function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.includes(value as T) ? (value as T) : undefined;
}

/** The page (from 1) a list URL asks for. */
export function listPage(params: URLSearchParams): number {
  return Math.max(1, Number(params.get('page')) || 1);
}

/**
 * The query of a list screen kept in the URL: its parameters, the page (from 1) and `update`,
 * which sets or clears parameters (empty values and page 1 are left out) and goes back to the
 * first page when a filter changes. Other parameters (e.g. `user` of view-as-user) are kept.
 */
export function useListQuery() {
  const [params, setParams] = useSearchParams();
  // The parameters as the last update left them: two updates before the next render (a filter
  // picked, then a search typed) both count, where the router's own value would be stale.
  const latest = useRef(params);
  latest.current = params;
  const page = listPage(params);
  const update = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(latest.current);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(key);
      else next.set(key, String(value));
    }
    if (!('page' in changes)) next.delete('page');
    latest.current = next;
    setParams(next, { replace: true });
  };
  return { params, page, update };
}
