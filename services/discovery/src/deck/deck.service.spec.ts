import type { DeckRow } from '../candidates/candidate.js';
import { mixLikesIn, toDeckFilters } from './deck.service.js';

const row = (userId: string, over: Partial<DeckRow> = {}): DeckRow => ({ userId, profile: {} as DeckRow['profile'], miles: null, boosted: false, likedMe: false, layover: null, ...over });

describe('deck order', () => {
  it('keeps boosted members first and mixes those who liked the member into every other card', () => {
    const rows = [row('boost', { boosted: true }), row('l1', { likedMe: true }), row('l2', { likedMe: true }), row('l3', { likedMe: true }), row('o1'), row('o2')];
    expect(mixLikesIn(rows).map((r) => r.userId)).toEqual(['boost', 'l1', 'o1', 'l2', 'o2', 'l3']);
  });

  it("reads the filter dialog's 'JetBlue' as JetBlue Airways too, and 'everyone' as no gender filter", () => {
    expect(toDeckFilters({ airlines: ['JetBlue'], gender: 'everyone' })).toEqual({ minAge: null, maxAge: null, airlines: ['JetBlue', 'JetBlue Airways'], positions: [], gender: null, baseAirports: [] });
  });
});
