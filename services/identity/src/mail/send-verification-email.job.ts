import { JobName } from '@aero/contracts';
import { type JobHandler, UnitOfWork, MAILER, SETTINGS } from '@aero/common';
import type { Mailer } from '@aero/ports';
import type { Settings } from '@aero/config';
import { Inject, Injectable } from '@nestjs/common';
import { AccountRepository } from '../accounts/account.repository.js';
import { type VerificationEmailJob, VerificationCodes } from '../registration/verification-codes.js';
import { accountExistsMail, verificationMail } from './mail-templates.js';

/**
 * Issues a fresh code for an unverified account and mails it; unknown addresses get nothing, nor
 * do verified ones, but for a sign-up with their address: their owner is told they have an
 * account, with the sign-in screen and the way to reset the password. Either way their window
 * opens as a code's would (see VerificationCodes).
 */
@Injectable()
export class SendVerificationEmailJob implements JobHandler<VerificationEmailJob> {
  readonly job = JobName.SendVerificationEmail;
  constructor(
    private readonly accounts: AccountRepository,
    private readonly codes: VerificationCodes,
    private readonly uow: UnitOfWork,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(MAILER) private readonly mailer: Mailer,
  ) {}

  async run({ email, reason, language }: VerificationEmailJob) {
    const issued = await this.uow.run(async () => {
      const account = await this.accounts.findByEmailForUpdate(email);
      // an address without an account, or a verified one, gets the window a code would have: verifying answers as for a new code
      if (!account) {
        await this.codes.openAddressWindow(email);
        return null;
      }
      if (account.emailVerified) {
        this.codes.openWindowWithoutCode(account);
        await this.accounts.save(account);
        return reason === 'signup-again' ? { to: account.email, code: null } : null;
      }
      const code = this.codes.issue(account);
      await this.accounts.save(account);
      return { to: account.email, code };
    });
    if (!issued) return;
    const content = issued.code === null ? accountExistsMail(`${this.settings.publicUrl}/auth`, language) : verificationMail(issued.code, language);
    await this.mailer.send({ to: issued.to, ...content });
  }
}
