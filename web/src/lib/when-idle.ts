/**
 * Runs `run` when the browser is next idle (at the latest after `timeoutMs`), for work that must
 * not compete with showing a screen; returns the cancel.
 */
export function whenIdle(run: () => void, timeoutMs = 2000): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1);
  return () => clearTimeout(id);
}
