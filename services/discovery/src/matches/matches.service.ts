import type { MatchView } from '@aero/contracts';
import { CLOCK, type Clock } from '@aero/common';
import { Inject, Injectable } from '@nestjs/common';
import { CandidateRepository } from '../candidates/candidate.repository.js';
import { MatchRepository } from './match.repository.js';

/** The member's matches (spec §3 match list item), newest first. */
@Injectable()
export class MatchesService {
  constructor(
    private readonly matches: MatchRepository,
    private readonly candidates: CandidateRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list({ userId }: { userId: string }): Promise<MatchView[]> {
    const matches = await this.matches.listForUser(userId);
    const others = matches.map((m) => (m.userIds[0] === userId ? m.userIds[1] : m.userIds[0]));
    const profiles = await this.candidates.profiles(others, this.clock.now());
    return matches.flatMap((m, i) => {
      const p = profiles.get(others[i]);
      if (!p) return [];
      return [
        {
          id: m.id,
          otherUser: { id: others[i], firstName: p.firstName, mainPhoto: p.mainPhoto, position: p.position, airline: p.airline },
          // the conversation's state is messaging's: the gateway fills it in
          hasMessages: false,
          hasUnreadMessages: false,
          createdAt: m.createdAt.toISOString(),
        },
      ];
    });
  }
}
