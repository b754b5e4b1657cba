import { type AccountIdRequest, type AccountTypeSetEvent, ErrorCodes, Messages, type SnapshotPageRequest, type SubscriptionChangedEvent, type AccountView, Events, notFound, type SetUserTypeRequest, unauthorized, type UserIdsRequest } from '@aero/contracts';
import { CLOCK, type Clock, DomainEvents, UnitOfWork, SETTINGS } from '@aero/common';
import type { Settings } from '@aero/config';
import { Inject, Injectable } from '@nestjs/common';
import { accountTypeSetEvent, toAccountView } from './account.mapper.js';
import type { Account } from './account.js';
import { AccountRepository } from './account.repository.js';
import { ModerationRepository } from '../moderation/moderation.repository.js';

@Injectable()
export class AccountService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly moderation: ModerationRepository,
    private readonly uow: UnitOfWork,
    private readonly events: DomainEvents,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private view = (account: Account) => toAccountView(account, this.settings.adminEmails);

  async get({ accountId }: AccountIdRequest): Promise<AccountView> {
    const account = await this.accounts.findById(accountId);
    if (!account) throw notFound(Messages.accountNotFound, ErrorCodes.accountNotFound);
    return this.view(account);
  }

  /** the current state of every typed account (or of `userId`'s), a page at a time, as its type-set event carries it */
  async snapshot({ after, limit, userId }: SnapshotPageRequest): Promise<AccountTypeSetEvent[]> {
    const now = this.clock.now();
    return (await this.accounts.typedPage(after, limit, userId)).map((account) => accountTypeSetEvent(account, now));
  }

  async getMany({ userIds }: UserIdsRequest): Promise<AccountView[]> {
    if (!userIds.length) return [];
    return (await this.accounts.findByIds([...new Set(userIds)])).map(this.view);
  }

  /** `airline_employee` is stored as `airline` (spec §1: both are airline staff). */
  async setUserType({ accountId, userType }: SetUserTypeRequest): Promise<AccountView> {
    const type = userType === 'general' ? 'general' : 'airline';
    return this.uow.run(async () => {
      const account = await this.accounts.findByIdForUpdate(accountId);
      if (!account) throw notFound(Messages.accountNotFound, ErrorCodes.accountNotFound);
      const changed = account.userType !== type;
      account.userType = type;
      if (changed) account.revision += 1;
      await this.accounts.save(account);
      if (changed) await this.events.emit(Events.identity.accountTypeSet, accountTypeSetEvent(account, this.clock.now()));
      return this.view(account);
    });
  }

  /**
   * Mirrors billing's subscription onto the account (spec §3 subscriptionStatus and
   * subscriptionExpiresAt); an older change arriving after a newer one changes nothing. Other
   * services hear of it (`identity.account.subscription-changed`): the deck shows paying members only.
   */
  async mirrorSubscription({ accountId, status, expiresAt, revision }: SubscriptionChangedEvent): Promise<void> {
    await this.uow.run(async () => {
      const account = await this.accounts.findByIdForUpdate(accountId);
      if (!account || revision <= account.subscriptionRevision) return;
      account.subscriptionRevision = revision;
      account.subscriptionExpiresAt = expiresAt ? new Date(expiresAt) : null;
      const changed = account.subscriptionStatus !== status;
      account.subscriptionStatus = status;
      if (changed) account.revision += 1;
      await this.accounts.save(account);
      if (changed && account.userType) await this.events.emit(Events.identity.subscriptionChanged, accountTypeSetEvent(account, this.clock.now()));
    });
  }

  /**
   * Deletes the account; `identity.account.deleted` tells every other service to forget the user.
   * A suspended account's address is kept until its suspension ends: signing up again with it does
   * not end the suspension early. With `checkedPasswordHash` (deleting by password), the account
   * is deleted only while that is still its password.
   */
  async delete({ accountId }: AccountIdRequest, checkedPasswordHash?: string): Promise<{ deleted: true }> {
    await this.uow.run(async () => {
      const account = await this.accounts.findByIdForUpdate(accountId);
      if (!account) throw notFound(Messages.accountNotFound, ErrorCodes.accountNotFound);
      if (checkedPasswordHash !== undefined && account.passwordHash !== checkedPasswordHash) throw unauthorized(Messages.invalidCredentials, ErrorCodes.invalidCredentials);
      const now = this.clock.now();
      if (account.suspendedUntil && account.suspendedUntil > now) await this.moderation.keepSuspendedEmail(account.email, account.suspendedUntil, now);
      await this.accounts.delete(accountId);
      await this.events.emit(Events.identity.accountDeleted, { accountId, revision: account.revision + 1 });
    });
    return { deleted: true };
  }
}
