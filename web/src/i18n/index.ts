import { useCallback } from 'react';
import { useLingui } from '@lingui/react';
import type { MessageKey, Text } from './message-key';
import { isOptionValue, optionKey, type OptionField } from './options';
import { pluralValues } from './plural';
import { serverErrorText } from './server-errors';

export { activateLanguage, i18n, pageTexts, screenTexts } from './i18n';
export { detectLanguage, localeOf, type Language, type Locale } from './languages';
export { text, type MessageKey, type Text } from './message-key';
export { serverErrorText } from './server-errors';
export { OPTION_LISTS, optionKey, type OptionField } from './options';

export type Translate = (id: MessageKey | Text, values?: Record<string, string | number>) => string;

/** `t('auth.signIn.title')`, `t('photos.count', { count })` or `t(textFromARule)` in the active language. */
export function useT(): Translate {
  const { _, i18n } = useLingui();
  const { locale } = i18n;
  return useCallback<Translate>(
    (id, values) => (typeof id === 'string' ? _(id, pluralValues(locale, values)) : _(id.id, pluralValues(locale, id.values))),
    [_, locale],
  );
}

/** The active locale (for Intl formatting). */
export function useLocale(): string {
  return useLingui().i18n.locale;
}

/** Date and time in the active language, through Intl. */
export function useFormatDateTime(options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }) {
  const locale = useLocale();
  return useCallback(
    (value: string | number | Date) => {
      const date = value instanceof Date ? value : new Date(value);
      return Number.isNaN(date.getTime()) ? String(value) : new Intl.DateTimeFormat(locale, options).format(date);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [locale, JSON.stringify(options)],
  );
}

/** Shows a value that is either plain text (a name, the server's words) or a catalogue text, in the active language. */
export function useText() {
  const t = useT();
  return useCallback((value: Text | string) => (typeof value === 'string' ? value : t(value)), [t]);
}

/** The text for a failed call: the server's error in the active language, else `fallback`. */
export function useErrorText() {
  const t = useT();
  const show = useText();
  return useCallback(
    (error: unknown, fallback: MessageKey | Text) => {
      const found = serverErrorText(error);
      return found === null ? t(fallback) : show(found);
    },
    [t, show],
  );
}

/** The label of an option value (`option.<field>.<value>`); values outside the lists show as they are. */
export function useOptionLabel() {
  const t = useT();
  return useCallback((field: OptionField, value: string) => (isOptionValue(field, value) ? t(optionKey(field, value)) : value), [t]);
}

/** `{ value, label }` choices of a select, labelled in the active language. */
export function useOptions() {
  const label = useOptionLabel();
  return useCallback((field: OptionField, values: readonly string[]) => values.map((value) => ({ value, label: label(field, value) })), [label]);
}
