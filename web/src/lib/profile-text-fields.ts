import * as v from 'valibot';
import { Limits } from '@aero/contracts/shared';
import type { MessageKey } from '../i18n/message-key';
import { msg } from './forms';

// Length rules of the profile forms' texts (Create Profile, Edit Profile), as the server applies
// them: apart from forms.ts, so the login screen's chunk does not carry them.

/**
 * The characters of a text as the server counts them for a length limit (class-validator's
 * MaxLength): an emoji (a surrogate pair) is one, and emoji presentation selectors are none.
 */
export const charCount = (text: string) => [...text.replace(/[\uFE0E\uFE0F]/g, '')].length;

/** At most `limit` characters (`charCount`), else `message`. */
export const maxChars = (limit: number, message: MessageKey) => v.check((s: string) => charCount(s) <= limit, msg(message));

/** A comma-separated list as typed (languages spoken): its entries, trimmed, empty ones left out — as the server reads it. */
export const commaListOf = (text: string) =>
  text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** The languages spoken, as one comma-separated text: at most `Limits.languagesMax`, each at most `Limits.languageMaxChars` characters. */
export const languagesField = v.pipe(
  v.string(),
  v.check((s) => commaListOf(s).length <= Limits.languagesMax, msg('messages.languagesTooMany')),
  v.check((s) => commaListOf(s).every((l) => charCount(l) <= Limits.languageMaxChars), msg('messages.languageTooLong')),
);
