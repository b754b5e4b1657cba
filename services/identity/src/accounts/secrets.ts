import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import argon2 from 'argon2';

/** argon2id for passwords; codes and tokens from the CSPRNG, stored only as hashes. */
export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });
export const verifyPassword = async (hash: string, password: string) => {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
};

export const newVerificationCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');
/** 256-bit reset token, URL-safe */
export const newResetToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const codeHash = (accountId: string, code: string) => sha256(`${accountId}:${code}`);

export const sameHash = (a: string, b: string) => {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
};

/** a fixed argon2id hash so that logins for unknown emails cost the same as real ones */
export const DUMMY_HASH = '$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHRzb21lc2FsdA$3V8QqBqQ2mZb7D4n1l0yqQ0W6cXWz4C3Q0r0g9k8d2A';
