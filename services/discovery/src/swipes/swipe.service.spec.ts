import { Messages, superLikeDay, superLikesUsedOn } from '@aero/contracts';
import type { Clock, DomainEvents, UnitOfWork } from '@aero/common';
import type { CandidateRepository } from '../candidates/candidate.repository.js';
import type { MatchRepository } from '../matches/match.repository.js';
import type { SwipeRepository } from './swipe.repository.js';
import { aCandidate } from '../../test/candidates.js';
import { SwipeService } from './swipe.service.js';

/** SwipeService over in-memory stand-ins, with a clock the test moves */
function setup(now: { at: Date }) {
  const me = aCandidate('me');
  // men interested in women: each wants to meet `me` (a woman)
  const other = (id: string, over: Parameters<typeof aCandidate>[1] = {}) => aCandidate(id, { gender: 'male', interestedIn: 'woman', ...over });
  const others = new Map([['a', other('a')], ['b', other('b')], ['c', other('c')], ['rejected', other('rejected', { verification: 'rejected' })]]);
  const swiped = new Set<string>();
  /** who blocked whom between `me` and 'b': nobody, `me`, or 'b' */
  const blocked = { by: null as 'me' | 'b' | null };
  const candidates = {
    findForUpdate: async () => me,
    findPair: async (_: string, id: string) => ({ member: me, other: others.get(id) ?? null, blocked: id === 'b' && !!blocked.by, blockedByMember: id === 'b' && blocked.by === 'me' }),
    setSuperLikes: async (_: string, used: number, day: string) => Object.assign(me, { superLikesUsed: used, superLikesDay: day }),
    touch: async () => undefined,
  } as unknown as CandidateRepository;
  const swipes = {
    lockPair: async () => undefined,
    // 'b' liked `me` before
    record: async ({ targetId }: { targetId: string }) => ({ inserted: !swiped.has(targetId) && !!swiped.add(targetId), liked: false, likedBack: targetId === 'b' }),
  } as unknown as SwipeRepository;
  const uow = { run: (work: () => Promise<unknown>) => work() } as unknown as UnitOfWork;
  const events = { emit: async () => undefined } as unknown as DomainEvents;
  const clock: Clock = { now: () => now.at };
  return { service: new SwipeService(candidates, swipes, {} as MatchRepository, uow, events, clock), me, blocked };
}

describe('super likes', () => {
  it('allows one per UTC day and starts again after midnight UTC', async () => {
    const now = { at: new Date('2026-11-23T23:59:00Z') };
    const { service, me } = setup(now);
    await expect(service.swipe({ userId: 'me', toUserId: 'a', action: 'super_like' })).resolves.toEqual({ isMatch: false });
    await expect(service.swipe({ userId: 'me', toUserId: 'b', action: 'super_like' })).rejects.toThrow(Messages.noSuperLikes);
    now.at = new Date('2026-11-24T00:00:30Z');
    await expect(service.swipe({ userId: 'me', toUserId: 'c', action: 'super_like' })).resolves.toEqual({ isMatch: false });
    expect(me).toMatchObject({ superLikesUsed: 1, superLikesDay: '2026-11-24' });
  });

  it('counts only today', () => {
    const at = new Date('2026-11-23T10:00:00Z');
    expect(superLikeDay(at)).toBe('2026-11-23');
    expect(superLikesUsedOn({ superLikesUsed: 1, superLikesDay: '2026-11-22' }, at)).toBe(0);
    expect(superLikesUsedOn({ superLikesUsed: 1, superLikesDay: '2026-11-23' }, at)).toBe(1);
  });
});

describe('who may be swiped on', () => {
  it('refuses a member who must pay, as if unknown: a rejected document, or the days to upload one over', async () => {
    const now = { at: new Date('2026-11-24T10:00:00Z') };
    const { service } = setup(now);
    await expect(service.swipe({ userId: 'me', toUserId: 'rejected', action: 'like' })).rejects.toMatchObject({ status: 404, message: Messages.unknownProfile });
    await expect(service.swipe({ userId: 'me', toUserId: 'a', action: 'pass' })).resolves.toEqual({ isMatch: false });
    now.at = new Date('2026-11-30T00:00:00Z');
    await expect(service.swipe({ userId: 'me', toUserId: 'b', action: 'pass' })).rejects.toMatchObject({ status: 404 });
  });
});

describe('blocks', () => {
  it('refuses the member who blocked the other, as if unknown; answers the one blocked as if there were no block, with no match', async () => {
    const { service, blocked } = setup({ at: new Date('2026-11-24T10:00:00Z') });
    blocked.by = 'me';
    await expect(service.swipe({ userId: 'me', toUserId: 'b', action: 'like' })).rejects.toMatchObject({ status: 404, message: Messages.unknownProfile });
    // 'b' blocked `me` after liking her: her like back is kept, but makes no match (and tells nobody)
    blocked.by = 'b';
    await expect(service.swipe({ userId: 'me', toUserId: 'b', action: 'like' })).resolves.toEqual({ isMatch: false });
  });
});
