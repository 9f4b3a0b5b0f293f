import { useSyncExternalStore } from 'react';

/** Below this width the graph controls take their compact form (a select, a disclosure). */
export const NARROW_QUERY = '(max-width: 640px)';

/** Whether a media query matches now, following its changes (false where there is no matchMedia). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}
