import { LANGUAGE_LOCALES, type Language, type Locale } from '@aero/contracts/shared';

// The four languages of the settings (spec §3) and their locales (libs/contracts: the server's
// mails use the same). Pure: no React, no catalogues.
export { LANGUAGE_LOCALES, type Language, type Locale };
export const LOCALES = Object.values(LANGUAGE_LOCALES);

export const localeOf = (language: Language): Locale => LANGUAGE_LOCALES[language] ?? 'en';

/** The first of the browser's languages that is one of the four (by its primary subtag), else English. */
export function detectLanguage(browserLanguages: readonly string[] | undefined): Language {
  for (const tag of browserLanguages ?? []) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    const match = (Object.entries(LANGUAGE_LOCALES) as [Language, Locale][]).find(([, locale]) => locale === primary);
    if (match) return match[0];
  }
  return 'english';
}
