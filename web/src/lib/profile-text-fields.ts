import * as v from 'valibot';
import { Limits } from '@aero/contracts/shared';
import type { MessageKey } from '../i18n/message-key';
import { msg } from './forms';

// Rules of the profile forms' texts (Create Profile, Edit Profile): their lengths as the server
// applies them, and the location chosen from the suggestions. Apart from forms.ts, so the login
// screen's chunk does not carry them.

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

/** The location field's value: the text it shows, and the coordinates of the suggestion chosen (null while typing). */
export interface PlaceValue {
  location: string;
  latitude: string | null;
  longitude: string | null;
}

export const noPlace = (): PlaceValue => ({ location: '', latitude: null, longitude: null });

/**
 * The location (spec §5 Location search: a choice yields 'City, State' plus latitude and longitude):
 * valid only once a suggestion was chosen, so the value carries its coordinates; text typed
 * without choosing (or typed again after a choice, which drops it) is refused under the field.
 * `required`: an empty location says 'Location is required' (else it is allowed: the edit form).
 * `kept`: the location the profile already has, which may stay as it is even without coordinates
 * (saved before this rule, or through the API, which takes a location without them).
 */
export const placeField = ({ required, kept = null }: { required: boolean; kept?: string | null }) =>
  v.pipe(
    v.object({ location: v.string(), latitude: v.nullable(v.string()), longitude: v.nullable(v.string()) }),
    v.check((p) => !required || p.location.trim() !== '', msg('messages.locationRequired')),
    v.check((p) => p.location.trim() === '' || (p.latitude !== null && p.longitude !== null) || (kept !== null && p.location.trim() === kept.trim()), msg('location.chooseFromList')),
  );
