import { readFileSync } from 'node:fs';
import { setupI18n, type I18n } from '@lingui/core';
import { Messages } from '@aero/contracts/shared';
import { sourceCatalog, type SourceCatalog } from './catalog-source';
import { compileCatalogMessage, pluralValues } from './plural';
import type { Locale } from './languages';
import type { MessageKey, Text } from './message-key';

// Unit tests only (Node): a catalogue as the build sees it, and texts rendered in a language, so
// that tests assert what a person reads (the spec's English, or a translation).
export function readCatalog(locale: Locale): SourceCatalog {
  const json = JSON.parse(readFileSync(new URL(`./locales/${locale}.json`, import.meta.url), 'utf8')) as SourceCatalog;
  return sourceCatalog(locale, json, Messages);
}

const instances = new Map<Locale, I18n>();

/** Renders a text (or an id with values) in a locale, English by default. */
export function render(value: Text | MessageKey, locale: Locale = 'en', values?: Text['values']): string {
  let i18n = instances.get(locale);
  if (!i18n) {
    const compiled = Object.fromEntries(Object.entries(readCatalog(locale)).map(([id, message]) => [id, compileCatalogMessage(message)]));
    i18n = setupI18n({ locale, messages: { [locale]: compiled } });
    instances.set(locale, i18n);
  }
  return typeof value === 'string' ? i18n._(value, pluralValues(locale, values)) : i18n._(value.id, pluralValues(locale, value.values));
}

/** The names of a message's placeholders (`{count}`, `{count, plural, …}`), each once, sorted. */
export const placeholders = (message: string): string[] => [...new Set([...message.matchAll(/\{(\w+)/g)].map((m) => m[1]))].sort();
