import { ErrorCodes, type LoginCall, type LoginReply, type LoginRequest, Messages, unauthorized } from '@aero/contracts';
import { SETTINGS } from '@aero/common';
import type { Settings } from '@aero/config';
import { Inject, Injectable } from '@nestjs/common';
import { AccountStanding } from '../accounts/account-standing.js';
import { toAccountView } from '../accounts/account.mapper.js';
import { AccountRepository } from '../accounts/account.repository.js';
import { AccountService } from '../accounts/account.service.js';
import type { Account } from '../accounts/account.js';
import { dummyPasswordHash, PasswordHasher } from '../accounts/secrets.js';
import { VerificationCodes } from '../registration/verification-codes.js';

@Injectable()
export class LoginService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly codes: VerificationCodes,
    private readonly passwords: PasswordHasher,
    private readonly standing: AccountStanding,
    private readonly accountService: AccountService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** Checks the credentials. An unverified account gets a fresh code (in the app's language) and `requiresVerification`. */
  async login({ email, password, mailLanguage }: LoginCall): Promise<LoginReply> {
    const found = await this.withPassword({ email, password });
    // a banned or suspended member is told so (only with the right password: nobody else learns it)
    await this.standing.refuseRestricted(found);

    if (!found.emailVerified) {
      await this.codes.requestMail(found.email, 'resend', mailLanguage);
      return { requiresVerification: true };
    }

    return { requiresVerification: false, account: toAccountView(found, this.settings.adminEmails) };
  }

  /**
   * Deletes the account of these credentials without a session: a banned or suspended member
   * cannot have one, and may still have everything of theirs deleted. A banned address stays on
   * the banned list (an account signed up with it again is refused), a suspended one until the
   * suspension ends (AccountService.delete). An address not confirmed yet is answered as a wrong
   * password: anyone may sign up with it and so set its password (RegistrationService.signup).
   * The password checked must still be the account's when it is deleted: a reset that landed
   * meanwhile makes it a wrong password.
   */
  async deleteWithPassword(credentials: LoginRequest): Promise<{ accountId: string }> {
    const found = await this.withPassword(credentials);
    if (!found.emailVerified) throw unauthorized(Messages.invalidCredentials, ErrorCodes.invalidCredentials);
    await this.accountService.delete({ accountId: found.id }, found.passwordHash);
    return { accountId: found.id };
  }

  /** the account of an email and its password (a missing account costs the same hashing: nobody learns which addresses have one) */
  private async withPassword({ email, password }: LoginRequest): Promise<Account> {
    const found = await this.accounts.findByEmail(email);
    const valid = await this.passwords.verify(found?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!found || !valid) throw unauthorized(Messages.invalidCredentials, ErrorCodes.invalidCredentials);
    return found;
  }
}
