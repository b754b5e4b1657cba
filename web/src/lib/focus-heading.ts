const lost = () => !document.activeElement || document.activeElement === document.body;

/**
 * After a move to another screen: a focus that was on a control of the last screen (gone with it)
 * is on the page's start, where a keyboard or screen-reader user would have to begin again. It goes
 * to the new screen's heading instead (made focusable for it, without a ring), once the screen shows
 * one (its chunk may still be loading), for up to `waitMs`. A focus anywhere else (a field the
 * screen focused, a control still there such as the navigation's) stays. Returns the stop.
 */
export function focusHeadingIfLost(root: HTMLElement, waitMs = 3000): () => void {
  const settle = () => {
    if (!lost()) return true;
    const heading = root.querySelector<HTMLElement>('h1');
    if (!heading) return false;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    return true;
  };
  if (settle()) return () => undefined;
  const observer = new MutationObserver(() => settle() && stop());
  const timer = window.setTimeout(() => stop(), waitMs);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  observer.observe(root, { childList: true, subtree: true });
  return stop;
}
