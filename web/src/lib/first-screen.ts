import { whenIdle } from './when-idle';

/** at the latest, how long after the first render the first screen counts as settled */
export const FIRST_SCREEN_MAX_MS = 3000;

let rendered: () => void = () => undefined;
const firstRender = new Promise<void>((resolve) => (rendered = resolve));

/** The app's first render is on screen (its root calls this once it has committed). */
export const firstScreenRendered = (): void => rendered();

const imageDone = (img: HTMLImageElement) =>
  new Promise((done) => {
    img.addEventListener('load', done, { once: true });
    img.addEventListener('error', done, { once: true });
  });

let settled: Promise<void> | null = null;

/**
 * Resolves once the first screen has settled: it has rendered, the images it shows have loaded (or
 * failed) and the browser is idle; at the latest FIRST_SCREEN_MAX_MS after the first render. For
 * work that must not compete with showing it (the real-time connection, the photos of the cards
 * ahead: they would share the network and the main thread with the first card's photo).
 */
export function firstScreenSettled(): Promise<void> {
  return (settled ??= firstRender.then(
    () =>
      new Promise<void>((resolve) => {
        const deadline = setTimeout(resolve, FIRST_SCREEN_MAX_MS);
        const check = () =>
          whenIdle(() => {
            const loading = [...document.images].filter((img) => !img.complete);
            if (!loading.length) {
              clearTimeout(deadline);
              resolve();
            } else void Promise.all(loading.map(imageDone)).then(check);
          });
        check();
      }),
  ));
}
