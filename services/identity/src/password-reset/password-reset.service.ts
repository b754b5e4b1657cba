import { badRequest, type EmailRequest, JobName, Limits, Messages, type ResetPasswordRequest } from '@aero/contracts';
import { RUNTIME, type ServiceRuntime, UnitOfWork } from '@aero/common';
import { Inject, Injectable } from '@nestjs/common';
import { AccountRepository } from '../accounts/account.repository.js';
import { hashPassword, newResetToken, sha256 } from '../accounts/secrets.js';

export interface PasswordResetEmailJob {
  email: string;
  token: string;
}

@Injectable()
export class PasswordResetService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly uow: UnitOfWork,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
  ) {}

  /** Same answer whether or not the email exists. The token is stored only as a hash. */
  async forgot({ email }: EmailRequest): Promise<{ success: true }> {
    const token = await this.uow.run(async ({ manager }) => {
      const account = await this.accounts.findByEmailForUpdate(email, manager);
      if (!account) return null;
      const issued = newResetToken();
      account.resetTokenHash = sha256(issued);
      account.resetExpiresAt = new Date(Date.now() + Limits.resetTokenTtlMinutes * 60_000);
      await this.accounts.save(account, manager);
      return issued;
    });
    if (token) await this.runtime.jobs.enqueue<PasswordResetEmailJob>(JobName.SendPasswordResetEmail, { email, token }, { attempts: 5, backoffMs: 2000 });
    return { success: true };
  }

  /** Single use; answers the account id so the gateway can revoke every session of it. */
  async reset({ token, password }: ResetPasswordRequest): Promise<{ accountId: string }> {
    const passwordHash = await hashPassword(password);
    return this.uow.run(async ({ manager }) => {
      const account = await this.accounts.findByResetTokenHashForUpdate(sha256(token), manager);
      if (!account || !account.resetExpiresAt || account.resetExpiresAt.getTime() < Date.now()) {
        throw badRequest(Messages.resetLinkInvalid, 'invalid_reset_token');
      }
      account.passwordHash = passwordHash;
      account.resetTokenHash = null;
      account.resetExpiresAt = null;
      // following the emailed link proves the mailbox
      account.emailVerified = true;
      await this.accounts.save(account, manager);
      return { accountId: account.id };
    });
  }
}
