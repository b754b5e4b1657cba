import { badRequest, ErrorCodes, JobName, Messages, ServerLimits } from '@aero/contracts';
import { CLOCK, type Clock, JOB_QUEUE } from '@aero/common';
import type { JobQueue } from '@aero/ports';
import { Inject, Injectable } from '@nestjs/common';
import type { Account } from '../accounts/account.js';
import { codeHash, newVerificationCode, sameHash } from '../accounts/secrets.js';

/**
 * The verification mail job carries the address only: the job issues the code itself, so no
 * code ever sits in the job queue (BullMQ keeps finished jobs in Redis). `reason`: a resend (the
 * default), a new account's sign-up, or a sign-up with an address that already has an account
 * (whose owner, when verified, is told so instead).
 */
export interface VerificationEmailJob {
  email: string;
  reason?: VerificationMailReason;
}

export type VerificationMailReason = 'resend' | 'signup' | 'signup-again';

/** Issues, mails and checks the 6-digit email verification codes (single use, 15 min, 5 tries). */
@Injectable()
export class VerificationCodes {
  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** sets a fresh code on the account (the old one dies) and returns it for mailing after commit */
  issue(account: Account): string {
    const code = newVerificationCode();
    account.verificationCodeHash = codeHash(account.id, code);
    account.verificationExpiresAt = new Date(this.clock.now().getTime() + ServerLimits.verificationCodeTtlMinutes * 60_000);
    account.verificationAttempts = 0;
    return code;
  }

  /** asks for a fresh code to be mailed to `email` if it belongs to an unverified account (see VerificationEmailJob) */
  async requestMail(email: string, reason: VerificationMailReason = 'resend') {
    await this.jobs.enqueue<VerificationEmailJob>(JobName.SendVerificationEmail, { email, reason }, { attempts: 5, backoffMs: 2000 });
  }

  /**
   * For a verified account whose address someone signed up with again: the window a code would
   * have (its lifetime, its attempts) with no code in it, so that verifying answers as it would
   * for a new account (wrong, then exhausted or expired) and does not tell the account exists.
   */
  openWindowWithoutCode(account: Account) {
    account.verificationCodeHash = null;
    account.verificationExpiresAt = new Date(this.clock.now().getTime() + ServerLimits.verificationCodeTtlMinutes * 60_000);
    account.verificationAttempts = 0;
  }

  /** throws the spec's message on an expired or exhausted code (or none); counts a wrong attempt */
  check(account: Account, code: string): 'ok' | 'wrong' {
    if (!account.verificationExpiresAt) throw badRequest(Messages.invalidCode, ErrorCodes.invalidCode);
    if (account.verificationAttempts >= ServerLimits.verificationCodeMaxAttempts) throw badRequest(Messages.codeExhausted, ErrorCodes.codeExhausted);
    if (account.verificationExpiresAt.getTime() < this.clock.now().getTime()) throw badRequest(Messages.codeExpired, ErrorCodes.codeExpired);
    if (account.verificationCodeHash && sameHash(account.verificationCodeHash, codeHash(account.id, code))) return 'ok';
    account.verificationAttempts += 1;
    return 'wrong';
  }
}
