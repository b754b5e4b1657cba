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

/** Fetches photos about to show (each once per page load), so a swipe never reveals a blank card. */
export function preloadPhotos(urls: readonly string[]): void {
  for (const url of urls) {
    if (preloaded.has(url)) continue;
    preloaded.add(url);
    const img = new Image();
    img.decoding = 'async';
    img.src = url;
  }
}
