import { boostRemainingMs, boostStarted, discoverySlice, loadDiscoveryState, superLikeReturned, superLikesExhausted, superLikesRemaining, superLikeUsed, type DiscoveryState } from './discovery-slice';

const reduce = (state: DiscoveryState, ...actions: Parameters<typeof discoverySlice.reducer>[1][]) => actions.reduce(discoverySlice.reducer, state);
const me = 'member-1';

describe('super likes and boost on this device (spec §4, §9)', () => {
  const morning = '2025-06-01T08:00:00.000Z';
  const evening = new Date('2025-06-01T22:00:00.000Z');
  const nextDay = new Date('2025-06-02T00:00:01.000Z');

  it('starts with one super like a day; using it decrements the local count', () => {
    expect(superLikesRemaining(undefined, evening)).toBe(1);
    const s = reduce({}, superLikeUsed({ userId: me, at: morning }));
    expect(superLikesRemaining(s[me], evening)).toBe(0);
    expect(superLikesRemaining(s[me], nextDay)).toBe(1);
    expect(superLikesRemaining(s['someone-else'], evening)).toBe(1);
  });

  it('follows the server: none left when it says so, one back when a super like is undone the same day', () => {
    const exhausted = reduce({}, superLikesExhausted({ userId: me, at: morning }));
    expect(superLikesRemaining(exhausted[me], evening)).toBe(0);
    const back = reduce(exhausted, superLikeReturned({ userId: me, at: evening.toISOString() }));
    expect(superLikesRemaining(back[me], evening)).toBe(1);
    // an undo on a later day changes nothing (the new day has its own)
    expect(reduce(exhausted, superLikeReturned({ userId: me, at: nextDay.toISOString() }))[me].superLikesUsed).toBe(1);
  });

  it('keeps the boost until its expiry', () => {
    const s = reduce({}, boostStarted({ userId: me, expiresAt: '2025-06-01T08:30:00.000Z' }));
    expect(boostRemainingMs(s[me], new Date(morning))).toBe(30 * 60_000);
    expect(boostRemainingMs(s[me], new Date('2025-06-01T08:31:00.000Z'))).toBe(0);
    expect(boostRemainingMs(undefined, new Date(morning))).toBe(0);
  });

  it('loads what was stored, dropping anything malformed', () => {
    expect(loadDiscoveryState(null)).toEqual({});
    expect(loadDiscoveryState({ [me]: { superLikesDay: '2025-06-01', superLikesUsed: 1, boostExpiresAt: 'soon' }, bad: 7 })).toEqual({
      [me]: { superLikesDay: '2025-06-01', superLikesUsed: 1, boostExpiresAt: null },
    });
  });
});
