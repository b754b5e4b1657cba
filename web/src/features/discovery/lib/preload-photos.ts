import type { CandidateView } from '@aero/contracts/shared';

/** how many cards after the top one have their main photo fetched ahead */
export const PHOTOS_AHEAD = 3;

/** The photo URLs to preload: every photo of the top card (the first), the main photo of the next ones. */
export function photosToPreload(cards: readonly CandidateView[], ahead = PHOTOS_AHEAD): string[] {
  const [top, ...next] = cards;
  const urls = [...(top?.photos ?? []), ...next.slice(0, ahead).map((c) => c.mainPhoto ?? c.photos[0])].filter((u): u is string => !!u);
  return [...new Set(urls)];
}

const preloaded = new Set<string>();

/**
 * Fetches photos about to show (each once per page load), so a swipe never reveals a blank card.
 * The first (the top card's photo, the largest thing on the screen) is fetched first.
 */
export function preloadPhotos(urls: readonly string[]): void {
  urls.forEach((url, i) => {
    if (preloaded.has(url)) return;
    preloaded.add(url);
    const img = new Image();
    img.decoding = 'async';
    img.fetchPriority = i === 0 ? 'high' : 'low';
    img.src = url;
  });
}
