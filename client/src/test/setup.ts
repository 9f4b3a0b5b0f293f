import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { server } from './server.ts';
import { resources } from '@aircloud/shared/i18n/resources';
import { i18n } from '../lib/i18n/i18n.ts';
import { setRouter } from '../lib/navigation/navigator.ts';

// A screen's first render waits for its lazy page chunk, which Vite transforms on first import:
// on a busy machine that takes more than testing-library's default second.
configure({ asyncUtilTimeout: 10_000 });

// Tests render every language at once: load all catalogues up front.
for (const [lang, catalogue] of Object.entries(resources))
  i18n.addResourceBundle(lang, 'translation', catalogue, true, true);

// fetch in jsdom is Node's: it needs absolute URLs, the browser resolves them against the page.
const NativeRequest = globalThis.Request;
globalThis.Request = class extends NativeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(
      typeof input === 'string' && input.startsWith('/')
        ? new URL(input, window.location.origin)
        : input,
      init,
    );
  }
} as typeof Request;

// Radix menus measure and capture pointers; jsdom has none of it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  // The readable cookie the server sets with a session: tests run as a browser that may have
  // one (a test of the anonymous visitor removes it).
  document.cookie = 'session_hint=1; path=/';
});
afterEach(() => {
  cleanup();
  // A request of this test failing late must not navigate the next test's app.
  setRouter(null);
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
