import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** argon2id for passwords; codes and tokens from the CSPRNG, stored only as hashes. */
// Algorithm is a const enum in the binding's types; 2 is Argon2id. Parameters: 64 MiB, 3 passes.
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 65536, timeCost: 3, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);
export const verifyPassword = async (passwordHash: string, password: string) => {
  try {
    return await verify(passwordHash, password);
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

/** a real argon2id hash with our parameters, so that logins for unknown emails cost the same as real ones */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword('no account has this password'));

/** The password hashing the use cases are given (injected, so a test can see when it runs). */
@Injectable()
export class PasswordHasher {
  hash(password: string) {
    return hashPassword(password);
  }
  verify(passwordHash: string, password: string) {
    return verifyPassword(passwordHash, password);
  }
}
