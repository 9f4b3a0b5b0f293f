import { Subject } from 'rxjs';

/** Global reload event: parts of the page (the navigation) refetch what they show. */
export const reload$ = new Subject<void>();

/** Ask every listening part of the page to reload its data. */
export function requestReload(): void {
  reload$.next();
}
