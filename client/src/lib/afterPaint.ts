/**
 * Runs `task` once the browser has been idle and has produced one more frame, so work that can
 * wait (the navigation's code, the socket) starts after the page's content is on screen rather
 * than competing with it. Without requestIdleCallback (tests, older browsers) on the next task.
 * Returns a function that cancels it.
 */
export function afterPagePainted(task: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) task();
  };
  if (typeof requestIdleCallback !== 'function' || typeof requestAnimationFrame !== 'function') {
    const timer = setTimeout(run, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }
  const idle = requestIdleCallback(() => requestAnimationFrame(() => setTimeout(run, 0)), {
    timeout: 1000,
  });
  return () => {
    cancelled = true;
    cancelIdleCallback(idle);
  };
}
