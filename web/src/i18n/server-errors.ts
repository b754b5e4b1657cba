import { type ErrorCode, Messages } from '@aero/contracts/shared';
import type { MessagesKey } from './catalog-source';
import type { Text } from './message-key';

// Texts that come from the server are shown in the chosen language from their `code` (or, for
// validation failures, from the shared text they carry), with the server's English text as the
// fallback when the client has no translation for them.

/** Error codes whose text is one of the shared `Messages`. */
export const SERVER_CODE_MESSAGES: Readonly<Partial<Record<ErrorCode, MessagesKey>>> = {
  invalid_credentials: 'invalidCredentials',
  invalid_code: 'invalidCode',
  code_expired: 'codeExpired',
  code_exhausted: 'codeExhausted',
  password_needed: 'signUpAgainToConfirm',
  invalid_reset_token: 'resetLinkInvalid',
  rate_limited: 'rateLimited',
  bad_origin: 'badOrigin',
  json_required: 'jsonRequired',
  admins_only: 'adminOnly',
  unsupported_image_format: 'documentImageFormat',
  multiple_files: 'documentMultiple',
  no_file: 'documentMissing',
  empty_file: 'documentEmpty',
  invalid_file: 'documentEmpty',
  wrong_password: 'currentPasswordWrong',
  password_unchanged: 'passwordUnchanged',
  boost_cooldown: 'boostCooldown',
};

const byText = new Map<string, MessagesKey>(
  (Object.entries(Messages) as [MessagesKey, unknown][]).flatMap(([key, value]) => (typeof value === 'string' ? [[value, key] as const] : [])),
);

export interface ServerErrorLike {
  code?: ErrorCode;
  serverMessage?: string;
}

/**
 * What to show for a failed call: the translated text for its code or its shared text, else the
 * server's own (English) message, else null (the caller shows its translated fallback). A shared
 * text with a number (`{n}`, e.g. the hours left of `boostCooldown`) takes the server's number.
 */
export function serverErrorText(error: unknown): Text | string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, serverMessage } = error as ServerErrorLike;
  if (typeof serverMessage === 'string') {
    const shared = byText.get(serverMessage);
    if (shared) return { id: `messages.${shared}` };
  }
  if (typeof code === 'string' && code !== 'too_many_photos' && SERVER_CODE_MESSAGES[code]) return { id: `messages.${SERVER_CODE_MESSAGES[code]}`, values: { n: /\d+/.exec(serverMessage ?? '')?.[0] ?? '' } };
  return typeof serverMessage === 'string' && serverMessage ? serverMessage : null;
}
