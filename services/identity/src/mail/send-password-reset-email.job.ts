import { JobName, ServerLimits } from '@aero/contracts';
import { CLOCK, type Clock, type JobHandler, UnitOfWork, SETTINGS, MAILER } from '@aero/common';
import type { Mailer } from '@aero/ports';
import type { Settings } from '@aero/config';
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
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async run({ email, language }: PasswordResetEmailJob) {
    const issued = await this.uow.run(async () => {
      const account = await this.accounts.findByEmailForUpdate(email);
      if (!account) return null;
      const token = newResetToken();
      account.resetTokenHash = sha256(token);
      account.resetExpiresAt = new Date(this.clock.now().getTime() + ServerLimits.resetTokenTtlMinutes * 60_000);
      await this.accounts.save(account);
      return { to: account.email, token };
    });
    if (!issued) return;
    const link = `${this.settings.publicUrl}/reset-password?token=${encodeURIComponent(issued.token)}`;
    await this.mailer.send({ to: issued.to, ...passwordResetMail(link, language) });
  }
}
