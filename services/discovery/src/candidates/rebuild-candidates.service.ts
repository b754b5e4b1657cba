import { type AccountTypeSetEvent, type ProfileChangedEvent, Rpc } from '@aero/contracts';
import { RUNTIME, type ServiceRuntime, type Transaction, UnitOfWork } from '@aero/common';
import { Inject, Injectable } from '@nestjs/common';
import { CandidateProjection } from './candidate-projection.js';

const PAGE = 200;

/**
 * Rebuilds the deck's read model from the owners' current state (profiles and identity
 * snapshots, a page at a time), applied like live events: by revision, so it can run while
 * events keep flowing, and again at any time.
 */
@Injectable()
export class RebuildCandidatesService {
  constructor(
    private readonly projection: CandidateProjection,
    private readonly uow: UnitOfWork,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
  ) {}

  async rebuild(): Promise<{ profiles: number; accounts: number }> {
    const profiles = await this.pages<ProfileChangedEvent>(Rpc.profiles.snapshot, (e) => e.userId, (e, m) => this.projection.applyProfile(e, m));
    const accounts = await this.pages<AccountTypeSetEvent>(Rpc.identity.snapshot, (e) => e.accountId, (e, m) => this.projection.applyAccount(e, m));
    return { profiles, accounts };
  }

  private async pages<T>(subject: string, idOf: (item: T) => string, apply: (item: T, tx: Transaction) => Promise<boolean>) {
    let after: string | undefined;
    let seen = 0;
    for (;;) {
      const page = await this.runtime.rpc.send<T[]>(subject, { after, limit: PAGE });
      if (!page.length) return seen;
      await this.uow.run(async ({ manager }) => {
        for (const item of page) await apply(item, manager);
      });
      seen += page.length;
      after = idOf(page[page.length - 1]);
    }
  }
}
