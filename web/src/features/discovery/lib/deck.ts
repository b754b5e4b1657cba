import type { CandidateView } from '@aero/contracts/shared';
import { PHOTOS_AHEAD } from './photos-ahead';

// The card stack (spec §4 Swipe) as a pure reducer: the cards still to come (the first is on
// top), the cards swiped in this visit (undo steps back one), and whether the server has more.

export type SwipeAction = 'like' | 'super_like' | 'pass';

export interface SwipedCard {
  card: CandidateView;
  action: SwipeAction;
}

export interface DeckState {
  /** 'loading' until the first answer after a (re)start; later fetches keep the cards showing */
  status: 'loading' | 'ready' | 'error';
  cards: CandidateView[];
  swiped: SwipedCard[];
  /** the last fetch brought nothing new: when the cards run out, the deck is empty */
  exhausted: boolean;
  /** a fetch for more is under way */
  fetching: boolean;
  /**
   * the last fetch for more failed: no other is sent by itself (it would be sent again at once,
   * and again) until the member swipes or undoes, or starts over; with no card left, the deck
   * says so and offers to try again
   */
  refillFailed: boolean;
  /** an undo is on its way (a second one would take back the swipe before, or find none) */
  undoing: boolean;
  /** the server said there is no swipe to undo, and none was made since */
  nothingToUndo: boolean;
}

export type DeckEvent =
  | { type: 'restart' }
  | { type: 'fetchStarted' }
  | { type: 'loaded'; cards: CandidateView[]; reset: boolean }
  | { type: 'fetchFailed' }
  | { type: 'swiped'; id: string; action: SwipeAction }
  | { type: 'swipeFailed'; id: string }
  | { type: 'undone'; toUserId?: string }
  | { type: 'undoStarted' }
  | { type: 'undoFinished'; nothingToUndo: boolean };

export const initialDeck: DeckState = { status: 'loading', cards: [], swiped: [], exhausted: false, fetching: true, refillFailed: false, undoing: false, nothingToUndo: false };

/** fetch more while this many cards or fewer are left (their photos are preloaded meanwhile) */
export const REFILL_AT = PHOTOS_AHEAD;

export function deckReducer(state: DeckState, event: DeckEvent): DeckState {
  switch (event.type) {
    case 'restart':
      // the server's swipes stay what they were: so does what an undo can do
      return { ...initialDeck, undoing: state.undoing, nothingToUndo: state.nothingToUndo };
    case 'fetchStarted':
      return { ...state, fetching: true };
    case 'loaded': {
      if (event.reset) return { ...state, status: 'ready', cards: event.cards, swiped: [], exhausted: event.cards.length === 0, fetching: false, refillFailed: false };
      // the server never repeats a swiped card, but one swiped a moment ago may still be on its way
      const known = new Set([...state.cards, ...state.swiped.map((s) => s.card)].map((c) => c.id));
      const fresh = event.cards.filter((c) => !known.has(c.id));
      return { ...state, status: 'ready', cards: [...state.cards, ...fresh], exhausted: fresh.length === 0, fetching: false, refillFailed: false };
    }
    case 'fetchFailed':
      return state.status === 'loading' ? { ...state, status: 'error', fetching: false } : { ...state, fetching: false, refillFailed: true };
    case 'swiped': {
      const card = state.cards.find((c) => c.id === event.id);
      if (!card) return state;
      return { ...state, cards: state.cards.filter((c) => c.id !== event.id), swiped: [...state.swiped, { card, action: event.action }], nothingToUndo: false, refillFailed: false };
    }
    case 'swipeFailed': {
      // the call failed: the card comes back on top
      const entry = state.swiped.find((s) => s.card.id === event.id);
      if (!entry) return state;
      return { ...state, cards: [entry.card, ...state.cards], swiped: state.swiped.filter((s) => s !== entry) };
    }
    case 'undone': {
      const index = event.toUserId ? state.swiped.findLastIndex((s) => s.card.id === event.toUserId) : state.swiped.length - 1;
      if (index < 0) return { ...state, exhausted: false, refillFailed: false };
      const entry = state.swiped[index];
      return { ...state, cards: [entry.card, ...state.cards], swiped: state.swiped.filter((_, i) => i !== index), exhausted: false, refillFailed: false };
    }
    case 'undoStarted':
      return { ...state, undoing: true };
    case 'undoFinished':
      return { ...state, undoing: false, nothingToUndo: event.nothingToUndo };
  }
}

/**
 * Whether Undo may be pressed: not while an undo is on its way (a double tap would send a second
 * one, answered 'No action to undo' after a single swipe), nor once the server said there is
 * nothing to undo, until the next swipe.
 */
export const canUndo = (state: DeckState) => !state.undoing && !state.nothingToUndo;

/** The card on top, if any. */
export const topCard = (state: DeckState): CandidateView | undefined => state.cards[0];

/** The stack is empty (spec §4) once the cards ran out and the server has no more. */
export const isDeckEmpty = (state: DeckState) => state.status === 'ready' && state.cards.length === 0 && state.exhausted && !state.fetching;

/** Whether to ask the server for more now. */
export const shouldRefill = (state: DeckState) => state.status === 'ready' && !state.fetching && !state.exhausted && !state.refillFailed && state.cards.length <= REFILL_AT;

/** The deck could not be loaded: its first load failed, or the cards ran out and asking for more failed. */
export const isDeckFailed = (state: DeckState) => state.status === 'error' || (state.cards.length === 0 && state.refillFailed && !state.fetching);

