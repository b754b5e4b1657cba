import { JobName } from '@aero/contracts';
import { type JobHandler, UnitOfWork, MAILER } from '@aero/common';
import type { Mailer } from '@aero/ports';
import { Inject, Injectable } from '@nestjs/common';
import { AccountRepository } from '../accounts/account.repository.js';
import { type VerificationEmailJob, VerificationCodes } from '../registration/verification-codes.js';
import { verificationMail } from './mail-templates.js';

/** Issues a fresh code for an unverified account and mails it; unknown or verified addresses get nothing. */
@Injectable()
export class SendVerificationEmailJob implements JobHandler<VerificationEmailJob> {
  readonly job = JobName.SendVerificationEmail;
  constructor(
    private readonly accounts: AccountRepository,
    private readonly codes: VerificationCodes,
    private readonly uow: UnitOfWork,
    @Inject(MAILER) private readonly mailer: Mailer,
  ) {}

  async run({ email }: VerificationEmailJob) {
    const issued = await this.uow.run(async () => {
      const account = await this.accounts.findByEmailForUpdate(email);
      if (!account || account.emailVerified) return null;
      const code = this.codes.issue(account);
      await this.accounts.save(account);
      return { to: account.email, code };
    });
    if (issued) await this.mailer.send({ to: issued.to, ...verificationMail(issued.code) });
  }
}
