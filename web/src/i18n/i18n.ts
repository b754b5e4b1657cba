import { startTransition } from 'react';
import { i18n } from '@lingui/core';
import { PRODUCT_NAME } from '@aero/contracts/shared';
import { catalogLoaders } from './catalog-loaders';
import type { CatalogPart } from './catalog-parts';
import { setCallLanguage } from '../lib/http';
import { localeOf, type Language, type Locale } from './languages';

// The one Lingui instance. Only the active language's catalogue is fetched, in chunks: the first
// screen's texts, then the screens' texts, which lazily loaded screens wait for, and the help,
// privacy and admin pages' texts, which only those pages wait for (catalog-parts.ts).

const loads = new Map<string, Promise<void>>();
let requested: Locale | null = null;
/** whether a page of the third part has been shown: a switch of language then loads that part too */
let pagesWanted = false;

/** loads one part of a language's catalogue, once (a failed load is tried again next time) */
function loadPart(locale: Locale, part: CatalogPart): Promise<void> {
  const key = `${locale}:${part}`;
  let load = loads.get(key);
  if (!load) {
    // loading tells every text on screen to render again: as a transition, React does that in
    // slices (a part of the active language only adds texts of screens not shown yet)
    const loaded = part === 'pages' ? import('./page-catalog-loaders').then((m) => m.pageCatalogLoaders[locale]()) : catalogLoaders[locale][part]();
    load = loaded.then(({ default: messages }) => startTransition(() => i18n.load(locale, messages)));
    load.catch(() => loads.delete(key));
    loads.set(key, load);
  }
  return load;
}

/**
 * Loads the language's catalogue and makes it the active one; the last request wins. At start-up
 * only the first screen's part is loaded: the screens' part comes with the first lazily loaded
 * screen (screenTexts), so the login screen is not rendered a second time for texts it does not
 * show. A switch of language waits for every part loaded before, so no screen shows a text in the
 * previous language; asking again for the language already requested changes nothing.
 */
export async function activateLanguage(language: Language): Promise<void> {
  const locale = localeOf(language);
  if (locale === requested) return loadPart(locale, 'first');
  const starting = requested === null;
  requested = locale;
  // at start-up the first part only, unless a page already asked for its texts
  const parts: CatalogPart[] = pagesWanted ? ['first', 'screens', 'pages'] : starting ? ['first'] : ['first', 'screens'];
  await Promise.all(parts.map((part) => loadPart(locale, part)));
  if (requested !== locale || i18n.locale === locale) return;
  i18n.activate(locale);
  document.documentElement.lang = locale;
  // the API calls say it too: the mails they send are written in it
  setCallLanguage(locale);
  // the tab's and the installed app's title in the language too (index.html carries the English one)
  document.title = `${PRODUCT_NAME} — ${i18n._('app.tagline')}`;
}

/** resolves once the active language's screen texts are loaded: a lazily loaded screen waits for it */
export function screenTexts(): Promise<void> {
  return requested ? loadPart(requested, 'screens') : Promise.resolve();
}

/** resolves once the texts of the help, privacy and admin pages are loaded too: those pages wait for it */
export function pageTexts(): Promise<void> {
  pagesWanted = true;
  return requested ? Promise.all([loadPart(requested, 'screens'), loadPart(requested, 'pages')]).then(() => undefined) : Promise.resolve();
}

export { i18n };
