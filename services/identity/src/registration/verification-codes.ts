import { badRequest, ErrorCodes, JobName, type Language, Messages, ServerLimits } from '@aero/contracts';
import { CLOCK, type Clock, JOB_QUEUE, KEY_VALUE } from '@aero/common';
import type { JobQueue, KeyValueStore } from '@aero/ports';
import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Account } from '../accounts/account.js';
import { codeHash, newVerificationCode, sameHash } from '../accounts/secrets.js';

/**
 * The verification mail job carries the address only: the job issues the code itself, so no
 * code ever sits in the job queue (BullMQ keeps finished jobs in Redis). `reason`: a resend (the
 * default), a new account's sign-up, or a sign-up with an address that already has an account
 * (whose owner, when verified, is told so instead). `language`: the one the member used in the app
 * when they asked for the mail, which is written in it (absent: English).
 */
export interface VerificationEmailJob {
  email: string;
  reason?: VerificationMailReason;
  language?: Language;
}

export type VerificationMailReason = 'resend' | 'signup' | 'signup-again';

const codeTtlMs = ServerLimits.verificationCodeTtlMinutes * 60_000;
const keepSeconds = ServerLimits.addressVerificationWindowKeepHours * 3600;
const addressHash = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('hex');
const exhausted = () => badRequest(Messages.codeExhausted, ErrorCodes.codeExhausted);
const expired = () => badRequest(Messages.codeExpired, ErrorCodes.codeExpired);

/**
 * Issues, mails and checks the 6-digit email verification codes (single use, 15 min, 5 tries; an
 * address's wrong codes 30 a day in all).
 * Verifying answers the same whether or not the address has an account, or a code: an address
 * without a code (none, or a verified account's) has a window a code would have, with no code in it.
 */
@Injectable()
export class VerificationCodes {
  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(KEY_VALUE) private readonly kv: KeyValueStore,
  ) {}

  /** sets a fresh code on the account (the old one dies) and returns it for mailing after commit */
  issue(account: Account): string {
    const code = newVerificationCode();
    account.verificationCodeHash = codeHash(account.id, code);
    account.verificationExpiresAt = new Date(this.clock.now().getTime() + codeTtlMs);
    account.verificationAttempts = 0;
    return code;
  }

  /** asks for a fresh code to be mailed to `email` if it belongs to an unverified account (see VerificationEmailJob) */
  async requestMail(email: string, reason: VerificationMailReason = 'resend', language?: Language) {
    await this.jobs.enqueue<VerificationEmailJob>(JobName.SendVerificationEmail, { email, reason, ...(language ? { language } : {}) }, { attempts: 5, backoffMs: 2000 });
  }

  /**
   * For a verified account whose address someone signed up with again: the window a code would
   * have (its lifetime, its attempts) with no code in it, so that verifying answers as it would
   * for a new account (wrong, then exhausted or expired) and does not tell the account exists.
   */
  openWindowWithoutCode(account: Account): Date {
    account.verificationCodeHash = null;
    account.verificationExpiresAt = new Date(this.clock.now().getTime() + codeTtlMs);
    account.verificationAttempts = 0;
    return account.verificationExpiresAt;
  }

  /** throws the spec's message on an expired or exhausted code; counts a wrong attempt (an account without a window, or with one older than an address's is kept, gets a fresh one, without a code, at its first) */
  check(account: Account, code: string): 'ok' | 'wrong' {
    const kept = account.verificationExpiresAt;
    // a window opened longer ago than an address's is kept (addressVerificationWindowKeepHours) is
    // forgotten as that one is, and a fresh one opens: a day later, an account answers as no account
    const expiresAt = kept && this.clock.now().getTime() - (kept.getTime() - codeTtlMs) < keepSeconds * 1000 ? kept : this.openWindowWithoutCode(account);
    if (account.verificationAttempts >= ServerLimits.verificationCodeMaxAttempts) throw exhausted();
    if (expiresAt.getTime() < this.clock.now().getTime()) throw expired();
    if (account.verificationCodeHash && sameHash(account.verificationCodeHash, codeHash(account.id, code))) return 'ok';
    account.verificationAttempts += 1;
    return 'wrong';
  }

  /**
   * Throws the spec's used-up answer when the address's wrong codes of the day are spent
   * (ServerLimits.verificationTriesPerAddressPerDay), the right code included. Asked before the
   * address is looked up, alike with an account or without.
   */
  async refuseBeyondDailyTries(email: string): Promise<void> {
    if (Number(await this.kv.get(this.triesKey(email))) >= ServerLimits.verificationTriesPerAddressPerDay) throw exhausted();
  }

  /** counts a wrong code for the address (with an account or without) */
  async countWrongTry(email: string): Promise<void> {
    await this.kv.incrWithTtl(this.triesKey(email), 24 * 3600);
  }

  /** a verified address's wrong codes are forgotten: it reads as one nobody tried, not as one that joined today */
  async forgetTries(email: string): Promise<void> {
    await this.kv.del(this.triesKey(email));
  }

  private triesKey(email: string) {
    return `verification-tries:${addressHash(email)}`;
  }

  /** the keys of an address's window (hashed: no key names an address) */
  private addressKeys(email: string) {
    const key = `verification-window:${addressHash(email)}`;
    return { expiresAt: `${key}:expires-at`, attempts: `${key}:attempts` };
  }

  /** for an address without an account, what `openWindowWithoutCode` is for an account (a resend for it, or its first attempt) */
  async openAddressWindow(email: string): Promise<number> {
    const keys = this.addressKeys(email);
    const expiresAt = this.clock.now().getTime() + codeTtlMs;
    await this.kv.del(keys.attempts);
    await this.kv.set(keys.expiresAt, String(expiresAt), keepSeconds);
    return expiresAt;
  }

  /**
   * `check` for an address without an account: every code is wrong, then used up or expired, as
   * for an account. The attempts are counted in one step each, so tries sent at once get five
   * wrong answers, as an account's locked row gives them.
   */
  async checkAddress(email: string): Promise<'wrong'> {
    const keys = this.addressKeys(email);
    const expiresAt = Number(await this.kv.get(keys.expiresAt)) || (await this.openAddressWindow(email));
    if (Number(await this.kv.get(keys.attempts)) >= ServerLimits.verificationCodeMaxAttempts) throw exhausted();
    if (expiresAt < this.clock.now().getTime()) throw expired();
    if ((await this.kv.incrWithTtl(keys.attempts, keepSeconds)).count > ServerLimits.verificationCodeMaxAttempts) throw exhausted();
    return 'wrong';
  }
}
