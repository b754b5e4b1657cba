import { type BoostRequest, type BoostView, conflict, Messages, notFound, subscriptionRequired } from '@aero/contracts';
import { CLOCK, type Clock, UnitOfWork } from '@aero/common';
import { Inject, Injectable } from '@nestjs/common';
import { mayDiscover } from '../candidates/candidate.js';
import { CandidateRepository } from '../candidates/candidate.repository.js';

/** Boost: the member's card comes first in every deck it fits, for `duration` minutes; one at a time. */
@Injectable()
export class BoostService {
  constructor(
    private readonly candidates: CandidateRepository,
    private readonly uow: UnitOfWork,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async boost({ userId, duration }: BoostRequest): Promise<BoostView> {
    return this.uow.run(async () => {
      const me = await this.candidates.findForUpdate(userId);
      if (!me?.profileCompleted) throw notFound(Messages.unknownProfile, 'unknown_profile');
      const now = this.clock.now();
      if (!mayDiscover(me, now)) throw subscriptionRequired();
      if (me.boostUntil && me.boostUntil > now) throw conflict(Messages.boostActive, 'boost_active');
      const until = new Date(now.getTime() + duration * 60_000);
      await this.candidates.setBoost(userId, until);
      return { duration, expiresAt: until.toISOString() };
    });
  }
}
