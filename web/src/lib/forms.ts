import * as v from 'valibot';
import { EMAIL_MAX_CHARS, EMAIL_PATTERN } from '@aero/contracts/email';
import { Limits, Messages } from '@aero/contracts/shared';
import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { MessageKey } from '../i18n/message-key';
import { isApiError } from './http';

// The forms approach: react-hook-form with one valibot schema per form (through
// @hookform/resolvers). Schemas take their rules (Limits) and texts (Messages, as the ids
// `messages.<key>` of the catalogues) from @aero/contracts/shared; the message of an issue is a
// catalogue id, shown in the active language by the field.

/**
 * When every form shows its messages: a field's once the member leaves it, then again at each
 * change (so a name grown too long is flagged while typing); none on a field not yet touched.
 */
export const FORM_MODE = 'onTouched';

/** A catalogue id as a valibot message (checked by the compiler). */
export const msg = (id: MessageKey) => id;


/** A trimmed e-mail address, else `message`; when `requiredMessage` is given, an empty one says that instead. */
export const emailField = (message: MessageKey, requiredMessage?: MessageKey) =>
  requiredMessage
    ? v.pipe(v.string(), v.trim(), v.nonEmpty(msg(requiredMessage)), v.regex(EMAIL_PATTERN, msg(message)), v.maxLength(EMAIL_MAX_CHARS, msg(message)))
    : v.pipe(v.string(), v.trim(), v.regex(EMAIL_PATTERN, msg(message)), v.maxLength(EMAIL_MAX_CHARS, msg(message)));

/** A required text (after trimming), else `message`. */
export const requiredText = (message: MessageKey) => v.pipe(v.string(), v.trim(), v.nonEmpty(msg(message)));

/**
 * A form's schema whose checks across fields (actions piped after its object, such as 'Passwords
 * don't match' forwarded to the confirm field) run whatever else is wrong with the form. The forms'
 * resolver stops every pipe at its first issue (`abortPipeEarly`), so such a check would wait until
 * every field is valid (spec §5 wants the mismatch on the confirm field whatever the password's own
 * error); here the pipes go on, and each field still shows its first issue.
 */
export const checkAcrossFields = <S extends v.GenericSchema>(schema: S) => v.config(schema, { abortPipeEarly: false });

/**
 * Every field's first issue, as catalogue ids (unit tests and non-React callers), parsed as the
 * forms' resolver parses (@hookform/resolvers/valibot: `abortPipeEarly`, each pipe stops at its
 * first issue), so a test sees what a person would.
 */
export function firstIssues<S extends v.GenericSchema>(schema: S, input: unknown): Partial<Record<string, MessageKey>> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return {};
  const out: Partial<Record<string, MessageKey>> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? '';
    if (!(key in out)) out[key] = issue.message as MessageKey;
  }
  return out;
}

/** The message id of a field's error in react-hook-form's errors. */
export function errorId<T extends FieldValues>(errors: FieldErrors<T>, name: keyof T & string): MessageKey | undefined {
  const message = errors[name]?.message;
  return typeof message === 'string' && message ? (message as MessageKey) : undefined;
}

/**
 * A new password the server refused as a common one (only the server holds the list) is shown on
 * the password field like the form's own rules, not in a toast: sets the field's error, focuses it
 * and answers true; any other failure answers false.
 */
export function showCommonPasswordRefusal<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, field: Path<T>): boolean {
  if (!isApiError(error) || error.serverMessage !== Messages.passwordTooCommon) return false;
  setError(field, { type: 'server', message: msg('messages.passwordTooCommon') }, { shouldFocus: true });
  return true;
}

/** Age on the profile forms (spec §5): whole years from 18 to 120. */
export const ageField = v.pipe(
  v.string(),
  v.check((s) => s.trim() !== '' && Number.isInteger(Number(s)), msg('messages.ageInvalid')),
  v.check((s) => Number(s) >= Limits.ageMin, msg('messages.ageMin')),
  v.check((s) => Number(s) <= Limits.ageMax, msg('messages.ageInvalid')),
);
