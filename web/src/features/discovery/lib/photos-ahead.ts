import type { CandidateView } from '@aero/contracts/shared';

/** how many cards after the top one have their main photo fetched ahead */
export const PHOTOS_AHEAD = 3;

/** The photo URLs to preload: every photo of the top card (the first), the main photo of the next ones. */
export function photosToPreload(cards: readonly CandidateView[], ahead = PHOTOS_AHEAD): string[] {
  const [top, ...next] = cards;
  const urls = [...(top?.photos ?? []), ...next.slice(0, ahead).map((c) => c.mainPhoto ?? c.photos[0])].filter((u): u is string => !!u);
  return [...new Set(urls)];
}
