import { CLOCK, type Clock } from '@aero/common';
import { ErrorCodes, forbidden, Messages } from '@aero/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { ModerationRepository } from '../moderation/moderation.repository.js';
import { restrictionOf } from './account.mapper.js';
import type { Account } from './account.js';

/**
 * Whether an account may have a session (signing in, confirming its code): a banned or suspended
 * one is told so. A banned address bans every account that has it, including one signed up with it
 * while the ban was being decided (the sign-up's own check could not see it yet), and so does the
 * address of an account deleted while suspended, until the suspension ends.
 */
@Injectable()
export class AccountStanding {
  constructor(
    private readonly moderation: ModerationRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async refuseRestricted(account: Pick<Account, 'email' | 'bannedAt' | 'suspendedUntil'>): Promise<void> {
    const restriction = restrictionOf(account, this.clock.now());
    if (restriction?.kind === 'banned' || (await this.moderation.isEmailBarred(account.email, this.clock.now()))) throw forbidden(Messages.accountBanned, ErrorCodes.accountBanned);
    if (restriction?.kind === 'suspended') throw forbidden(Messages.accountSuspended, ErrorCodes.accountSuspended);
  }
}
