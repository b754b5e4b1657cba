import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Length, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { EMAIL_MAX_CHARS, EMAIL_PATTERN } from '../email.js';
import { ACCEPTED_USER_TYPES, Limits } from '../limits.js';
import { Messages } from '../messages.js';
import { type Language, SettingsOptions } from '../options.js';
import { IsId } from '../transforms.js';
import { IsNotCommonPassword } from './common-passwords.js';

/** the longest password or reset token the server reads (a hash of more would only cost time) */
const SECRET_MAX_CHARS = 200;
const PASSWORD_TOO_LONG = `Password must be at most ${SECRET_MAX_CHARS} characters`;

/** an email as accounts are known by it: trimmed and lower-cased (sign-up, sign-in, the rate limits' account key) */
export const normalEmail = (email: string) => email.trim().toLowerCase();
const normaliseEmail = ({ value }: { value: unknown }) => (typeof value === 'string' ? normalEmail(value) : value);

/** an email field: trimmed, lower-cased, and a valid address (the web app checks `EMAIL_PATTERN` and the length too), else `message` */
const EmailField = (message: string): PropertyDecorator => (target, key) =>
  [
    ApiProperty({ format: 'email', maxLength: EMAIL_MAX_CHARS, description: 'trimmed and lower-cased' }),
    Transform(normaliseEmail),
    IsEmail({}, { message }),
    Matches(EMAIL_PATTERN, { message }),
    MaxLength(EMAIL_MAX_CHARS, { message }),
  ].forEach((decorate) => decorate(target, key));

export class EmailRequest {
  @EmailField(Messages.invalidEmail)
  email!: string;
}

/** forgot password: the same rule, in that form's own words (spec §5) */
export class ForgotPasswordRequest {
  @EmailField(Messages.invalidEmailShort)
  email!: string;
}

/** a sign-up's password's length: at least 6 characters (a value that is no string says so first) */
const SignupPasswordLength = (): PropertyDecorator => (target, key) =>
  [IsString({ message: Messages.passwordMin6 }), MinLength(Limits.signupPasswordMin, { message: Messages.passwordMin6 }), MaxLength(SECRET_MAX_CHARS, { message: PASSWORD_TOO_LONG })].forEach((decorate) => decorate(target, key));

export class SignupRequest extends EmailRequest {
  @ApiProperty({ format: 'password', minLength: Limits.signupPasswordMin, maxLength: SECRET_MAX_CHARS, description: 'not one of the common passwords' })
  @IsNotCommonPassword({ message: Messages.passwordTooCommon })
  @SignupPasswordLength()
  password!: string;
}

export class LoginRequest extends EmailRequest {
  @ApiProperty({ format: 'password', maxLength: SECRET_MAX_CHARS })
  @IsString({ message: Messages.passwordRequired })
  @IsNotEmpty({ message: Messages.passwordRequired })
  @MaxLength(SECRET_MAX_CHARS, { message: Messages.invalidCredentials })
  password!: string;
}

export class VerifyRequest extends EmailRequest {
  @ApiProperty({ description: 'the 6-digit code mailed to the address', pattern: '^\\d{6}$' })
  @IsString({ message: Messages.codeSixDigits })
  @Length(Limits.verificationCodeLength, Limits.verificationCodeLength, { message: Messages.codeSixDigits })
  @Matches(/^\d{6}$/, { message: Messages.codeSixDigits })
  code!: string;

  /**
   * The password of the sign-up being confirmed, as the member chose it (the app sends it when it
   * has it): the account is confirmed with it. The code proves the address, not which sign-up it
   * answers: whoever signs up with an unverified address has its owner mailed a code, so the
   * password confirmed must be the verifier's, not the last sign-up's. Without it, an address
   * signed up more than once is refused (`password_needed`). Not one of the common passwords,
   * unless it is the account's own already (an account made before that rule: identity checks).
   */
  @ApiProperty({ required: false, format: 'password', minLength: Limits.signupPasswordMin, maxLength: SECRET_MAX_CHARS, description: 'the password chosen at sign-up; required when the address was signed up more than once' })
  // absent only: a null is checked (and refused) as a password
  @ValidateIf((_: object, value: unknown) => value !== undefined)
  @SignupPasswordLength()
  password?: string;
}

