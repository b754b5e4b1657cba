import { Events } from '@aero/contracts';
import { DomainEvents, type DomainEvent, type DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { BlockRepository } from '../blocks/block.repository.js';
import { CandidateRepository } from '../candidates/candidate.repository.js';
import { LayoverRepository } from '../layovers/layover.repository.js';
import { MatchRepository } from '../matches/match.repository.js';
import { ProfileViewRepository } from '../profile-views/profile-view.repository.js';
import { SwipeRepository } from '../swipes/swipe.repository.js';

/**
 * A deleted account leaves every deck, match list and who-viewed-me at once, with its likes, passes,
 * views, blocks, matches and layover. Its row goes first: a like on it under way (which holds the
 * row, see CandidateRepository.findPair) ends before, so its match goes too. Each match ends as an
 * unmatch does (`discovery.match.ended`): the partner's open conversation and match list hear of it.
 */
@Injectable()
export class ForgetMemberWhenAccountDeletedHandler implements DomainEventHandler<typeof Events.identity.accountDeleted> {
  readonly consumer = 'discovery.forget-member-when-account-deleted';
  readonly subjects = [Events.identity.accountDeleted];

  constructor(
    private readonly candidates: CandidateRepository,
    private readonly swipes: SwipeRepository,
    private readonly matches: MatchRepository,
    private readonly views: ProfileViewRepository,
    private readonly blocks: BlockRepository,
    private readonly layovers: LayoverRepository,
    private readonly events: DomainEvents,
  ) {}

  async handle(event: DomainEvent<typeof Events.identity.accountDeleted>) {
    const { accountId } = event.payload;
    await this.candidates.delete(accountId);
    await this.swipes.deleteAllOf(accountId);
    const ended = await this.matches.deleteAllOf(accountId);
    if (ended.length) await this.events.emitMany(Events.discovery.matchEnded, ended.map((m) => ({ payload: { matchId: m.id, userIds: m.userIds, reason: 'account_deleted' as const, endedBy: accountId } })));
    await this.views.deleteAllOf(accountId);
    await this.blocks.deleteAllOf(accountId);
    await this.layovers.deleteAllOf(accountId);
  }
}
