import { type AccountView, badRequest, type EmailCall, ErrorCodes, Events, isCommonPassword, Messages, type SignupCall, type VerifyRequest } from '@aero/contracts';
import { CLOCK, type Clock, DomainEvents, UnitOfWork, SETTINGS } from '@aero/common';
import type { Settings } from '@aero/config';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AccountStanding } from '../accounts/account-standing.js';
import { toAccountView } from '../accounts/account.mapper.js';
import { AccountRepository } from '../accounts/account.repository.js';
import { PasswordHasher } from '../accounts/secrets.js';
import { ModerationRepository } from '../moderation/moderation.repository.js';
import { VerificationCodes } from './verification-codes.js';

@Injectable()
export class RegistrationService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly codes: VerificationCodes,
    private readonly uow: UnitOfWork,
    private readonly events: DomainEvents,
    private readonly passwords: PasswordHasher,
    private readonly moderation: ModerationRepository,
    private readonly standing: AccountStanding,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * The same answer whether or not the address has an account or is banned (no account probing
   * by answer; the password is hashed on every path): what differs goes to the address's owner by
   * mail. A new address gets its account and a code; one that has an unverified account takes
   * this sign-up's password (for signing in until it is verified), is marked signed up again, and
   * gets a fresh code (the earlier code dies). Its owner is mailed the code whoever signed up, so
   * the code cannot tell which sign-up it confirms: it is confirmed with the password the verifier
   * sends (see verify), never with one someone else chose before or after them. One that has a verified
   * account is told so, with a way to sign in or reset; a banned one gets nothing and never signs
   * up again, nor does one of an account deleted while suspended until the suspension ends. The mail is written in the language the member uses in the app (`mailLanguage`).
   */
  async signup({ email, password, mailLanguage }: SignupCall): Promise<{ success: true }> {
    const passwordHash = await this.passwords.hash(password);
    if (await this.moderation.isEmailBarred(email, this.clock.now())) return { success: true };
    const id = randomUUID();
    const created = await this.uow.run(async () => {
      const account = this.accounts.create({
        id,
        email,
        passwordHash,
        revision: 1,
      });
      if (!(await this.accounts.insert(account))) {
        const taken = await this.accounts.findByEmailForUpdate(email);
        if (taken && !taken.emailVerified) await this.accounts.save({ ...taken, passwordHash, signedUpAgain: true });
        return false;
      }
      await this.events.emit(Events.identity.accountRegistered, { accountId: id, email, revision: 1 });
      return true;
    });
    await this.codes.requestMail(email, created ? 'signup' : 'signup-again', mailLanguage);
    return { success: true };
  }

  /**
   * The right code confirms the address, with the password sent (`password`, the verifier's own
   * sign-up's: the app sends it) or, when none is sent, with the only one it was signed up with. An
   * address signed up again without a password sent is refused (`password_needed`) and its code
   * stays good: the stored password may be someone else's (signed up after its owner, the code
   * mailed to the owner all the same).
   */
  async verify({ email, code, password }: VerifyRequest): Promise<AccountView> {
    // hashed before the row is locked, and whether or not the address has an account (no probing by timing)
    const passwordHash = password === undefined ? null : await this.passwords.hash(password);
    // the address's wrong codes of the day, asked before it is looked up (the answer tells nothing)
    await this.codes.refuseBeyondDailyTries(email);
    const outcome = await this.uow.run(async () => {
      const account = await this.accounts.findByEmailForUpdate(email);
      // an address without an account is answered as an account whose code nobody has (see checkAddress)
      if (!account) {
        await this.codes.checkAddress(email);
        return { wrong: true as const };
      }
      // a wrong attempt must be counted even though the request fails, so it commits. A verified
      // account has no code (every code is wrong, and answered as for a new account: see
      // openWindowWithoutCode). Never a session without the right code.
      if (this.codes.check(account, code) === 'wrong' || account.emailVerified) {
        await this.accounts.save(account);
        return { wrong: true as const };
      }
      if (account.signedUpAgain && password === undefined) return { passwordNeeded: true as const };
      // another password than the stored one is a sign-up's: not a common one (the stored one may
      // predate that rule, and is kept as it is)
      if (password !== undefined && passwordHash !== null && !(await this.passwords.verify(account.passwordHash, password))) {
        if (isCommonPassword(password)) return { tooCommon: true as const };
        account.passwordHash = passwordHash;
      }
      account.signedUpAgain = false;
      account.emailVerified = true;
      account.verificationCodeHash = null;
      account.verificationExpiresAt = null;
      account.verificationAttempts = 0;
      account.revision += 1;
      await this.accounts.save(account);
      await this.events.emit(Events.identity.accountVerified, { accountId: account.id, revision: account.revision });
      return { account };
    });
    if ('wrong' in outcome) {
      await this.codes.countWrongTry(email);
      throw badRequest(Messages.invalidCode, ErrorCodes.invalidCode);
    }
    if ('passwordNeeded' in outcome) throw badRequest(Messages.signUpAgainToConfirm, ErrorCodes.passwordNeeded);
    if ('tooCommon' in outcome) throw badRequest(Messages.passwordTooCommon);
    await this.codes.forgetTries(email);
    // the address is confirmed, but a banned or suspended member gets no session (only with the right code: nobody else learns it)
    await this.standing.refuseRestricted(outcome.account);
    return toAccountView(outcome.account, this.settings.adminEmails);
  }

  /**
   * The same work and answer whether or not the email exists or is already verified (no account
   * probing by answer or timing): the request only queues the job, which looks the address up.
   */
  async resend({ email, mailLanguage }: EmailCall): Promise<{ success: true }> {
    await this.codes.requestMail(email, 'resend', mailLanguage);
    return { success: true };
  }
}
