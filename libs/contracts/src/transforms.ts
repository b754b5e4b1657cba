/** class-transformer helpers shared by the request classes. */

/** a list sent as a comma-separated text (a form field, a query string) or as a list */
export const commaList = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : value;
