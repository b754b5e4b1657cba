import { type CreateDemoAccountRequest, Events } from '@aero/contracts';
import { UnitOfWork } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { accountTypeSetEvent } from '../accounts/account.mapper.js';
import { AccountEntity } from '../accounts/account.orm-entity.js';
import { AccountRepository } from '../accounts/account.repository.js';
import { PasswordHasher } from '../accounts/secrets.js';

/**
 * Demo crew accounts for single-node mode: verified, typed, paid up when general, marked `demo`,
 * with a random password nobody knows. Creating one twice changes nothing.
 */
@Injectable()
export class DemoAccountsService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly passwords: PasswordHasher,
    private readonly uow: UnitOfWork,
  ) {}

  async create({ accountId, email, userType }: CreateDemoAccountRequest): Promise<{ created: boolean }> {
    if (await this.accounts.findById(accountId)) return { created: false };
    const passwordHash = await this.passwords.hash(randomBytes(24).toString('base64url'));
    return this.uow.run(async ({ manager, emit }) => {
      const account = manager.create(AccountEntity, { id: accountId, email, passwordHash, emailVerified: true, userType, subscriptionStatus: userType === 'general' ? 'active' : 'inactive', demo: true });
      if (!(await this.accounts.insert(account, manager))) return { created: false };
      await emit(Events.identity.accountTypeSet, accountTypeSetEvent(account));
      return { created: true };
    });
  }
}
