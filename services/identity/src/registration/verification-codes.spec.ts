import { Messages, ServerLimits } from '@aero/contracts';
import type { Clock } from '@aero/common';
import { type JobQueue, MemoryKeyValueStore } from '@aero/ports';
import type { Account } from '../accounts/account.js';
import { VerificationCodes } from './verification-codes.js';

const account = () => ({ id: '3f0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d11', verificationAttempts: 0 } as Account);
/** the service's time, far from the machine's, so a rule that read the machine's clock would show */
let now = new Date('2031-03-01T12:00:00Z');
const clock: Clock = { now: () => now };
const codes = new VerificationCodes({} as JobQueue, clock, new MemoryKeyValueStore(() => now.getTime()));
const MINUTE = 60_000;

/** the answers to `tries` wrong codes, one after another */
const answers = async (tryOnce: () => Promise<unknown> | unknown, tries: number) => {
  const seen: string[] = [];
  for (let i = 0; i < tries; i++) seen.push(await Promise.resolve().then(tryOnce).then(String, (e: Error) => e.message));
  return seen;
};

describe('VerificationCodes', () => {
  it('issues a fresh 6-digit code that replaces the old one and stores only its hash', () => {
    const a = account();
    const first = codes.issue(a);
    const firstHash = a.verificationCodeHash;
    expect(first).toMatch(/^\d{6}$/);
    expect(firstHash).not.toContain(first);
    a.verificationAttempts = 3;
    const second = codes.issue(a);
    expect(a.verificationAttempts).toBe(0);
    expect(codes.check(a, second)).toBe('ok');
    if (second !== first) expect(codes.check(a, first)).toBe('wrong');
  });

  it('counts wrong attempts and kills the code after the limit, even for the right code', () => {
    const a = account();
    const code = codes.issue(a);
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < ServerLimits.verificationCodeMaxAttempts; i++) expect(codes.check(a, wrong)).toBe('wrong');
    expect(() => codes.check(a, code)).toThrow(Messages.codeExhausted);
  });

  it('refuses an expired code', () => {
    const a = account();
    const code = codes.issue(a);
    a.verificationExpiresAt = new Date(now.getTime() - 1000);
    expect(() => codes.check(a, code)).toThrow(Messages.codeExpired);
  });

  it('opens a window without a code: every code is wrong, then used up or expired, as a code would be', () => {
    const a = account();
    const code = codes.issue(a);
    codes.openWindowWithoutCode(a);
    for (let i = 0; i < ServerLimits.verificationCodeMaxAttempts; i++) expect(codes.check(a, i === 0 ? code : '000000')).toBe('wrong');
    expect(() => codes.check(a, code)).toThrow(Messages.codeExhausted);
    codes.openWindowWithoutCode(a);
    a.verificationExpiresAt = new Date(now.getTime() - 1000);
    expect(() => codes.check(a, code)).toThrow(Messages.codeExpired);
  });

  it('answers an address without an account as an account whose code nobody has: wrong five times, then used up; expired once its window ends', async () => {
    const a = account();
    codes.issue(a);
    const expected = await answers(() => codes.check(a, '000000'), 7);
    expect(await answers(() => codes.checkAddress('nobody@example.com'), 7)).toEqual(expected);
    expect(expected.at(-1)).toBe(Messages.codeExhausted);
    // a verified account's first attempt opens its window as well
    const verified = { ...account(), verificationExpiresAt: null } as Account;
    expect(await answers(() => codes.check(verified, '000000'), 7)).toEqual(expected);
    // tries sent at once: five wrong, as an account's locked row answers them
    const burst = await Promise.all(Array.from({ length: 8 }, () => codes.checkAddress('burst@example.com').then(String, (e: Error) => e.message)));
    expect(burst.filter((m) => m === 'wrong')).toHaveLength(ServerLimits.verificationCodeMaxAttempts);
    // a resend opens a fresh window, which ends as a code does
    await codes.openAddressWindow('nobody@example.com');
    expect(await codes.checkAddress('nobody@example.com')).toBe('wrong');
    const opened = now;
    now = new Date(now.getTime() + ServerLimits.verificationCodeTtlMinutes * MINUTE + 1);
    await expect(codes.checkAddress('Nobody@Example.com')).rejects.toThrow(Messages.codeExpired);
    now = opened;
  });

  it("forgets an account's window a day after it opened, as an address's: both answer a fresh window then", async () => {
    const start = now;
    const a = account();
    codes.issue(a);
    await codes.openAddressWindow('late@example.com');
    expect(await answers(() => codes.checkAddress('late@example.com'), 6)).toEqual(await answers(() => codes.check(a, '000000'), 6));
    now = new Date(start.getTime() + ServerLimits.addressVerificationWindowKeepHours * 60 * MINUTE + MINUTE);
    const unknown = await answers(() => codes.checkAddress('late@example.com'), 2);
    expect(unknown).toEqual(['wrong', 'wrong']);
    expect(await answers(() => codes.check(a, '000000'), 2)).toEqual(unknown);
    now = start;
  });

  it('gives a code its lifetime by the service clock: accepted until it ends, expired a moment later', () => {
    const a = account();
    const issuedAt = now;
    const code = codes.issue(a);
    expect(a.verificationExpiresAt).toEqual(new Date(issuedAt.getTime() + ServerLimits.verificationCodeTtlMinutes * MINUTE));
    now = new Date(issuedAt.getTime() + ServerLimits.verificationCodeTtlMinutes * MINUTE);
    expect(codes.check(a, code)).toBe('ok');
    now = new Date(now.getTime() + 1);
    expect(() => codes.check(a, code)).toThrow(Messages.codeExpired);
    now = issuedAt;
  });
});
