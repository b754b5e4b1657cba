import type { CandidateView } from '@aero/contracts/shared';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { fetchFresh } from '../../../lib/fetch-fresh';
import { API_BASE, sendEarly } from '../../../lib/http';
import { readJson, writeJson } from '../../../lib/storage';
import { deckCall, hasFilters, LOAD_FILTERS_CALL, NO_FILTERS, type DeckFilters } from './filters';
import { preloadPhotos } from '../../../lib/preload-photos';
import { photosToPreload } from './photos-ahead';

// The swipe screen's first cards are asked for at start-up, when the app opens on it, alongside its
// chunk (the saved filters and the deck, then the top card's photo), instead of once the screen
// has loaded and rendered. Most members save no filters: the deck for everyone is asked for
// alongside the saved filters rather than after them (one round trip less before the first photo),
// unless this browser's member had filters narrowing the deck last time (then it waits for them).
// Both are sent at once (`sendFirstDeckEarly`: by the page's first script on /swipe, before the app
// has arrived; on / once the session shows a member), before the calls' definitions have arrived
// with the screen's chunk (the calls then take these answers), and the first photo is fetched as
// soon as both answered.
// The screen takes that deck once: already arrived, it shows its cards in its first render; still
// on its way, it waits for it if it starts with the same filters soon after; otherwise it asks as
// usual.

/** how long the saved filters (and so the first deck) asked for at start-up stay fresh */
export const FIRST_DECK_FRESH_SECONDS = 30;

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

let first: { filters: DeckFilters; cards: Promise<CandidateView[]>; at: number; arrived?: CandidateView[] } | null = null;

const sameFilters = (a: DeckFilters, b: DeckFilters) => JSON.stringify(a) === JSON.stringify(b);

/** whether this browser's member's saved filters narrowed the deck when last loaded here */
export const FILTERED_KEY = 'aero.discovery.filtered';

/** whether to ask for the deck for everyone alongside the saved filters (not when they narrowed it last time) */
const speculating = () => readJson<boolean>(FILTERED_KEY) !== true;

/**
 * Sends the first deck's calls early (`sendEarly`: the saved filters, and the deck for everyone
 * unless this browser's member narrowed it last time), and fetches the top card's photo as soon
 * as both answered (the photos ahead once the first screen has settled: preloadPhotos). Without the store: the page's first script sends them for `/swipe`.
 */
export function sendFirstDeckEarly(): void {
  const savedEarly = sendEarly<DeckFilters>(API_BASE, LOAD_FILTERS_CALL);
  const everyoneEarly = speculating() ? sendEarly<CandidateView[]>(API_BASE, deckCall(NO_FILTERS)) : null;
  void Promise.all([savedEarly, everyoneEarly]).then(
    ([filters, cards]) => cards && !hasFilters(filters) && preloadPhotos(photosToPreload(cards)),
    () => undefined,
  );
}

/** Fetches the first deck into the store (for a member opening the swipe screen), taking the calls sent early. */
export async function prefetchFirstDeck(dispatch: Dispatch): Promise<void> {
  const at = Date.now();
  const speculate = speculating();
  // the calls' definitions come with the screen's chunk, not with the first screen's
  const { discoveryApi } = await import('../api/discovery-api');
  const deckFor = (filters: DeckFilters) => fetchFresh(dispatch(discoveryApi.endpoints.getDeck.initiate(filters, { forceRefetch: true })));
  const saved = dispatch(discoveryApi.endpoints.loadFilterPreferences.initiate(undefined));
  const everyone = speculate ? deckFor(NO_FILTERS) : null;
  everyone?.catch(() => undefined);
  // as the screen does: no saved filters, or a failure to load them, is everyone
  void saved
    .unwrap()
    .then((filters) => {
      writeJson(FILTERED_KEY, hasFilters(filters));
      return filters;
    })
    .catch(() => NO_FILTERS)
    .then((filters) => {
      saved.unsubscribe();
      const cards = everyone && !hasFilters(filters) ? everyone : deckFor(filters);
      const entry: NonNullable<typeof first> = { filters, cards, at };
      cards.then(
        (list) => {
          entry.arrived = list;
          preloadPhotos(photosToPreload(list));
        },
        () => undefined,
      );
      first = entry;
    });
}

const fresh = (entry: NonNullable<typeof first>) => Date.now() - entry.at <= FIRST_DECK_FRESH_SECONDS * 1000;

/** The deck fetched at start-up for these filters, once; null when there is none (or it is stale). */
export function takeFirstDeck(filters: DeckFilters): Promise<CandidateView[]> | null {
  const taken = first;
  first = null;
  if (!taken || !fresh(taken) || !sameFilters(taken.filters, filters)) return null;
  return taken.cards;
}

/**
 * The deck fetched at start-up if it has already arrived (and is fresh), with the filters it was
 * asked with: the screen then shows its cards in its first render instead of asking again. A read
 * only (a render may be thrown away and run again): the screen takes it (`takeFirstDeck`) once
 * that render is on screen.
 */
export function arrivedFirstDeck(): { filters: DeckFilters; cards: CandidateView[] } | null {
  return first?.arrived && fresh(first) ? { filters: first.filters, cards: first.arrived } : null;
}
