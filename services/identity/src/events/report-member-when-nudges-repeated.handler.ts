import { DomainError, Events, ServerLimits } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { ModerationService } from '../moderation/moderation.service.js';

export const automaticReportDetails = `Sent ${ServerLimits.nudgesBeforeReport} messages anyway after 'Are you sure?' within ${ServerLimits.nudgeWindowHours} hours`;

/** Messages sent anyway after 'Are you sure?', again and again: the app reports the member itself, with those messages. */
@Injectable()
export class ReportMemberWhenNudgesRepeatedHandler implements DomainEventHandler<typeof Events.messaging.nudgesRepeated> {
  readonly consumer = 'identity.report-member-when-nudges-repeated';
  readonly subjects = [Events.messaging.nudgesRepeated];

  constructor(private readonly moderation: ModerationService) {}

  async handle(event: DomainEvent<typeof Events.messaging.nudgesRepeated>) {
    const { userId, messages } = event.payload;
    try {
      await this.moderation.fileReport({ reporterId: null, reportedId: userId, reason: 'harassment', details: automaticReportDetails, messages });
    } catch (error) {
      // the member has left since: nobody to report
      if (!(error instanceof DomainError && error.status === 404)) throw error;
    }
  }
}
