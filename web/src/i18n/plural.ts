import { compileMessage, type CompiledIcuChoices, type CompiledMessage, type CompiledMessageToken } from '@lingui/message-utils/compileMessage';

// The catalogues write counted texts as ICU plurals ('{count, plural, one {# mile} other {# miles}}').
// Lingui renders a plural through `Intl.NumberFormat` for its `#`, always, and the first
// NumberFormat a page creates costs 30–60 ms of main thread (ICU's number data), inside the render
// of every signed-in first screen (the navigation's unread badge, the card's layover nights, My
// Profile's distance): the largest single cost of /swipe's and /profile's first render. So the build
// compiles a plural into a select on the count's plural category (`Intl.PluralRules`, a few ms the
// first time), which `pluralValues` adds beside each number, and its `#` into the count itself.
// The counts shown this way are small whole numbers (under 1,000), written alike in the four
// languages with or without NumberFormat; the catalogue test compares every plural with Lingui's own.

const CATEGORY_SUFFIX = '__plural';
const categoryName = (name: string) => `${name}${CATEGORY_SUFFIX}`;

function withoutPlurals(tokens: CompiledMessage, count: string | null): CompiledMessage {
  return tokens.map((token): CompiledMessageToken => {
    if (token === '#' && count !== null) return [count];
    if (typeof token === 'string' || token.length < 3 || typeof token[2] !== 'object' || token[2] === null) return token;
    const [name, type, choices] = token as [string, string, CompiledIcuChoices];
    if (type !== 'plural' && type !== 'select') throw new Error(`the catalogues use no ${type} (in {${name}})`);
    const { offset, ...cases } = choices;
    if (type === 'plural') {
      const exact = Object.keys(cases).find((key) => /^\d+$/.test(key));
      if (offset !== undefined) throw new Error(`{${name}, plural}: a select on the count's category cannot say an offset`);
      if (exact !== undefined) throw new Error(`{${name}, plural}: a select on the count's category cannot say =${exact}, only one, other…`);
    }
    // as in Lingui, a `#` stands for the count of the plural it is written in, not of one around a select
    const inner = type === 'plural' ? name : null;
    const compiled = Object.fromEntries(Object.entries(cases).map(([key, branch]) => [key, withoutPlurals(branch, inner)]));
    return type === 'plural' ? [categoryName(name), 'select', compiled] : [name, type, compiled];
  });
}

/** A catalogue message in Lingui's compiled form, its plurals as selects on `pluralValues`' categories. */
export function compileCatalogMessage(message: string): CompiledMessage {
  return withoutPlurals(compileMessage(message), null);
}

const rules = new Map<string, Intl.PluralRules>();

/** The values of a text with each number's plural category in `locale` beside it (see above). */
export function pluralValues<V extends Record<string, unknown>>(locale: string, values: V | undefined): V | undefined {
  if (!values) return values;
  let out: Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== 'number') continue;
    let forLocale = rules.get(locale);
    if (!forLocale) rules.set(locale, (forLocale = new Intl.PluralRules(locale)));
    (out ??= { ...values })[categoryName(name)] = forLocale.select(value);
  }
  return (out as V | undefined) ?? values;
}
