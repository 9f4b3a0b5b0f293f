import { useSearchParams } from 'react-router-dom';

/** The query parameter that carries the admin view-as-user mode (`/purifiers?user=<ulid>`). */
export const VIEW_AS_USER_PARAM = 'user';

/** A ULID-shaped value (26 letters and digits); the server checks the rest. */
const ULID = /^[0-9A-Za-z]{26}$/;

/** The user ulid of the view-as-user mode in a query string, or null. */
export function viewAsUserOf(search: URLSearchParams | string): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const value = params.get(VIEW_AS_USER_PARAM);
  return value && ULID.test(value) ? value : null;
}

/** `path` keeping the view-as-user mode: `?user=<ulid>` appended when `user` is set. */
export function withViewAsUser(path: string, user: string | null): string {
  if (!user) return path;
  const [base, query = ''] = path.split('?');
  const params = new URLSearchParams(query);
  params.set(VIEW_AS_USER_PARAM, user);
  return `${base}?${params.toString()}`;
}

/**
 * The view-as-user mode of the current URL and a link builder that keeps it, so every screen
 * inside the mode (list, detail, tabs) stays in it.
 */
export function useViewAsUser(): { user: string | null; link: (path: string) => string } {
  const [params] = useSearchParams();
  const user = viewAsUserOf(params);
  return { user, link: (path: string) => withViewAsUser(path, user) };
}
