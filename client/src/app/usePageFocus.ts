import { useEffect, useRef } from 'react';
import { useMatches } from 'react-router-dom';

/** How long a page may take to show its heading (data still loading) before main gets focus. */
const HEADING_WAIT_MS = 5000;

/** The page a location shows, tabs aside: the leaf match up to its splat (`/purifiers/ID`). */
function usePageKey(): string {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  if (!leaf) return '';
  const splat = leaf.params['*'];
  return splat ? leaf.pathname.slice(0, leaf.pathname.length - splat.length) : leaf.pathname;
}

/** Focuses `heading`, making it focusable by script only. */
function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

/**
 * After a navigation to another page (not on the first load, not between tabs of one page), moves
 * the keyboard focus to the page's main heading (`main h1`), waiting for it while the page loads;
 * without one, to `main` itself. Screen readers then read where the user arrived.
 */
export function usePageFocus(mainRef: React.RefObject<HTMLElement | null>): void {
  const pageKey = usePageKey();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const first = previous.current === null;
    const same = previous.current === pageKey;
    previous.current = pageKey;
    const main = mainRef.current;
    if (first || same || !main) return;

    const heading = main.querySelector<HTMLElement>('h1');
    if (heading) {
      focusHeading(heading);
      return;
    }
    const observer = new MutationObserver(() => {
      const found = main.querySelector<HTMLElement>('h1');
      if (!found) return;
      stop();
      focusHeading(found);
    });
    const timer = window.setTimeout(() => {
      stop();
      main.focus();
    }, HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pageKey, mainRef]);
}
