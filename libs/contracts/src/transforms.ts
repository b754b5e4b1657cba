import { Transform } from 'class-transformer';
import { IsUUID, type IsUUIDVersion, Matches, ValidateIf, type ValidationOptions } from 'class-validator';
import { Messages } from './messages.js';

/** class-transformer helpers shared by the request classes. */

/** a list sent as a comma-separated text (a form field, a query string) or as a list */
export const commaList = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : value;

const lowerCase = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);

/**
 * An id in a request: a UUID (version 4 unless said), taken in its canonical lowercase form, so the
 * same id written in capitals is the same id everywhere it is compared as text (pairs, locks, JSON
 * fields), not a second one.
 */
/**
 * The field may be left out, but not sent as null. class-validator's IsOptional skips every rule
 * for null too: a `{"showAge": null}` would pass as valid, then be stored (or break a NOT NULL
 * column) as if it were a value. Fields that may be cleared say `| null` and keep IsOptional.
 */
export const IsOmittable = (): PropertyDecorator => ValidateIf((_: object, value: unknown) => value !== undefined);

export function IsId(options: ValidationOptions = {}, version: IsUUIDVersion = '4'): PropertyDecorator {
  const canonical = Transform(({ value }) => (options.each && Array.isArray(value) ? value.map(lowerCase) : lowerCase(value)));
  const valid = IsUUID(version, options);
  return (target, key) => {
    canonical(target, key);
    valid(target, key);
  };
}

// the characters of text a member types (IsPlainText, IsName)
// eslint-disable-next-line no-control-regex
const ONE_LINE = /^[^\u0000-\u001F\u007F]*$/u;
// eslint-disable-next-line no-control-regex
const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/u;
/** a name: one line, without the bidi embedding, override and isolate controls that turn the text around it */
// eslint-disable-next-line no-control-regex
const NAME = /^[^\u0000-\u001F\u007F\u202A-\u202E\u2066-\u2069]*$/u;
/** a letter that shows (the Hangul fillers are letters that do not) */
const VISIBLE_LETTER = /(?![\u115F\u1160\u3164\uFFA0])\p{L}/u;

/**
 * Text a member types: no C0 control character (nor DEL): PostgreSQL refuses NUL, and no one means
 * the others; a multi-line text (a bio, a message) keeps tab, line feed and carriage return.
 */
export function IsPlainText(options: ValidationOptions & { multiline?: boolean } = {}): PropertyDecorator {
  const { multiline, ...validation } = options;
  return Matches(multiline ? MULTI_LINE : ONE_LINE, { message: Messages.textInvalidCharacters, ...validation });
}

/** a member's name: plain one-line text without bidi controls, with at least one letter that shows (else `required`) */
export function IsName(required: string): PropertyDecorator {
  const plain = Matches(NAME, { message: Messages.textInvalidCharacters });
  const visible = Matches(VISIBLE_LETTER, { message: required });
  return (target, key) => {
    plain(target, key);
    visible(target, key);
  };
}
