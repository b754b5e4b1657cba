import { codeHash, dummyPasswordHash, hashPassword, newResetToken, newVerificationCode, verifyPassword } from './secrets.js';

describe('secrets', () => {
  it('hashes passwords with argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('secret-pass');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$/);
    expect(await verifyPassword(hash, 'secret-pass')).toBe(true);
    expect(await verifyPassword(hash, 'secret-pasS')).toBe(false);
    expect(await verifyPassword('not a hash', 'secret-pass')).toBe(false);
  });

  it('keeps a real dummy hash that no password matches', async () => {
    const dummy = await dummyPasswordHash();
    expect(dummy).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(dummy, '')).toBe(false);
  });

  it('makes 6-digit codes, 256-bit URL-safe reset tokens, and code hashes bound to the account', () => {
    expect(newVerificationCode()).toMatch(/^\d{6}$/);
    expect(Buffer.from(newResetToken(), 'base64url')).toHaveLength(32);
    expect(codeHash('a', '123456')).not.toBe(codeHash('b', '123456'));
  });
});
