import { useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { useBlocker } from 'react-router-dom';
import { formLockSet } from '../session/sessionSlice.ts';
import type { CoreState } from '../storeHooks.ts';
import { setHeldNavigation } from './formLockPrompt.ts';
import { routeNameForLocation } from './navigator.ts';
import type { RouteName } from './routeNames.ts';

/**
 * Locks navigation while a form has unsaved edits: a navigation to another page or tab is held
 * and the shell asks "Discard and leave" or "Stay" (app/FormLockDialog); closing or reloading the
 * tab asks the browser to confirm. `onBlocked` receives the target route name of each held
 * navigation (spec section 2).
 */
export function useFormLock(locked: boolean, onBlocked?: (target: RouteName | null) => void): void {
  const store = useStore<CoreState>();
  const onBlockedRef = useRef(onBlocked);
  useEffect(() => {
    onBlockedRef.current = onBlocked;
  });

  useEffect(() => {
    store.dispatch(formLockSet(locked));
    if (!locked) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      store.dispatch(formLockSet(false));
    };
  }, [locked, store]);

  // The store is read at navigation time so a forced logout (which clears the lock) still passes.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      store.getState().session.formLock && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    onBlockedRef.current?.(routeNameForLocation(blocker.location));
    setHeldNavigation({
      proceed: () => {
        setHeldNavigation(null);
        store.dispatch(formLockSet(false));
        blocker.proceed();
      },
      stay: () => {
        setHeldNavigation(null);
        blocker.reset();
      },
    });
  }, [blocker, store]);

  // A form that goes away (a forced logout, a save that navigates) takes its question with it.
  useEffect(() => () => setHeldNavigation(null), []);
}
