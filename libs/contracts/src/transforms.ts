import { Transform } from 'class-transformer';
import { IsUUID, type IsUUIDVersion, type ValidationOptions } from 'class-validator';

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
export function IsId(options: ValidationOptions = {}, version: IsUUIDVersion = '4'): PropertyDecorator {
  const canonical = Transform(({ value }) => (options.each && Array.isArray(value) ? value.map(lowerCase) : lowerCase(value)));
  const valid = IsUUID(version, options);
  return (target, key) => {
    canonical(target, key);
    valid(target, key);
  };
}
