import { Events } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { ModerationService } from '../moderation/moderation.service.js';

/**
 * A deleted account's reports, made or received, leave the decided cases (the privacy policy keeps
 * them only until the moderators decide). Heard after the deletion committed: a decision under way
 * then either went first (and is seen here) or sees the account gone (ModerationRepository.decide).
 */
@Injectable()
export class ForgetReportsWhenAccountDeletedHandler implements DomainEventHandler<typeof Events.identity.accountDeleted> {
  readonly consumer = 'identity.forget-reports-when-account-deleted';
  readonly subjects = [Events.identity.accountDeleted];

  constructor(private readonly moderation: ModerationService) {}

  async handle(event: DomainEvent<typeof Events.identity.accountDeleted>) {
    await this.moderation.forgetDeparted(event.payload.accountId);
  }
}
