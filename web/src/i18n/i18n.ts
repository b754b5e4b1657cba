import { i18n, type Messages as CompiledMessages } from '@lingui/core';
import { localeOf, type Language, type Locale } from './languages';

// The one Lingui instance. Only the active language's catalogue is fetched (a chunk of its own).
const loaders: Record<Locale, () => Promise<{ default: CompiledMessages }>> = {
  en: () => import('virtual:aero-catalog/en'),
  es: () => import('virtual:aero-catalog/es'),
  fr: () => import('virtual:aero-catalog/fr'),
  de: () => import('virtual:aero-catalog/de'),
};

const loaded = new Set<Locale>();
let requested: Locale | null = null;

/** Loads the language's catalogue (once) and makes it the active one; the last request wins. */
export async function activateLanguage(language: Language): Promise<void> {
  const locale = localeOf(language);
  requested = locale;
  if (!loaded.has(locale)) {
    const { default: messages } = await loaders[locale]();
    i18n.load(locale, messages);
    loaded.add(locale);
  }
  if (requested !== locale || i18n.locale === locale) return;
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

export { i18n };
