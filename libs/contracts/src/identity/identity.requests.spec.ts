import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { Messages } from '../messages.js';
import { isCommonPassword } from './common-passwords.js';
import { EMAIL_MAX_CHARS, EMAIL_PATTERN } from '../email.js';
import { ChangePasswordBody, EmailRequest, ForgotPasswordRequest, LoginRequest, ResetPasswordRequest, SignupRequest } from './identity.requests.js';

/** the message the validation pipe answers: the first of the first failing field */
async function firstError(cls: new () => object, body: object) {
  const errors = await validate(plainToInstance(cls, body), { whitelist: true });
  return errors.length ? Object.values(errors[0].constraints ?? {})[0] : null;
}

const email = 'fa@example.com';

describe('new passwords', () => {
  it('knows the common passwords in any letter case, full-width or padded with spaces, and not a long or unusual one', () => {
    for (const common of ['123456', 'password', 'PassWord1', 'qwerty123', 'iloveyou', 'letmein1', 'aviation', 'pilot123', '  password  ', 'ｐａｓｓｗｏｒｄ', 'Ｐａｓｓｗｏｒｄ１', '\tqwerty123\n'])
      expect({ common, is: isCommonPassword(common) }).toEqual({ common, is: true });
    for (const rare of ['Cleared-For-Takeoff-7', 'secret-pass', 'runway 27 left', 'ÄÖÜäöü']) expect({ rare, is: isCommonPassword(rare) }).toEqual({ rare, is: false });
  });

  it('refuses a common one on sign-up, reset and change with its own message, after the length rules', async () => {
    expect(await firstError(SignupRequest, { email, password: 'secret-pass' })).toBeNull();
    expect(await firstError(SignupRequest, { email, password: 'Dragon' })).toBe(Messages.passwordTooCommon);
    expect(await firstError(SignupRequest, { email, password: '   football   ' })).toBe(Messages.passwordTooCommon);
    expect(await firstError(SignupRequest, { email, password: '12345' })).toBe(Messages.passwordMin6);
    expect(await firstError(ResetPasswordRequest, { token: 'x', password: 'Password1' })).toBe(Messages.passwordTooCommon);
    expect(await firstError(ResetPasswordRequest, { token: 'x', password: 'abc123' })).toBe(Messages.passwordMin8);
    expect(await firstError(ResetPasswordRequest, { token: 'x', password: 'brand-new-pass' })).toBeNull();
    expect(await firstError(ChangePasswordBody, { currentPassword: 'password', newPassword: 'football1' })).toBe(Messages.passwordTooCommon);
    expect(await firstError(ChangePasswordBody, { currentPassword: 'password', newPassword: 'a-new-secret' })).toBeNull();
  });

  it('lets an account whose password is a common one still sign in', async () => {
    expect(await firstError(LoginRequest, { email, password: 'password' })).toBeNull();
  });
});

describe('email addresses', () => {
  /** what the web app lets through (the form trims first) */
  const webTakes = (address: string) => EMAIL_PATTERN.test(address.trim()) && address.trim().length <= EMAIL_MAX_CHARS;
  const serverTakes = async (address: string) => (await firstError(EmailRequest, { email: address })) === null;
  const addresses = [
    'fa@example.com', '  Crew@Example.COM ', 'first.last+tag@sub.example.travel', 'a@b.co', "o'brien@aer.ie", 'ünï@exämple.de', 'x@xn--bcher-kva.ch', 'pilot_1@mail-server.example.org',
    'crew@mail.c', 'crew@mail', 'a_b@do_main.com', 'a..b@example.com', '.a@example.com', 'a.@example.com', 'a b@example.com', 'a@b@example.com', 'a@-example.com', 'a@example-.com',
    'a@example.123', 'a(b)@example.com', 'a,b@example.com', '@example.com', 'a@', 'a@.example.com', 'a@example..com', 'ａ@example.com', '😀@example.com', `${'a'.repeat(65)}@example.com`,
    `${'a'.repeat(64)}@example.com`, `a@${'b'.repeat(63)}.com`, `a@${'b'.repeat(64)}.com`, `a@${Array(60).fill('abcd').join('.')}.com`, 'a@example.com.', 'a@[127.0.0.1]', 'a@127.0.0.1', 'a@example.x1',
  ];

  it('are taken by the web app exactly when the server takes them', async () => {
    for (const address of addresses) expect({ address, web: webTakes(address) }).toEqual({ address, web: await serverTakes(address) });
    expect(addresses.filter(webTakes).length).toBeGreaterThan(8);
  });

  it('are refused with the sign-up words, and on forgot password with its own (spec §5)', async () => {
    expect(await firstError(EmailRequest, { email: 'crew@mail.c' })).toBe(Messages.invalidEmail);
    expect(await firstError(ForgotPasswordRequest, { email: 'crew@mail.c' })).toBe(Messages.invalidEmailShort);
    expect(await firstError(ForgotPasswordRequest, { email: 'crew@mail.co' })).toBeNull();
  });
});
