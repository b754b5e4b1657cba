import { type AccountTypeSetEvent, type ProfileChangedEvent, Rpc, type RpcReply, type SettingsChangedEvent } from '@aero/contracts';
import { UnitOfWork, RPC_CLIENT, type RpcClient } from '@aero/common';
import { Inject, Injectable } from '@nestjs/common';
import { CandidateProjection } from './candidate-projection.js';

const PAGE = 200;

/**
 * Rebuilds the deck's read model from the owners' current state (profiles, settings and identity
 * snapshots, a page at a time), applied like live events: by revision, so it can run while
 * events keep flowing, and again at any time.
 */
@Injectable()
export class RebuildCandidatesService {
  constructor(
    private readonly projection: CandidateProjection,
    private readonly uow: UnitOfWork,
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
  ) {}

  async rebuild(): Promise<{ profiles: number; accounts: number; settings: number }> {
    const profiles = await this.pages(Rpc.profiles.snapshot, (e) => (e as ProfileChangedEvent).userId, (e) => this.projection.applyProfile(e as ProfileChangedEvent));
    const accounts = await this.pages(Rpc.identity.snapshot, (e) => (e as AccountTypeSetEvent).accountId, (e) => this.projection.applyAccount(e as AccountTypeSetEvent));
    const settings = await this.pages(Rpc.profiles.settingsSnapshot, (e) => (e as SettingsChangedEvent).userId, (e) => this.projection.applySettings(e as SettingsChangedEvent));
    return { profiles, accounts, settings };
  }

  private async pages<S extends typeof Rpc.profiles.snapshot | typeof Rpc.identity.snapshot | typeof Rpc.profiles.settingsSnapshot>(subject: S, idOf: (item: RpcReply<S>[number]) => string, apply: (item: RpcReply<S>[number]) => Promise<boolean>) {
    let after: string | undefined;
    let seen = 0;
    for (;;) {
      const page = (await this.rpc.send(subject, { after, limit: PAGE })) as RpcReply<S>;
      if (!page.length) return seen;
      await this.uow.run(async () => {
        for (const item of page) await apply(item);
      });
      seen += page.length;
      after = idOf(page[page.length - 1]);
    }
  }
}
