import { Messages, ServerLimits } from '@aero/contracts';
import type { JobQueue } from '@aero/ports';
import type { Account } from '../accounts/account.js';
import { VerificationCodes } from './verification-codes.js';

const account = () => ({ id: '3f0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d11', verificationAttempts: 0 } as Account);
const codes = new VerificationCodes({} as JobQueue);

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
    a.verificationExpiresAt = new Date(Date.now() - 1000);
    expect(() => codes.check(a, code)).toThrow(Messages.codeExpired);
  });

  it('opens a window without a code: every code is wrong, then used up or expired, as a code would be', () => {
    const a = account();
    const code = codes.issue(a);
    codes.openWindowWithoutCode(a);
    for (let i = 0; i < ServerLimits.verificationCodeMaxAttempts; i++) expect(codes.check(a, i === 0 ? code : '000000')).toBe('wrong');
    expect(() => codes.check(a, code)).toThrow(Messages.codeExhausted);
    codes.openWindowWithoutCode(a);
    a.verificationExpiresAt = new Date(Date.now() - 1000);
    expect(() => codes.check(a, code)).toThrow(Messages.codeExpired);
  });
});
