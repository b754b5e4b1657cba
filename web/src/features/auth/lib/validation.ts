import { RESET_PASSWORD_MIN, SIGNUP_PASSWORD_MIN, VERIFICATION_CODE_LENGTH } from '../../../lib/constants';

// Client validation of the login screen and password reset (spec §5). Messages are the spec's.
export const MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  invalidEmailForgot: 'Please enter a valid email',
  passwordRequired: 'Password is required',
  signupPasswordTooShort: 'Password must be at least 6 characters',
  resetPasswordTooShort: 'Password must be at least 8 characters',
  passwordsDontMatch: "Passwords don't match",
  codeLength: 'Verification code must be 6 digits',
} as const;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isValidEmail = (email: string) => EMAIL.test(email.trim());

export function validateSignIn(v: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {};
  if (!isValidEmail(v.email)) errors.email = MESSAGES.invalidEmail;
  if (!v.password) errors.password = MESSAGES.passwordRequired;
  return errors;
}

export function validateSignUp(v: { email: string; password: string; confirmPassword: string }): FieldErrors<'email' | 'password' | 'confirmPassword'> {
  const errors: FieldErrors<'email' | 'password' | 'confirmPassword'> = {};
  if (!isValidEmail(v.email)) errors.email = MESSAGES.invalidEmail;
  if (v.password.length < SIGNUP_PASSWORD_MIN) errors.password = MESSAGES.signupPasswordTooShort;
  if (v.password !== v.confirmPassword) errors.confirmPassword = MESSAGES.passwordsDontMatch;
  return errors;
}

export function validateForgotPassword(v: { email: string }): FieldErrors<'email'> {
  return isValidEmail(v.email) ? {} : { email: MESSAGES.invalidEmailForgot };
}

export function validateResetPassword(v: { password: string; confirmPassword: string }): FieldErrors<'password' | 'confirmPassword'> {
  const errors: FieldErrors<'password' | 'confirmPassword'> = {};
  if (v.password.length < RESET_PASSWORD_MIN) errors.password = MESSAGES.resetPasswordTooShort;
  if (v.password !== v.confirmPassword) errors.confirmPassword = MESSAGES.passwordsDontMatch;
  return errors;
}

/** Keeps digits only, at most 6. */
export const sanitizeCode = (raw: string) => raw.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);

export function validateCode(code: string): FieldErrors<'code'> {
  return code.length === VERIFICATION_CODE_LENGTH ? {} : { code: MESSAGES.codeLength };
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;
