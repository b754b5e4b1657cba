import { DomainError, Events, Limits, type NudgesRepeatedEvent } from '@aero/contracts';
import type { DomainEventHandler } from '@aero/common';
import type { EventEnvelope } from '@aero/event-bus';
import { Injectable } from '@nestjs/common';
import { ModerationService } from '../moderation/moderation.service.js';

export const automaticReportDetails = `Sent ${Limits.nudgesBeforeReport} messages anyway after 'Are you sure?' within ${Limits.nudgeWindowHours} hours`;

/** Messages sent anyway after 'Are you sure?', again and again: the app reports the member itself, with those messages. */
@Injectable()
export class ReportMemberWhenNudgesRepeatedHandler implements DomainEventHandler {
  readonly consumer = 'identity.report-member-when-nudges-repeated';
  readonly subjects = [Events.messaging.nudgesRepeated];

  constructor(private readonly moderation: ModerationService) {}

  async handle(event: EventEnvelope) {
    const { userId, messages } = event.payload as NudgesRepeatedEvent;
    try {
      await this.moderation.fileReport({ reporterId: null, reportedId: userId, reason: 'harassment', details: automaticReportDetails, messages });
    } catch (error) {
      // the member has left since: nobody to report
      if (!(error instanceof DomainError && error.status === 404)) throw error;
    }
  }
}
