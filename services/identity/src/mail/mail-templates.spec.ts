import { ServerLimits, SettingsOptions } from '@aero/contracts';
import { accountExistsMail, MAIL_TEXTS, passwordResetMail, verificationMail } from './mail-templates.js';

/** every key of a structure, nested ones as `a.b` */
const keysOf = (value: object, prefix = ''): string[] =>
  Object.entries(value)
    .flatMap(([key, v]) => (typeof v === 'object' && v !== null ? keysOf(v as object, `${prefix}${key}.`) : [`${prefix}${key}`]))
    .sort();

const LINK = 'https://aero.example/reset-password?token=abc%2Fdef';
const SIGN_IN = 'https://aero.example/auth';

describe('the mails in the four languages of the settings', () => {
  it('has one structure for each of the four, all with the same keys', () => {
    expect(Object.keys(MAIL_TEXTS).sort()).toEqual([...SettingsOptions.language].sort());
    for (const language of SettingsOptions.language) expect(keysOf(MAIL_TEXTS[language])).toEqual(keysOf(MAIL_TEXTS.english));
  });

  it.each(SettingsOptions.language)('%s: each mail carries its code or link and lifetime, in text and html', (language) => {
    const verification = verificationMail('123456', language);
    for (const body of [verification.text, verification.html]) {
      expect(body).toContain('123456');
      expect(body).toContain(`${ServerLimits.verificationCodeTtlMinutes} `);
    }
    expect(verification.subject).not.toContain('123456');
    const reset = passwordResetMail(LINK, language);
    expect(reset.text).toContain(LINK);
    expect(reset.html).toContain(`href="${LINK}"`);
    for (const body of [reset.text, reset.html]) expect(body).toContain(`${ServerLimits.resetTokenTtlMinutes} `);
    const exists = accountExistsMail(SIGN_IN, language);
    expect(exists.text).toContain(SIGN_IN);
    expect(exists.html).toContain(`href="${SIGN_IN}"`);
  });

  it('writes each language in its own words (no English left but the product name)', () => {
    const english = [verificationMail('123456'), passwordResetMail(LINK), accountExistsMail(SIGN_IN)];
    for (const language of ['spanish', 'french', 'german'] as const) {
      const mails = [verificationMail('123456', language), passwordResetMail(LINK, language), accountExistsMail(SIGN_IN, language)];
      mails.forEach((mail, i) => {
        expect(mail.subject).not.toBe(english[i]!.subject);
        const words = (s: string) => s.replaceAll(LINK, '').replaceAll(SIGN_IN, '');
        expect(words(mail.text)).not.toMatch(/\b(the|your|ignore|expires|password|sign in)\b/i);
        expect(words(mail.html)).not.toMatch(/>[^<]*\b(the|your|ignore|expires|password|sign in)\b[^<]*</i);
      });
    }
    expect(verificationMail('123456', 'german').subject).toBe('Dein AeroMatch-Bestätigungscode');
    expect(verificationMail('123456', 'german').html).toContain('<html lang="de">');
  });

  it('keeps the English of before, and writes English for no language or one outside the four', () => {
    expect(verificationMail('123456').subject).toBe('Your AeroMatch verification code');
    expect(verificationMail('123456').text).toBe(
      `Welcome to AeroMatch — Where Aviation Meets Romance.\n\nYour verification code is 123456.\nIt expires in ${ServerLimits.verificationCodeTtlMinutes} minutes.\n\nIf you did not sign up, ignore this email.`,
    );
    expect(passwordResetMail(LINK).subject).toBe('Reset your AeroMatch password');
    expect(accountExistsMail(SIGN_IN).subject).toBe('AeroMatch: you already have an account');
    expect(verificationMail('123456', 'klingon' as never)).toEqual(verificationMail('123456', 'english'));
    expect(verificationMail('123456', undefined)).toEqual(verificationMail('123456', 'english'));
  });

  it('escapes what is put into the html', () => {
    expect(passwordResetMail('https://x/?a=1&b="2"', 'french').html).toContain('href="https://x/?a=1&#38;b=&#34;2&#34;"');
  });
});
