import { Messages } from '@aero/contracts';
import type { Clock, DomainEvents, UnitOfWork } from '@aero/common';
import type { Candidate } from '../candidates/candidate.js';
import type { CandidateRepository } from '../candidates/candidate.repository.js';
import type { BlockRepository } from '../blocks/block.repository.js';
import type { MatchRepository } from '../matches/match.repository.js';
import type { SwipeRepository } from './swipe.repository.js';
import { superLikesUsedToday, SwipeService, utcDay } from './swipe.service.js';

const member = (userId: string, over: Partial<Candidate> = {}): Candidate => ({
  userId,
  profile: null,
  profileCompleted: true,
  age: 30,
  gender: 'female',
  interestedIn: 'man',
  ageMin: 18,
  ageMax: 99,
  distancePreference: null,
  cell: null,
  userType: 'airline',
  subscriptionStatus: 'inactive',
  demo: false,
  boostUntil: null,
  superLikesUsed: 0,
  superLikesDay: null,
  filters: null,
  visibility: 'everyone',
  showAge: true,
  showDistance: true,
  ...over,
});

/** SwipeService over in-memory stand-ins, with a clock the test moves */
function setup(now: { at: Date }) {
  const me = member('me');
  const others = new Map([['a', member('a')], ['b', member('b')], ['c', member('c')]]);
  const swiped = new Set<string>();
  const candidates = {
    findForUpdate: async () => me,
    find: async (id: string) => others.get(id) ?? null,
    setSuperLikes: async (_: string, used: number, day: string) => Object.assign(me, { superLikesUsed: used, superLikesDay: day }),
    touch: async () => undefined,
  } as unknown as CandidateRepository;
  const swipes = {
    lockPair: async () => undefined,
    insert: async ({ targetId }: { targetId: string }) => !swiped.has(targetId) && !!swiped.add(targetId),
    likes: async () => false,
  } as unknown as SwipeRepository;
  const blocks = { between: async () => false } as unknown as BlockRepository;
  const uow = { run: (work: () => Promise<unknown>) => work() } as unknown as UnitOfWork;
  const events = { emit: async () => undefined } as unknown as DomainEvents;
  const clock: Clock = { now: () => now.at };
  return { service: new SwipeService(candidates, swipes, {} as MatchRepository, blocks, uow, events, clock), me };
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
    expect(utcDay(at)).toBe('2026-11-23');
    expect(superLikesUsedToday({ superLikesUsed: 1, superLikesDay: '2026-11-22' }, at)).toBe(0);
    expect(superLikesUsedToday({ superLikesUsed: 1, superLikesDay: '2026-11-23' }, at)).toBe(1);
  });
});
