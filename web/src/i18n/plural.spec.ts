import { jest } from '@jest/globals';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LOCALES } from './languages';
import { compileCatalogMessage, pluralValues } from './plural';
import { placeholders, readCatalog, render } from './testing';

// Counted texts compile to selects on the count's plural category (plural.ts): they must read
// exactly as Lingui's own plurals do, in every language, without creating an Intl.NumberFormat.

const COUNTS = [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 100, 101, 250, 999];

describe('counted texts', () => {
  it.each(LOCALES)('%s: every plural of the catalogue reads as Lingui renders it, for counts under 1,000', (locale) => {
    const plurals = Object.entries(readCatalog(locale)).filter(([, message]) => /\{\w+, plural,/.test(message));
    expect(plurals.length).toBeGreaterThan(0);
    const lingui = setupI18n({ locale, messages: { [locale]: Object.fromEntries(plurals.map(([id, message]) => [id, compileMessage(message)])) } });
    for (const [id, message] of plurals) {
      for (const n of COUNTS) {
        const values = Object.fromEntries(placeholders(message).map((name) => [name, n]));
        expect([id, n, render(id as never, locale, values)]).toEqual([id, n, lingui._(id, values)]);
      }
    }
  });

  it('reads one and other apart as each language does (French counts 0 as one)', () => {
    expect(render('nav.activityUnread', 'en', { count: 1 })).toBe('1 unread notification');
    expect(render('nav.activityUnread', 'en', { count: 0 })).toBe('0 unread notifications');
    expect(render('nav.activityUnread', 'fr', { count: 0 })).toBe('0 notification non lue');
    expect(render('nav.activityUnread', 'de', { count: 12 })).toBe('12 ungelesene Benachrichtigungen');
  });

  it('creates no Intl.NumberFormat, where Lingui’s plural does', () => {
    const message = '{count, plural, one {# mile} other {# miles}}';
    // locales no other test renders in: Lingui keeps the formatters it made, per locale
    const ours = setupI18n({ locale: 'en-NZ', messages: { 'en-NZ': { miles: compileCatalogMessage(message) } } });
    const theirs = setupI18n({ locale: 'en-AU', messages: { 'en-AU': { miles: compileMessage(message) } } });
    const created = jest.spyOn(Intl, 'NumberFormat');
    try {
      expect(ours._('miles', pluralValues('en-NZ', { count: 1 }))).toBe('1 mile');
      expect(ours._('miles', pluralValues('en-NZ', { count: 40 }))).toBe('40 miles');
      expect(created).not.toHaveBeenCalled();
      expect(theirs._('miles', { count: 40 })).toBe('40 miles');
      expect(created).toHaveBeenCalled();
    } finally {
      created.mockRestore();
    }
  });

  it('leaves a # inside a select as it is, and a select on a text alone', () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: { x: compileCatalogMessage('{n, plural, one {{kind, select, a {# A} other {B}}} other {# {kind}}}') } } });
    expect(i18n._('x', pluralValues('en', { n: 1, kind: 'a' }))).toBe('# A');
    expect(i18n._('x', pluralValues('en', { n: 3, kind: 'c' }))).toBe('3 c');
  });

  it('refuses what a select on the category cannot say: an offset or an exact count', () => {
    expect(() => compileCatalogMessage('{n, plural, =0 {none} other {# left}}')).toThrow('cannot say =0');
    expect(() => compileCatalogMessage('{n, plural, offset:1 one {#} other {#}}')).toThrow('cannot say an offset');
  });
});
