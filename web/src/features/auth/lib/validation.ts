import * as v from 'valibot';
import { Limits } from '@aero/contracts/shared';
import { checkAcrossFields, emailField, msg } from '../../../lib/forms';

// The schemas of the login screen and the password reset (spec §5): one per form, rules from
// Limits, texts from Messages (catalogue ids `messages.<key>`).

export const signInSchema = v.object({
  email: emailField('messages.invalidEmail'),
  password: v.pipe(v.string(), v.nonEmpty(msg('messages.passwordRequired'))),
});
export type SignInValues = v.InferInput<typeof signInSchema>;

// 'Passwords don't match', shown on the confirm field whatever else is wrong
export const signUpSchema = checkAcrossFields(
  v.pipe(
    v.object({
      email: emailField('messages.invalidEmail'),
      password: v.pipe(v.string(), v.minLength(Limits.signupPasswordMin, msg('messages.passwordMin6'))),
      confirmPassword: v.string(),
    }),
    v.forward(
      v.partialCheck([['password'], ['confirmPassword']], (i) => i.password === i.confirmPassword, msg('messages.passwordsDontMatch')),
      ['confirmPassword'],
    ),
  ),
);
export type SignUpValues = v.InferInput<typeof signUpSchema>;

export const forgotPasswordSchema = v.object({ email: emailField('messages.invalidEmailShort') });
export type ForgotPasswordValues = v.InferInput<typeof forgotPasswordSchema>;

export const resetPasswordSchema = checkAcrossFields(
  v.pipe(
    v.object({
      password: v.pipe(v.string(), v.minLength(Limits.resetPasswordMin, msg('messages.passwordMin8'))),
      confirmPassword: v.string(),
    }),
    v.forward(
      v.partialCheck([['password'], ['confirmPassword']], (i) => i.password === i.confirmPassword, msg('messages.passwordsDontMatch')),
      ['confirmPassword'],
    ),
  ),
);
export type ResetPasswordValues = v.InferInput<typeof resetPasswordSchema>;

/** Exactly 6 digits. */
export const verifyCodeSchema = v.object({
  code: v.pipe(v.string(), v.regex(new RegExp(`^\\d{${Limits.verificationCodeLength}}$`), msg('messages.codeSixDigits'))),
});
export type VerifyCodeValues = v.InferInput<typeof verifyCodeSchema>;

/** Keeps digits only, at most 6. */
export const sanitizeCode = (raw: string) => raw.replace(/\D/g, '').slice(0, Limits.verificationCodeLength);
