import { useCallback } from 'react';
import { useT, type Text } from '../../../i18n';

/** Shows a value that is either plain text (a name) or a catalogue text, in the active language. */
export function useText() {
  const t = useT();
  return useCallback((value: Text | string) => (typeof value === 'string' ? value : t(value)), [t]);
}
