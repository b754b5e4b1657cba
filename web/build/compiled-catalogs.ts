import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { Messages } from '../../libs/contracts/src/messages.ts';
import { sourceCatalog, type SourceCatalog } from '../src/i18n/catalog-source.ts';

// `import('virtual:aero-catalog/<locale>')` → that locale's catalogue, compiled at build time
// (Lingui's precompiled message format), so the browser loads no message parser and only the
// active language's catalogue, as its own chunk.
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
      const locale = id.slice(RESOLVED.length);
      if (!/^[a-z]{2}$/.test(locale)) throw new Error(`Unknown catalogue ${locale}`);
      const file = `${LOCALES_DIR}${locale}.json`;
      this.addWatchFile(file);
      const source = sourceCatalog(locale, JSON.parse(readFileSync(file, 'utf8')) as SourceCatalog, Messages);
      const compiled = Object.fromEntries(Object.entries(source).map(([key, message]) => [key, compileMessage(message)]));
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