/**
 * The language of the mail a call may send: the one the member uses in the app when they asked
 * for it (the gateway reads the request's `Accept-Language`). Absent (a call from before it was
 * sent), the mail is in English.
 */
const IsMailLanguage = (): PropertyDecorator => (target, key) => {
  IsOptional()(target, key);
  IsIn(SettingsOptions.language)(target, key);
};

/** Sign-up as the gateway asks identity for it: with the language of the mail it sends. */
export class SignupCall extends SignupRequest {
  @IsMailLanguage()
  mailLanguage!: Language;
}

/** Sign-in as the gateway asks identity for it (an unverified account is mailed a code). */
export class LoginCall extends LoginRequest {
  @IsMailLanguage()
  mailLanguage!: Language;
}

/** Resend code and forgot password as the gateway asks identity for them. */
export class EmailCall extends EmailRequest {
  @IsMailLanguage()
  mailLanguage!: Language;
}

export class ResetPasswordRequest {
  @ApiProperty({ description: 'the token of the reset link', maxLength: SECRET_MAX_CHARS })
  @IsString({ message: Messages.resetLinkInvalid })
  @IsNotEmpty({ message: Messages.resetLinkInvalid })
  @MaxLength(SECRET_MAX_CHARS, { message: Messages.resetLinkInvalid })
  token!: string;

  @ApiProperty({ format: 'password', minLength: Limits.resetPasswordMin, maxLength: SECRET_MAX_CHARS, description: 'not one of the common passwords' })
  @IsNotCommonPassword({ message: Messages.passwordTooCommon })
  @IsString({ message: Messages.passwordMin8 })
  @MinLength(Limits.resetPasswordMin, { message: Messages.passwordMin8 })
  @MaxLength(SECRET_MAX_CHARS, { message: PASSWORD_TOO_LONG })
  password!: string;
}

/** Settings' Account Management: the current password proves it is the member (not a borrowed session). */
export class ChangePasswordBody {
  @ApiProperty({ format: 'password', maxLength: SECRET_MAX_CHARS })
  @IsString({ message: Messages.passwordRequired })
  @IsNotEmpty({ message: Messages.passwordRequired })
  @MaxLength(SECRET_MAX_CHARS, { message: Messages.currentPasswordWrong })
  currentPassword!: string;

  @ApiProperty({ format: 'password', minLength: Limits.resetPasswordMin, maxLength: SECRET_MAX_CHARS, description: 'not one of the common passwords' })
  @IsNotCommonPassword({ message: Messages.passwordTooCommon })
  @IsString({ message: Messages.passwordMin8 })
  @MinLength(Limits.resetPasswordMin, { message: Messages.passwordMin8 })
  @MaxLength(SECRET_MAX_CHARS, { message: PASSWORD_TOO_LONG })
  newPassword!: string;
}

export class ChangePasswordRequest extends ChangePasswordBody {
  @IsId({}, 'all')
  accountId!: string;
}

/** a demo crew account (single-node demo data): verified, typed, never able to sign in */
export class CreateDemoAccountRequest {
  @IsId({}, 'all') accountId!: string;
  @IsEmail() email!: string;
  @IsIn(['airline', 'general']) userType!: 'airline' | 'general';
}

export class AccountIdRequest {
  @IsId({ message: 'Invalid account id' })
  accountId!: string;
}

export class SetUserTypeRequest extends AccountIdRequest {
  @IsIn(ACCEPTED_USER_TYPES as unknown as string[], { message: Messages.userTypeInvalid })
  userType!: string;
}

/** Body of PATCH /api/users/me (the account id comes from the session). */
export class UpdateMeBody {
  @ApiProperty({ enum: ACCEPTED_USER_TYPES })
  @IsIn(ACCEPTED_USER_TYPES as unknown as string[], { message: Messages.userTypeInvalid })
  userType!: string;
}
