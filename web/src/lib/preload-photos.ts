import { firstScreenSettled, holdFirstScreen, imageSettled } from './first-screen';

const preloaded = new Set<string>();

const fetchPhoto = (url: string, priority: 'high' | 'low') => {
  const img = new Image();
  img.decoding = 'async';
  img.fetchPriority = priority;
  img.src = url;
  return img;
};

/**
 * Fetches photos about to show (each once per page load), so that a screen never reveals a blank
 * photo. The first is the largest thing on the screen (the top card's, the member's own): it is
 * fetched with high priority, and when it is new the others wait until it has loaded (or failed)
 * and the first screen has settled (which waits for it too), so that they share the network with
 * neither it nor the rest of the first screen (the app's scripts still arriving); the others are
 * fetched with low priority.
 */
export function preloadPhotos(urls: readonly string[]): void {
  const fresh = urls.filter((url) => !preloaded.has(url));
  fresh.forEach((url) => preloaded.add(url));
  const [first, ...rest] = fresh;
  if (first === undefined) return;
  if (first !== urls[0]) {
    fresh.forEach((url) => fetchPhoto(url, 'low'));
    return;
  }
  const img = fetchPhoto(first, 'high');
  const loaded = imageSettled(img);
  // the first screen shows it: it has not settled before this photo has loaded
  holdFirstScreen(loaded);
  if (rest.length) void loaded.then(firstScreenSettled).then(() => rest.forEach((url) => fetchPhoto(url, 'low')));
}
