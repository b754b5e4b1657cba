import { canUndo, deckReducer, initialDeck, isDeckEmpty, isDeckFailed, shouldRefill, topCard, type DeckEvent, type DeckState } from './deck';
import { photosToPreload } from './photos-ahead';
import { candidate } from './test-candidates';

const cards = ['a', 'b', 'c', 'd', 'e', 'f'].map((name, i) => candidate({ id: `00000000-0000-4000-8000-00000000000${i}`, firstName: name, photos: [`/p/${name}1`, `/p/${name}2`], mainPhoto: `/p/${name}1` }));
const run = (...events: DeckEvent[]) => events.reduce<DeckState>(deckReducer, initialDeck);
const names = (s: DeckState) => s.cards.map((c) => c.firstName);

describe('the card stack (spec §4 Swipe)', () => {
  it('loads, shows the first card on top, and advances on each swipe', () => {
    const s = run({ type: 'loaded', cards, reset: true }, { type: 'swiped', id: cards[0].id, action: 'like' }, { type: 'swiped', id: cards[1].id, action: 'pass' });
    expect(topCard(s)?.firstName).toBe('c');
    expect(s.swiped.map((x) => [x.card.firstName, x.action])).toEqual([
      ['a', 'like'],
      ['b', 'pass'],
    ]);
  });

  it('undo steps back one card', () => {
    const s = run({ type: 'loaded', cards, reset: true }, { type: 'swiped', id: cards[0].id, action: 'like' }, { type: 'swiped', id: cards[1].id, action: 'super_like' }, { type: 'undone', toUserId: cards[1].id });
    expect(names(s).slice(0, 2)).toEqual(['b', 'c']);
    expect(s.swiped.map((x) => x.card.firstName)).toEqual(['a']);
    expect(names(deckReducer(s, { type: 'undone' })).slice(0, 2)).toEqual(['a', 'b']);
  });

  it('takes one undo at a time, and none once the server had nothing to undo until the next swipe', () => {
    let s = run({ type: 'loaded', cards, reset: true }, { type: 'swiped', id: cards[0].id, action: 'pass' });
    expect(canUndo(s)).toBe(true);
    s = deckReducer(s, { type: 'undoStarted' });
    expect(canUndo(s)).toBe(false);
    // an undo whose card this visit did not show restarts the deck meanwhile: still on its way
    expect(canUndo(deckReducer(deckReducer(s, { type: 'restart' }), { type: 'loaded', cards, reset: true }))).toBe(false);
    s = deckReducer(deckReducer(s, { type: 'undone', toUserId: cards[0].id }), { type: 'undoFinished', nothingToUndo: false });
    // the server may have an earlier swipe to take back
    expect(canUndo(s)).toBe(true);
    s = deckReducer(deckReducer(s, { type: 'undoStarted' }), { type: 'undoFinished', nothingToUndo: true });
    expect(canUndo(s)).toBe(false);
    expect(canUndo(deckReducer(s, { type: 'restart' }))).toBe(false);
    expect(canUndo(deckReducer(s, { type: 'swiped', id: cards[0].id, action: 'like' }))).toBe(true);
  });

  it('puts a card back on top when its swipe failed', () => {
    const s = run({ type: 'loaded', cards, reset: true }, { type: 'swiped', id: cards[0].id, action: 'like' }, { type: 'swiped', id: cards[1].id, action: 'like' }, { type: 'swipeFailed', id: cards[0].id });
    expect(names(s).slice(0, 2)).toEqual(['a', 'c']);
    expect(s.swiped.map((x) => x.card.firstName)).toEqual(['b']);
  });

  it('refills before the stack runs out, without repeating a card it has or has swiped', () => {
    let s = run({ type: 'loaded', cards: cards.slice(0, 4), reset: true });
    expect(shouldRefill(s)).toBe(false);
    s = deckReducer(s, { type: 'swiped', id: cards[0].id, action: 'pass' });
    expect(shouldRefill(s)).toBe(true);
    s = deckReducer(s, { type: 'fetchStarted' });
    expect(shouldRefill(s)).toBe(false);
    // the pass is still on its way: the server may answer with that card again
    s = deckReducer(s, { type: 'loaded', cards: [cards[0], cards[2], cards[4], cards[5]], reset: false });
    expect(names(s)).toEqual(['b', 'c', 'd', 'e', 'f']);
    expect(s.exhausted).toBe(false);
  });

  it('is empty once the cards ran out and the server had nothing new', () => {
    let s = run({ type: 'loaded', cards: cards.slice(0, 1), reset: true });
    s = deckReducer(s, { type: 'swiped', id: cards[0].id, action: 'like' });
    expect(isDeckEmpty(s)).toBe(false);
    s = deckReducer(deckReducer(s, { type: 'fetchStarted' }), { type: 'loaded', cards: [], reset: false });
    expect(isDeckEmpty(s)).toBe(true);
    expect(shouldRefill(s)).toBe(false);
    // undo brings the last card back
    s = deckReducer(s, { type: 'undone', toUserId: cards[0].id });
    expect(isDeckEmpty(s)).toBe(false);
    expect(topCard(s)?.firstName).toBe('a');
    expect(isDeckEmpty(run({ type: 'loaded', cards: [], reset: true }))).toBe(true);
  });

  it('restarts from the first card (a new filter) and reports a first load that failed', () => {
    const s = run({ type: 'loaded', cards, reset: true }, { type: 'swiped', id: cards[0].id, action: 'like' }, { type: 'restart' });
    expect(s).toEqual(initialDeck);
    expect(run({ type: 'fetchFailed' }).status).toBe('error');
    expect(run({ type: 'loaded', cards, reset: true }, { type: 'fetchStarted' }, { type: 'fetchFailed' }).status).toBe('ready');
  });

  it('asks for more once after a refill failed, until a swipe, an undo or a restart, and says so when the cards ran out', () => {
    let s = run({ type: 'loaded', cards: cards.slice(0, 2), reset: true }, { type: 'fetchStarted' }, { type: 'fetchFailed' });
    // not again at once: a failing server (offline, 429) would be asked in a loop
    expect(shouldRefill(s)).toBe(false);
    expect(isDeckFailed(s)).toBe(false);
    s = deckReducer(s, { type: 'swiped', id: cards[0].id, action: 'like' });
    expect(shouldRefill(s)).toBe(true);
    s = deckReducer(deckReducer(s, { type: 'fetchStarted' }), { type: 'fetchFailed' });
    s = deckReducer(s, { type: 'swiped', id: cards[1].id, action: 'pass' });
    // the last card swiped: one more try, shown as loading meanwhile
    expect(shouldRefill(s)).toBe(true);
    s = deckReducer(s, { type: 'fetchStarted' });
    expect(isDeckFailed(s)).toBe(false);
    s = deckReducer(s, { type: 'fetchFailed' });
    expect(isDeckFailed(s)).toBe(true);
    expect(isDeckEmpty(s)).toBe(false);
    expect(shouldRefill(s)).toBe(false);
    // an undo brings a card back and asks again; so does a restart (Retry)
    const undone = deckReducer(s, { type: 'undone', toUserId: cards[1].id });
    expect([isDeckFailed(undone), shouldRefill(undone)]).toEqual([false, true]);
    expect(isDeckFailed(deckReducer(s, { type: 'restart' }))).toBe(false);
    // an answer clears it
    expect(deckReducer(deckReducer(deckReducer(s, { type: 'fetchStarted' }), { type: 'loaded', cards: cards.slice(2), reset: false }), { type: 'fetchStarted' }).refillFailed).toBe(false);
  });

  it("preloads the top card's photos and the next cards' main photos", () => {
    expect(photosToPreload(run({ type: 'loaded', cards, reset: true }).cards)).toEqual(['/p/a1', '/p/a2', '/p/b1', '/p/c1', '/p/d1']);
  });
});
