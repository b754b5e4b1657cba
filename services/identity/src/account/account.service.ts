import { type AccountIdRequest, type AccountView, Events, notFound, type SetUserTypeRequest, type UserIdsRequest } from '@aero/contracts';
import { RUNTIME, type ServiceRuntime, UnitOfWork } from '@aero/common';
import { Inject, Injectable } from '@nestjs/common';
import { accountTypeSetEvent, toAccountView } from '../accounts/account.mapper.js';
import type { AccountEntity } from '../accounts/account.orm-entity.js';
import { AccountRepository } from '../accounts/account.repository.js';

@Injectable()
export class AccountService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly uow: UnitOfWork,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
  ) {}

  private view = (account: AccountEntity) => toAccountView(account, this.runtime.settings.adminEmails);

  async get({ accountId }: AccountIdRequest): Promise<AccountView> {
    const account = await this.accounts.findById(accountId);
    if (!account) throw notFound('Account not found', 'account_not_found');
    return this.view(account);
  }

  async getMany({ userIds }: UserIdsRequest): Promise<AccountView[]> {
    if (!userIds.length) return [];
    return (await this.accounts.findByIds([...new Set(userIds)])).map(this.view);
  }

  /** `airline_employee` is stored as `airline` (spec §1: both are airline staff). */
  async setUserType({ accountId, userType }: SetUserTypeRequest): Promise<AccountView> {
    const type = userType === 'general' ? 'general' : 'airline';
    return this.uow.run(async ({ manager, emit }) => {
      const account = await this.accounts.findById(accountId, manager);
      if (!account) throw notFound('Account not found', 'account_not_found');
      const changed = account.userType !== type;
      account.userType = type;
      await this.accounts.save(account, manager);
      if (changed) await emit(Events.identity.accountTypeSet, accountTypeSetEvent(account));
      return this.view(account);
    });
  }

  /** Deletes the account; `identity.account.deleted` tells every other service to forget the user. */
  async delete({ accountId }: AccountIdRequest): Promise<{ deleted: true }> {
    await this.uow.run(async ({ manager, emit }) => {
      const account = await this.accounts.findById(accountId, manager);
      if (!account) throw notFound('Account not found', 'account_not_found');
      await this.accounts.delete(accountId, manager);
      await emit(Events.identity.accountDeleted, { accountId });
    });
    return { deleted: true };
  }
}
