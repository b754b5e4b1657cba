// A new service worker is installed and waiting: the app offers 'New version available'. This
// tiny store lets the registration (outside React) tell the prompt (inside React).
type Listener = () => void;

let apply: (() => void) | null = null;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((l) => l());

/** The registration found a waiting version; `activate` makes it take over and reloads. */
export function offerUpdate(activate: () => void): void {
  apply = activate;
  notify();
}

/** 'Later': the new version takes effect on the next visit. */
export function postponeUpdate(): void {
  apply = null;
  notify();
}

export function applyUpdate(): void {
  const run = apply;
  apply = null;
  notify();
  run?.();
}

export const updateAvailable = () => apply !== null;

export function subscribeUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
