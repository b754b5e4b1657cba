import type { Messages } from '@aero/contracts/shared';

// The source catalogues: one flat JSON file per locale (id → ICU message). The spec's validation
// and error texts are not re-typed for English: the English catalogue takes them from
// `Messages` in @aero/contracts/shared (the texts the server validates with), as `messages.<key>`;
// the other languages translate the same ids. Pure (no Vite, no React): the build compiles these
// catalogues and the unit tests read them.

export type SourceCatalog = Record<string, string>;
export type SharedMessages = typeof Messages;
export type MessagesKey = keyof SharedMessages;

/** `Messages` as ICU messages: texts with a file name take the `{file}` placeholder. */
export function sharedMessages(messages: SharedMessages): Record<`messages.${MessagesKey}`, string> {
  const out = {} as Record<`messages.${MessagesKey}`, string>;
  for (const [key, value] of Object.entries(messages) as [MessagesKey, string | ((file: string) => string)][]) {
    out[`messages.${key}`] = typeof value === 'function' ? value('{file}') : value;
  }
  return out;
}

/** The complete catalogue of a locale from its JSON file (English gains the shared texts). */
export function sourceCatalog(locale: string, json: SourceCatalog, messages: SharedMessages): SourceCatalog {
  return locale === 'en' ? { ...json, ...sharedMessages(messages) } : json;
}
