import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { Messages } from '../../libs/contracts/src/messages.ts';
import { sourceCatalog, type SourceCatalog } from '../src/i18n/catalog-source.ts';
import { sectionOf } from '../src/i18n/catalog-sections.ts';

// `import('virtual:aero-catalog/<locale>')` → that locale's catalogue, compiled at build time
// (Lingui's precompiled message format), so the browser loads no message parser and only the
// active language's catalogue, as its own chunk; `virtual:aero-catalog/<locale>/<section>` → the
// keys of a section loaded later (catalog-sections.ts), which the main catalogue leaves out.
const PREFIX = 'virtual:aero-catalog/';
const RESOLVED = '\0aero-catalog:';
const LOCALES_DIR = fileURLToPath(new URL('../src/i18n/locales/', import.meta.url));

export function compiledCatalogs(): Plugin {
  return {
    name: 'aero-compiled-catalogs',
    resolveId(id) {
      return id.startsWith(PREFIX) ? RESOLVED + id.slice(PREFIX.length) : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const [locale, section = null] = id.slice(RESOLVED.length).split('/');
      if (!/^[a-z]{2}$/.test(locale ?? '') || (section !== null && !/^[a-z]+$/.test(section))) throw new Error(`Unknown catalogue ${id}`);
      const file = `${LOCALES_DIR}${locale}.json`;
      this.addWatchFile(file);
      const source = sourceCatalog(locale, JSON.parse(readFileSync(file, 'utf8')) as SourceCatalog, Messages);
      const compiled = Object.fromEntries(Object.entries(source).flatMap(([key, message]) => (sectionOf(key) === section ? [[key, compileMessage(message)]] : [])));
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
