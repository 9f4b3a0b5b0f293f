import { useEffect, useState } from 'react';

/**
 * A counter that moves on each change of the theme (`data-theme` on the root element, set by the
 * shell): code that reads colours from CSS variables in JS (charts) reads them again.
 */
export function useThemeVersion(root: Element = document.documentElement): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const observer = new MutationObserver(() => setVersion((v) => v + 1));
    observer.observe(root, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, [root]);
  return version;
}
