import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { Messages } from '../../libs/contracts/src/messages.ts';
import { catalogPartOf, type CatalogPart } from '../src/i18n/catalog-parts.ts';
import { sourceCatalog, type SourceCatalog } from '../src/i18n/catalog-source.ts';
import { compileCatalogMessage } from '../src/i18n/plural.ts';

// `import('virtual:aero-catalog/<locale>')` → the first-screen part of that locale's catalogue,
// `import('virtual:aero-catalog-screens/<locale>')` → the screens' part, `import('virtual:aero-catalog-pages/<locale>')`
// → the help, privacy and admin pages' part (src/i18n/catalog-parts.ts), compiled
// at build time (Lingui's precompiled message format), so the browser loads no message parser and
// only the active language's catalogue, each part as its own chunk. Plurals compile to selects
// (src/i18n/plural.ts).
const PARTS: Record<string, CatalogPart> = { 'virtual:aero-catalog/': 'first', 'virtual:aero-catalog-screens/': 'screens', 'virtual:aero-catalog-pages/': 'pages' };
const RESOLVED = '\0aero-catalog:';
const LOCALES_DIR = fileURLToPath(new URL('../src/i18n/locales/', import.meta.url));

export function compiledCatalogs(): Plugin {
  return {
    name: 'aero-compiled-catalogs',
    resolveId(id) {
      const prefix = Object.keys(PARTS).find((p) => id.startsWith(p));
      return prefix ? `${RESOLVED}${PARTS[prefix]}:${id.slice(prefix.length)}` : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const [part, locale] = id.slice(RESOLVED.length).split(':') as [CatalogPart, string];
      if (!/^[a-z]{2}$/.test(locale)) throw new Error(`Unknown catalogue ${locale}`);
      const file = `${LOCALES_DIR}${locale}.json`;
      this.addWatchFile(file);
      const source = sourceCatalog(locale, JSON.parse(readFileSync(file, 'utf8')) as SourceCatalog, Messages);
      const compiled = Object.fromEntries(
        Object.entries(source)
          .filter(([key]) => catalogPartOf(key) === part)
          .map(([key, message]) => [key, compileCatalogMessage(message)]),
      );
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
