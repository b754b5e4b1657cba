import { Events, type VerificationReviewedEvent } from '@aero/contracts';
import type { DomainEventHandler } from '@aero/common';
import type { EventEnvelope } from '@aero/event-bus';
import { Injectable } from '@nestjs/common';
import { ModerationService } from '../moderation/moderation.service.js';

/** An admin's approval or rejection of an employment document is written to the audit log. */
@Injectable()
export class RecordAuditWhenVerificationReviewedHandler implements DomainEventHandler {
  readonly consumer = 'identity.record-audit-when-verification-reviewed';
  readonly subjects = [Events.profiles.verificationApproved, Events.profiles.verificationRejected];

  constructor(private readonly moderation: ModerationService) {}

  async handle(event: EventEnvelope) {
    const decision = event.subject === Events.profiles.verificationApproved ? 'approved' : 'rejected';
    await this.moderation.recordVerificationReview(decision, event.payload as VerificationReviewedEvent);
  }
}
