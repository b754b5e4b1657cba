import type { FieldErrors, FieldValues } from 'react-hook-form';
import { useT } from '../i18n';
import { errorId } from './forms';

/** `fieldError('email')`: the field's validation message in the active language, if any. */
export function useFieldError<T extends FieldValues>(errors: FieldErrors<T>) {
  const t = useT();
  return (name: keyof T & string) => {
    const id = errorId(errors, name);
    return id ? t(id) : undefined;
  };
}
