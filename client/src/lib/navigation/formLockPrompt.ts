import { useSyncExternalStore } from 'react';

/** A navigation held back by a form with unsaved edits, waiting for the user's answer. */
export interface HeldNavigation {
  /** Discard the edits and go where the user wanted to go. */
  proceed: () => void;
  /** Stay on the form. */
  stay: () => void;
}

let held: HeldNavigation | null = null;
const listeners = new Set<() => void>();

/** Publishes (or clears) the held navigation; the shell's dialog asks the user about it. */
export function setHeldNavigation(next: HeldNavigation | null): void {
  held = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The navigation waiting for "Discard and leave" or "Stay", if any. */
export function useHeldNavigation(): HeldNavigation | null {
  return useSyncExternalStore(subscribe, () => held);
}
