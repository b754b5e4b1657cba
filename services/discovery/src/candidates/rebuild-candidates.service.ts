import { type AccountTypeSetEvent, type ProfileChangedEvent, Rpc, type RpcReply, type SettingsChangedEvent, type SnapshotPageRequest } from '@aero/contracts';
import { UnitOfWork, RPC_CLIENT, type RpcClient } from '@aero/common';
import { Inject, Injectable } from '@nestjs/common';
import { CandidateProjection } from './candidate-projection.js';

const PAGE = 200;

type SnapshotSubject = typeof Rpc.profiles.snapshot | typeof Rpc.identity.snapshot | typeof Rpc.profiles.settingsSnapshot;
type Snapshot = RpcReply<SnapshotSubject>;

/** one owner's part of the read model: where its snapshot comes from, whose an item is, how it is applied */
interface Part {
  subject: SnapshotSubject;
  idOf(item: Snapshot[number]): string;
  apply(item: Snapshot[number]): Promise<boolean>;
}

/**
 * Rebuilds the deck's read model from the owners' current state (profiles, settings and identity
 * snapshots, a page at a time), applied like live events: by revision, so it can run while
 * events keep flowing, and again at any time. Catches up on one member the same way.
 */
@Injectable()
export class RebuildCandidatesService {
  private readonly parts: { profiles: Part; accounts: Part; settings: Part } = {
    profiles: { subject: Rpc.profiles.snapshot, idOf: (e) => (e as ProfileChangedEvent).userId, apply: (e) => this.projection.applyProfile(e as ProfileChangedEvent) },
    accounts: { subject: Rpc.identity.snapshot, idOf: (e) => (e as AccountTypeSetEvent).accountId, apply: (e) => this.projection.applyAccount(e as AccountTypeSetEvent) },
    settings: { subject: Rpc.profiles.settingsSnapshot, idOf: (e) => (e as SettingsChangedEvent).userId, apply: (e) => this.projection.applySettings(e as SettingsChangedEvent) },
  };

  constructor(
    private readonly projection: CandidateProjection,
    private readonly uow: UnitOfWork,
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
  ) {}

  async rebuild(): Promise<{ profiles: number; accounts: number; settings: number }> {
    const profiles = await this.pages(this.parts.profiles);
    const accounts = await this.pages(this.parts.accounts);
    const settings = await this.pages(this.parts.settings);
    return { profiles, accounts, settings };
  }

  /**
   * One member's current state from the owners (a single-member snapshot of each part), applied
   * in one unit of work: for a member whose events have not reached discovery yet (a deck asked
   * right after the profile was created). By revision like the rebuild, so an older state changes
   * nothing and a later live event still applies.
   */
  async catchUp(userId: string): Promise<void> {
    const parts = Object.values(this.parts);
    const snapshots = await Promise.all(parts.map((part) => this.snapshot(part, { userId, limit: 1 })));
    await this.apply(parts.flatMap((part, i) => snapshots[i].map((item) => () => part.apply(item))));
  }

  private async pages(part: Part) {
    let after: string | undefined;
    let seen = 0;
    for (;;) {
      const page = await this.snapshot(part, { after, limit: PAGE });
      if (!page.length) return seen;
      await this.apply(page.map((item) => () => part.apply(item)));
      seen += page.length;
      after = part.idOf(page[page.length - 1]);
    }
  }

  private async snapshot(part: Part, request: SnapshotPageRequest): Promise<Snapshot> {
    return (await this.rpc.send(part.subject, request)) as Snapshot;
  }

  /** in one unit of work, one after the other */
  private apply(steps: (() => Promise<boolean>)[]) {
    return this.uow.run(async () => {
      for (const step of steps) await step();
    });
  }
}
