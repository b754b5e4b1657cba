import { type BoostRequest, type BoostStateView, type BoostView, type DiscoveryUserRequest, conflict, ErrorCodes, Messages, notFound, ServerLimits, subscriptionRequired, withNumber } from '@aero/contracts';
import { CLOCK, type Clock, UnitOfWork } from '@aero/common';
import { Inject, Injectable } from '@nestjs/common';
import { mayDiscover } from '../candidates/candidate.js';
import { CandidateRepository } from '../candidates/candidate.repository.js';

const HOUR_MS = 3600_000;

/**
 * Boost: the member's card comes first in every deck it fits, for `duration` minutes; one at a
 * time, and a new one only `ServerLimits.boostCooldownHours` after the last one started.
 */
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
      if (!me?.profileCompleted) throw notFound(Messages.unknownProfile, ErrorCodes.unknownProfile);
      const now = this.clock.now();
      if (!mayDiscover(me, now)) throw subscriptionRequired();
      if (me.boostUntil && me.boostUntil > now) throw conflict(Messages.boostActive, ErrorCodes.boostActive);
      const waitMs = (me.boostStartedAt?.getTime() ?? -Infinity) + ServerLimits.boostCooldownHours * HOUR_MS - now.getTime();
      if (waitMs > 0) throw conflict(withNumber(Messages.boostCooldown, Math.ceil(waitMs / HOUR_MS)), ErrorCodes.boostCooldown);
      const until = new Date(now.getTime() + duration * 60_000);
      await this.candidates.setBoost(userId, now, until);
      return { duration, expiresAt: until.toISOString() };
    });
  }

  /** the member's boost on now, if any (the device that started it may be another); none for one who may not discover (it shows in no deck) */
  async state({ userId }: DiscoveryUserRequest): Promise<BoostStateView> {
    const me = await this.candidates.find(userId);
    if (!me?.profileCompleted) throw notFound(Messages.unknownProfile, ErrorCodes.unknownProfile);
    const now = this.clock.now();
    const on = me.boostUntil && me.boostUntil > now && mayDiscover(me, now) ? me.boostUntil : null;
    return { expiresAt: on ? on.toISOString() : null, secondsLeft: on ? Math.ceil((on.getTime() - now.getTime()) / 1000) : 0 };
  }
}
