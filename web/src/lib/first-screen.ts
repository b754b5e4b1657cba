import { whenIdle } from './when-idle';

/** at the latest, how long after the first render the first screen counts as settled */
export const FIRST_SCREEN_MAX_MS = 3000;

let rendered: () => void = () => undefined;
const firstRender = new Promise<void>((resolve) => (rendered = resolve));

/** The app's first render is on screen (its root calls this once it has committed). */
export const firstScreenRendered = (): void => rendered();

/** what the first screen shows but the page may not hold yet (the top card's photo, fetched ahead) */
const held: Promise<unknown>[] = [];
let done = false;

/** The first screen settles only once `loaded` has settled too (until it has settled: then nothing). */
export function holdFirstScreen(loaded: Promise<unknown>): void {
  if (!done) held.push(loaded.catch(() => undefined));
}

/** Resolves once an image has loaded or failed. */
export const imageSettled = (img: HTMLImageElement): Promise<unknown> =>
  new Promise((finished) => {
    img.addEventListener('load', finished, { once: true });
    img.addEventListener('error', finished, { once: true });
  });

let settled: Promise<void> | null = null;

/**
 * Resolves once the first screen has settled: it has rendered, the images it shows (and what was
 * held for it) have loaded or failed, and the browser is idle; at the latest FIRST_SCREEN_MAX_MS
 * after the first render. For work that must not compete with showing it (the real-time
 * connection, the photos of the cards ahead: they would share the network and the main thread
 * with the first card's photo).
 */
export function firstScreenSettled(): Promise<void> {
  return (settled ??= firstRender.then(
    () =>
      new Promise<void>((resolve) => {
        const finish = () => {
          if (done) return;
          done = true;
          held.length = 0;
          clearTimeout(deadline);
          resolve();
        };
        const deadline = setTimeout(finish, FIRST_SCREEN_MAX_MS);
        const check = () =>
          whenIdle(() => {
            if (done) return;
            const pending = [...[...document.images].filter((img) => !img.complete).map(imageSettled), ...held.splice(0)];
            if (pending.length) void Promise.all(pending).then(check);
            else finish();
          });
        check();
      }),
  ));
}
