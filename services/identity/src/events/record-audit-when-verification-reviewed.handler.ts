import { Events } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { ModerationService } from '../moderation/moderation.service.js';

type Handled = typeof Events.profiles.verificationApproved | typeof Events.profiles.verificationRejected;

/** An admin's approval or rejection of an employment document is written to the audit log. */
@Injectable()
export class RecordAuditWhenVerificationReviewedHandler implements DomainEventHandler<Handled> {
  readonly consumer = 'identity.record-audit-when-verification-reviewed';
  readonly subjects = [Events.profiles.verificationApproved, Events.profiles.verificationRejected];

  constructor(private readonly moderation: ModerationService) {}

  async handle(event: DomainEvent<Handled>) {
    const decision = event.subject === Events.profiles.verificationApproved ? 'approved' : 'rejected';
    await this.moderation.recordVerificationReview(decision, event.payload);
  }
}
