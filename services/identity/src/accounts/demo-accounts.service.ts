import { type CreateDemoAccountRequest, Events } from '@aero/contracts';
import { CLOCK, type Clock, DomainEvents, UnitOfWork } from '@aero/common';
import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { accountTypeSetEvent } from './account.mapper.js';
import { AccountRepository } from './account.repository.js';
import { PasswordHasher } from './secrets.js';

/**
 * Demo crew accounts for single-node mode: verified, typed, paid up when general, marked `demo`,
 * with a random password nobody knows. Creating one twice changes nothing.
 */
@Injectable()
export class DemoAccountsService {
  /**
   * The password hash of every demo account this process creates: one random password, never
   * kept nor told, hashed once. Nobody can sign in as any of them, as with a password of their
   * own, and the crew's sixty accounts cost one argon2id hash (64 MiB, ~150 ms of CPU) instead of
   * sixty at every first start.
   */
  private lockedPassword?: Promise<string>;

  constructor(
    private readonly accounts: AccountRepository,
    private readonly passwords: PasswordHasher,
    private readonly uow: UnitOfWork,
    private readonly events: DomainEvents,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async create({ accountId, email, userType }: CreateDemoAccountRequest): Promise<{ created: boolean }> {
    if (await this.accounts.findById(accountId)) return { created: false };
    this.lockedPassword ??= this.passwords.hash(randomBytes(24).toString('base64url')).catch((error: unknown) => {
      this.lockedPassword = undefined;
      throw error;
    });
    const passwordHash = await this.lockedPassword;
    return this.uow.run(async () => {
      const now = this.clock.now();
      const account = this.accounts.create({ id: accountId, email, passwordHash, emailVerified: true, userType, subscriptionStatus: userType === 'general' ? 'active' : 'inactive', demo: true, revision: 1, createdAt: now });
      if (!(await this.accounts.insert(account))) return { created: false };
      await this.events.emit(Events.identity.accountTypeSet, accountTypeSetEvent(account, now));
      return { created: true };
    });
  }
}
