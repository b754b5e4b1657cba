import type { Clock } from '@aero/common';
import { aCandidate } from '../../test/candidates.js';
import type { Candidate, DeckRow } from '../candidates/candidate.js';
import type { CandidateRepository } from '../candidates/candidate.repository.js';
import type { RebuildCandidatesService } from '../candidates/rebuild-candidates.service.js';
import type { LayoverRepository } from '../layovers/layover.repository.js';
import { DeckService, mixLikesIn, toDeckFilters } from './deck.service.js';

const row = (userId: string, over: Partial<DeckRow> = {}): DeckRow => ({ userId, profile: {} as DeckRow['profile'], miles: null, boosted: false, likedMe: false, layover: null, ...over });

describe('deck order', () => {
  it('keeps boosted members first and mixes those who liked the member into every other card', () => {
    const rows = [row('boost', { boosted: true }), row('l1', { likedMe: true }), row('l2', { likedMe: true }), row('l3', { likedMe: true }), row('o1'), row('o2')];
    expect(mixLikesIn(rows).map((r) => r.userId)).toEqual(['boost', 'l1', 'o1', 'l2', 'o2', 'l3']);
  });

  it("reads the filter dialog's 'JetBlue' as JetBlue Airways too, and 'everyone' as no gender filter", () => {
    expect(toDeckFilters({ airlines: ['JetBlue'], gender: 'everyone' })).toEqual({ minAge: null, maxAge: null, airlines: ['JetBlue', 'JetBlue Airways'], positions: [], gender: null, baseAirports: [] });
  });

  it("reads the filter dialog's general positions as the profiles' positions they cover", () => {
    expect(toDeckFilters({ positions: ['Pilot', 'Flight Attendant', 'Operations', 'Ground Crew', 'Co-Pilot', 'constructor'] }).positions).toEqual([
      'Pilot',
      'Co-Pilot',
      'Flight Attendant',
      'Senior Flight Attendant',
      'Operations',
      'Airport Operations',
      'Ground Crew',
      'constructor',
    ]);
  });
});

/**
 * DeckService over in-memory stand-ins: discovery's row of the member (`known`), and the owners,
 * whose state a catch-up brings in (`owners`: the row it leaves, or a failure).
 */
function setup(known: Candidate | null, owners: Candidate | null | Error) {
  const rows = new Map<string, Candidate>(known ? [['me', known]] : []);
  const caughtUp: string[] = [];
  const candidates = {
    find: async (id: string) => rows.get(id) ?? null,
    deck: async () => [row('other')],
    touch: async () => undefined,
  } as unknown as CandidateRepository;
  const rebuilds = {
    catchUp: async (id: string) => {
      caughtUp.push(id);
      if (owners instanceof Error) throw owners;
      if (owners) rows.set(id, owners);
    },
  } as unknown as RebuildCandidatesService;
  const clock: Clock = { now: () => new Date('2026-11-24T10:00:00Z') };
  const service = new DeckService(candidates, {} as LayoverRepository, rebuilds, clock);
  return { deckIds: async () => (await service.deck({ userId: 'me' })).map((c) => c.id), caughtUp };
}

describe('the deck of a member discovery has not heard of yet', () => {
  it('catches up on the member from the owners and answers from the row they bring', async () => {
    for (const known of [null, aCandidate('me', { profileCompleted: false })]) {
      const { deckIds, caughtUp } = setup(known, aCandidate('me'));
      expect(await deckIds()).toEqual(['other']);
      expect(caughtUp).toEqual(['me']);
    }
  });

  it('asks the owners nothing for a member known with a complete profile', async () => {
    const { deckIds, caughtUp } = setup(aCandidate('me'), new Error('not to be asked'));
    expect(await deckIds()).toEqual(['other']);
    expect(caughtUp).toEqual([]);
  });

  it('stays empty when the owners have no complete profile either', async () => {
    for (const owners of [null, aCandidate('me', { profileCompleted: false })]) {
      const { deckIds, caughtUp } = setup(null, owners);
      expect(await deckIds()).toEqual([]);
      expect(caughtUp).toEqual(['me']);
    }
  });

  it('answers an empty deck, not an error, when the owners cannot be reached', async () => {
    const { deckIds, caughtUp } = setup(aCandidate('me', { profileCompleted: false }), new Error('Service unavailable, please try again'));
    expect(await deckIds()).toEqual([]);
    expect(caughtUp).toEqual(['me']);
  });
});
