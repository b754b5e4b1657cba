import type { CandidateView } from '@aero/contracts/shared';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { NO_FILTERS, type DeckFilters } from './filters';
import { photosToPreload, preloadPhotos } from './preload-photos';

// The swipe screen's first cards are asked for at start-up, when the app opens on it, alongside its
// chunk (the saved filters, then the deck with them, then the first cards' photos), instead of once
// the screen has loaded and rendered. The screen takes that deck once, if it starts with the same
// filters soon after; otherwise it asks as usual.

/** how long the saved filters (and so the first deck) asked for at start-up stay fresh */
export const FIRST_DECK_FRESH_SECONDS = 30;

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

let first: { filters: DeckFilters; cards: Promise<CandidateView[]>; at: number } | null = null;

const sameFilters = (a: DeckFilters, b: DeckFilters) => JSON.stringify(a) === JSON.stringify(b);

/** Starts fetching the first deck (for a signed-in member opening the swipe screen). */
export async function prefetchFirstDeck(dispatch: Dispatch): Promise<void> {
  const at = Date.now();
  // the calls' definitions come with the screen's chunk, not with the first screen's
  const { discoveryApi } = await import('../api/discovery-api');
  const saved = dispatch(discoveryApi.endpoints.loadFilterPreferences.initiate(undefined));
  // as the screen does: no saved filters, or a failure to load them, is everyone
  void saved
    .unwrap()
    .catch(() => NO_FILTERS)
    .then((filters) => {
      saved.unsubscribe();
      const cards = dispatch(discoveryApi.endpoints.getDeck.initiate(filters, { subscribe: false, forceRefetch: true })).unwrap();
      cards.then((list) => preloadPhotos(photosToPreload(list)), () => undefined);
      first = { filters, cards, at };
    });
}

/** The deck fetched at start-up for these filters, once; null when there is none (or it is stale). */
export function takeFirstDeck(filters: DeckFilters): Promise<CandidateView[]> | null {
  const taken = first;
  first = null;
  if (!taken || Date.now() - taken.at > FIRST_DECK_FRESH_SECONDS * 1000 || !sameFilters(taken.filters, filters)) return null;
  return taken.cards;
}
