import { i18n, type Messages as CompiledMessages } from '@lingui/core';
import type { CatalogSection } from './catalog-sections';
import { localeOf, type Language, type Locale } from './languages';

// The one Lingui instance. Only the active language's catalogue is fetched (a chunk of its own).
const loaders: Record<Locale, () => Promise<{ default: CompiledMessages }>> = {
  en: () => import('virtual:aero-catalog/en'),
  es: () => import('virtual:aero-catalog/es'),
  fr: () => import('virtual:aero-catalog/fr'),
  de: () => import('virtual:aero-catalog/de'),
};

const sectionLoaders: Record<CatalogSection, Record<Locale, () => Promise<{ default: CompiledMessages }>>> = {
  safety: {
    en: () => import('virtual:aero-catalog/en/safety'),
    es: () => import('virtual:aero-catalog/es/safety'),
    fr: () => import('virtual:aero-catalog/fr/safety'),
    de: () => import('virtual:aero-catalog/de/safety'),
  },
  pages: {
    en: () => import('virtual:aero-catalog/en/pages'),
    es: () => import('virtual:aero-catalog/es/pages'),
    fr: () => import('virtual:aero-catalog/fr/pages'),
    de: () => import('virtual:aero-catalog/de/pages'),
  },
};

const loaded = new Set<string>();
const sections = new Set<CatalogSection>();
let requested: Locale | null = null;

/** the main catalogue of the locale and the sections asked for so far (each once; Lingui merges them) */
async function load(locale: Locale) {
  const parts: [string, () => Promise<{ default: CompiledMessages }>][] = [[locale, loaders[locale]], ...[...sections].map((s): [string, () => Promise<{ default: CompiledMessages }>] => [`${locale}/${s}`, sectionLoaders[s][locale]])];
  for (const [part, loader] of parts) {
    if (loaded.has(part)) continue;
    i18n.load(locale, (await loader()).default);
    loaded.add(part);
  }
}

/** the texts of a screen loaded later, in the active language and in any chosen afterwards */
export async function loadCatalogSection(section: CatalogSection): Promise<void> {
  sections.add(section);
  await load(requested ?? (i18n.locale as Locale));
}

/** Loads the language's catalogue (once) and makes it the active one; the last request wins. */
export async function activateLanguage(language: Language): Promise<void> {
  const locale = localeOf(language);
  requested = locale;
  await load(locale);
  if (requested !== locale || i18n.locale === locale) return;
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

export { i18n };
