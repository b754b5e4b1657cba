import { Events } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { MemberDirectoryRepository } from '../notifications/member-directory.repository.js';
import { NotificationsService } from '../notifications/notifications.service.js';

type Handled = typeof Events.discovery.memberBlocked | typeof Events.discovery.memberUnblocked;

/**
 * A block: what either was told about the other disappears, and nothing more is told while it
 * lasts (an event already on its way included). Unblocking lets new ones through again. Blocks and
 * unblocks count in the order they happened (their events' time), whatever order they come in.
 */
@Injectable()
export class ForgetPairWhenMemberBlockedHandler implements DomainEventHandler<Handled> {
  readonly consumer = 'notifications.forget-pair-when-member-blocked';
  readonly subjects = [Events.discovery.memberBlocked, Events.discovery.memberUnblocked];

  constructor(
    private readonly directory: MemberDirectoryRepository,
    private readonly notifications: NotificationsService,
  ) {}

  /** every block's pair lock of a batch, in one statement (see DomainEventHandler.lockMany): handled one by one in a transaction, two batches would take them in their events' orders */
  lockMany(events: DomainEvent<Handled>[]) {
    return this.notifications.lockPairs(
      events.flatMap((event) => (event.subject === Events.discovery.memberBlocked ? [[event.payload.blockerId, event.payload.blockedId] as const] : [])),
    );
  }

  async handle(event: DomainEvent<Handled>) {
    const { blockerId, blockedId } = event.payload;
    // in the order they happened, not the order they come in: a block older than the pair's last unblock changes nothing
    const at = new Date(event.occurredAt);
    if (event.subject === Events.discovery.memberUnblocked) return void (await this.directory.unblock(blockerId, blockedId, at));
    // the pair's lock the like and match handlers hold: what they store at the same time sees the block once it is kept, or is removed by it
    await this.notifications.lockPairs([[blockerId, blockedId]]);
    if (await this.directory.block(blockerId, blockedId, at)) await this.notifications.removeBetween(blockerId, blockedId);
  }
}
