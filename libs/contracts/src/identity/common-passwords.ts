import { dictionary } from '@zxcvbn-ts/language-common';
import { ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * The ~49,000 passwords that come first in breach corpora (zxcvbn-ts's common list, lower-case):
 * a new password found in it is refused whatever its length, as NIST SP 800-63B §3.1.1.2 asks of
 * a password chosen by the member. Sign-in does not check it (an account keeps its password until
 * it is changed).
 */
const COMMON_PASSWORDS = new Set(dictionary['passwords-common']);

/**
 * the password is one of the common ones, in any letter case, in its compatibility form (a
 * full-width 'ｐａｓｓｗｏｒｄ' is 'password') and without the spaces around it (they add nothing
 * a guesser would not try)
 */
export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.normalize('NFKC').trim().toLowerCase());

/** a new password (sign-up, reset, change) that is not one of the common ones */
export const IsNotCommonPassword = (options: ValidationOptions) =>
  ValidateBy({ name: 'isNotCommonPassword', validator: { validate: (value: unknown) => typeof value !== 'string' || !isCommonPassword(value) } }, options);
