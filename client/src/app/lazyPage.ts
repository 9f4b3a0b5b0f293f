import type { ComponentType } from 'react';
import { STORAGE_KEYS } from '@aircloud/shared/constants';
import { browser } from '../lib/browser.ts';
import { randomId } from '../lib/randomId.ts';

/** Raised when a page chunk still fails after the one automatic reload. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('errors.generic', { cause });
    this.name = 'ChunkLoadError';
  }
}

function readMarker(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.reloadMarker);
  } catch {
    return null;
  }
}

/**
 * Loads a page chunk. A failure (usually a new deployment replaced the files) reloads the page
 * once; the reload marker in local storage stops a second reload, which raises a generic error.
 */
export async function loadChunk<T>(importer: () => Promise<T>): Promise<T> {
  try {
    const loaded = await importer();
    if (readMarker() !== null) localStorage.removeItem(STORAGE_KEYS.reloadMarker);
    return loaded;
  } catch (error) {
    if (readMarker() !== null) throw new ChunkLoadError(error);
    localStorage.setItem(STORAGE_KEYS.reloadMarker, String(randomId()));
    browser.reload();
    // The page is going away; never settle so nothing renders meanwhile.
    return new Promise<T>(() => undefined);
  }
}

/** A route `lazy` function for a page component, behind the chunk reload guard. */
export function lazyPage(importer: () => Promise<ComponentType>) {
  return async () => ({ Component: await loadChunk(importer) });
}
