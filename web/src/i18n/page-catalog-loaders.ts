import type { Loader } from './catalog-loaders';
import type { Locale } from './languages';

// Where each language's texts of the help, privacy and admin pages come from (catalog-parts.ts):
// a module of its own, loaded with the first such page, so the first screen does not carry these
// loaders.

export const pageCatalogLoaders: Record<Locale, Loader> = {
  en: () => import('virtual:aero-catalog-pages/en'),
  es: () => import('virtual:aero-catalog-pages/es'),
  fr: () => import('virtual:aero-catalog-pages/fr'),
  de: () => import('virtual:aero-catalog-pages/de'),
};
