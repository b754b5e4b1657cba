import { Limits, Messages } from '@aero/contracts/shared';

// Client validation of the login screen and password reset (spec §5). Messages are the spec's.
export const MESSAGES = {
  invalidEmail: Messages.invalidEmail,
  invalidEmailForgot: Messages.invalidEmailShort,
  passwordRequired: Messages.passwordRequired,
  signupPasswordTooShort: Messages.passwordMin6,
  resetPasswordTooShort: Messages.passwordMin8,
  passwordsDontMatch: Messages.passwordsDontMatch,
  codeLength: Messages.codeSixDigits,
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
  if (v.password.length < Limits.signupPasswordMin) errors.password = MESSAGES.signupPasswordTooShort;
  if (v.password !== v.confirmPassword) errors.confirmPassword = MESSAGES.passwordsDontMatch;
  return errors;
}

export function validateForgotPassword(v: { email: string }): FieldErrors<'email'> {
  return isValidEmail(v.email) ? {} : { email: MESSAGES.invalidEmailForgot };
}

export function validateResetPassword(v: { password: string; confirmPassword: string }): FieldErrors<'password' | 'confirmPassword'> {
  const errors: FieldErrors<'password' | 'confirmPassword'> = {};
  if (v.password.length < Limits.resetPasswordMin) errors.password = MESSAGES.resetPasswordTooShort;
  if (v.password !== v.confirmPassword) errors.confirmPassword = MESSAGES.passwordsDontMatch;
  return errors;
}

/** Keeps digits only, at most 6. */
export const sanitizeCode = (raw: string) => raw.replace(/\D/g, '').slice(0, Limits.verificationCodeLength);

export function validateCode(code: string): FieldErrors<'code'> {
  return code.length === Limits.verificationCodeLength ? {} : { code: MESSAGES.codeLength };
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;
