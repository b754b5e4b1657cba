import { badRequest, type ChangePasswordRequest, type EmailCall, ErrorCodes, JobName, type Language, Messages, notFound, type ResetPasswordRequest } from '@aero/contracts';
import { CLOCK, type Clock, UnitOfWork, JOB_QUEUE } from '@aero/common';
import type { JobQueue } from '@aero/ports';
import { Inject, Injectable } from '@nestjs/common';
import type { Account } from '../accounts/account.js';
import { AccountRepository } from '../accounts/account.repository.js';
import { PasswordHasher, sha256 } from '../accounts/secrets.js';

/**
 * The reset mail job carries the address and the language the member used in the app (the mail
 * is written in it; absent: English); the job issues the token (never in the queue).
 */
export interface PasswordResetEmailJob {
  email: string;
  language?: Language;
}

const usable = (account: Account | null, now: Date): account is Account =>
  !!account && !!account.resetExpiresAt && account.resetExpiresAt.getTime() >= now.getTime();

@Injectable()
export class PasswordResetService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly uow: UnitOfWork,
    private readonly passwords: PasswordHasher,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * The same work and answer whether or not the email exists (no probing by answer or timing):
   * the request only queues the job, which looks the address up.
   */
  async forgot({ email, mailLanguage }: EmailCall): Promise<{ success: true }> {
    await this.jobs.enqueue<PasswordResetEmailJob>(JobName.SendPasswordResetEmail, { email, ...(mailLanguage ? { language: mailLanguage } : {}) }, { attempts: 5, backoffMs: 2000 });
    return { success: true };
  }

  /**
   * Single use; answers the account id so the gateway can revoke every session of it. The token
   * is checked before the new password is hashed, so an unknown token costs no argon2 run.
   */
  async reset({ token, password }: ResetPasswordRequest): Promise<{ accountId: string }> {
    const tokenHash = sha256(token);
    if (!usable(await this.accounts.findByResetTokenHash(tokenHash), this.clock.now())) throw badRequest(Messages.resetLinkInvalid, ErrorCodes.invalidResetToken);
    const passwordHash = await this.passwords.hash(password);
    return this.uow.run(async () => {
      // checked again under the row lock: two resets racing with the same token, one wins
      const account = await this.accounts.findByResetTokenHashForUpdate(tokenHash);
      if (!usable(account, this.clock.now())) throw badRequest(Messages.resetLinkInvalid, ErrorCodes.invalidResetToken);
      account.passwordHash = passwordHash;
      account.resetTokenHash = null;
      account.resetExpiresAt = null;
      // following the emailed link proves the mailbox, and the password is the one who followed it's
      account.emailVerified = true;
      account.signedUpAgain = false;
      await this.accounts.save(account);
      return { accountId: account.id };
    });
  }

  /**
   * Signed-in change: the current password is required; an outstanding reset link dies with the
   * old password; the gateway then ends the other sessions. The password checked must still be the
   * account's under the row lock: a reset (or another change) that landed while the new one was
   * being hashed wins, and the one who knew only the password it replaced changes nothing.
   */
  async change({ accountId, currentPassword, newPassword }: ChangePasswordRequest): Promise<{ accountId: string }> {
    const account = await this.accounts.findById(accountId);
    if (!account) throw notFound(Messages.accountNotFound, ErrorCodes.accountNotFound);
    if (!(await this.passwords.verify(account.passwordHash, currentPassword))) throw badRequest(Messages.currentPasswordWrong, ErrorCodes.wrongPassword);
    if (currentPassword === newPassword) throw badRequest(Messages.passwordUnchanged, ErrorCodes.passwordUnchanged);
    const passwordHash = await this.passwords.hash(newPassword);
    await this.uow.run(async () => {
      const locked = await this.accounts.findByIdForUpdate(accountId);
      if (!locked) throw notFound(Messages.accountNotFound, ErrorCodes.accountNotFound);
      if (locked.passwordHash !== account.passwordHash) throw badRequest(Messages.currentPasswordWrong, ErrorCodes.wrongPassword);
      locked.passwordHash = passwordHash;
      // a reset link asked for before the change no longer replaces the new password
      locked.resetTokenHash = null;
      locked.resetExpiresAt = null;
      await this.accounts.save(locked);
    });
    return { accountId };
  }
}
