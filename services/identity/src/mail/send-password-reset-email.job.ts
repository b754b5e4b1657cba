import { JobName, Limits } from '@aero/contracts';
import { type JobHandler, RUNTIME, type ServiceRuntime, UnitOfWork } from '@aero/common';
import { Inject, Injectable } from '@nestjs/common';
import { AccountRepository } from '../accounts/account.repository.js';
import { newResetToken, sha256 } from '../accounts/secrets.js';
import type { PasswordResetEmailJob } from '../password-reset/password-reset.service.js';
import { passwordResetMail } from './mail-templates.js';

/** Issues a reset token (stored as a hash) for a known address and mails the link; unknown addresses get nothing. */
@Injectable()
export class SendPasswordResetEmailJob implements JobHandler<PasswordResetEmailJob> {
  readonly job = JobName.SendPasswordResetEmail;
  constructor(
    private readonly accounts: AccountRepository,
    private readonly uow: UnitOfWork,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
  ) {}

  async run({ email }: PasswordResetEmailJob) {
    const issued = await this.uow.run(async () => {
      const account = await this.accounts.findByEmailForUpdate(email);
      if (!account) return null;
      const token = newResetToken();
      account.resetTokenHash = sha256(token);
      account.resetExpiresAt = new Date(Date.now() + Limits.resetTokenTtlMinutes * 60_000);
      await this.accounts.save(account);
      return { to: account.email, token };
    });
    if (!issued) return;
    const link = `${this.runtime.settings.publicUrl}/reset-password?token=${encodeURIComponent(issued.token)}`;
    await this.runtime.mailer.send({ to: issued.to, ...passwordResetMail(link) });
  }
}
