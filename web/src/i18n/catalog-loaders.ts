import type { Messages as CompiledMessages } from '@lingui/core';
import type { CatalogPart } from './catalog-parts';
import type { Locale } from './languages';

// Where each language's catalogue parts come from (chunks made by build/compiled-catalogs.ts).
// Without Lingui or React: the page's first script (app/start-early.ts) starts the first screen's
// downloading before the app has loaded; i18n.ts loads them into Lingui. The pages' part is found
// through page-catalog-loaders.ts, itself loaded only when a page wants it.

export type Loader = () => Promise<{ default: CompiledMessages }>;

export const catalogLoaders: Record<Locale, Record<Exclude<CatalogPart, 'pages'>, Loader>> = {
  en: { first: () => import('virtual:aero-catalog/en'), screens: () => import('virtual:aero-catalog-screens/en') },
  es: { first: () => import('virtual:aero-catalog/es'), screens: () => import('virtual:aero-catalog-screens/es') },
  fr: { first: () => import('virtual:aero-catalog/fr'), screens: () => import('virtual:aero-catalog-screens/fr') },
  de: { first: () => import('virtual:aero-catalog/de'), screens: () => import('virtual:aero-catalog-screens/de') },
};
