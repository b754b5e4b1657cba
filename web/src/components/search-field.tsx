import { useEffect, useId, useState, type ReactNode, type Ref } from 'react';
import styled from 'styled-components';
import { Limits } from '@aero/contracts/shared';
import { StyledFieldError, StyledFieldLabel, StyledFieldWrap } from './form-fields';
import { theme } from '../theme';
import { fieldControl } from './field-control';

const StyledBox = styled.div`
  position: relative;
`;

const StyledInput = styled.input`
  ${fieldControl}
`;

const StyledList = styled.ul`
  position: absolute;
  z-index: ${theme.zIndex.dropdown};
  top: calc(100% + 4px);
  left: 0;
  right: 0;
  margin: 0;
  padding: 0;
  list-style: none;
  background: ${theme.colors.surfaceRaised};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius.md};
  box-shadow: ${theme.shadow.raised};
  overflow: hidden;
`;

const StyledOption = styled.li<{ $active: boolean }>`
  min-height: ${theme.touchTarget};
  display: flex;
  align-items: center;
  padding: 0 ${theme.space.lg};
  cursor: pointer;
  background: ${({ $active }) => ($active ? theme.colors.backgroundAlt : 'transparent')};
  & + & { border-top: 1px solid ${theme.colors.border}; }
`;

export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/**
 * A text field with search suggestions (a combobox): the text typed goes to `onType` (debounce
 * the query with `useDebounced`), the suggestions show below it while typing, and arrow keys,
 * Enter or a tap choose one.
 */
export function SearchField<T>({
  label,
  placeholder,
  listLabel,
  text,
  suggestions,
  busy,
  keyOf,
  render,
  onType,
  onChoose,
  onLeave,
  error,
  inputRef,
}: {
  label: ReactNode;
  placeholder?: string;
  listLabel: string;
  /** what the field shows: the text typed, or the choice made */
  text: string;
  suggestions: T[];
  busy?: boolean;
  keyOf: (s: T) => string;
  render: (s: T) => ReactNode;
  onType: (text: string) => void;
  onChoose: (s: T) => void;
  /** the focus left the field (not for a tap on a suggestion, which chooses) */
  onLeave?: () => void;
  error?: string;
  /** the input (a form library focuses the field with an error) */
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const showList = open && suggestions.length > 0;

  const choose = (s: T) => {
    onChoose(s);
    setOpen(false);
    setActive(-1);
  };

  return (
    <StyledFieldWrap>
      <StyledFieldLabel htmlFor={id}>{label}</StyledFieldLabel>
      <StyledBox>
        <StyledInput
          ref={inputRef}
          id={id}
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoComplete="off"
          placeholder={placeholder}
          value={text}
          onChange={(e) => {
            setOpen(true);
            setActive(-1);
            onType(e.target.value);
          }}
          onBlur={() => {
            onLeave?.();
            setTimeout(() => setOpen(false), 150);
          }}
          onKeyDown={(e) => {
            if (!showList) return;
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive((a) => (a + 1) % suggestions.length);
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1));
            } else if (e.key === 'Enter' && active >= 0) {
              e.preventDefault();
              choose(suggestions[active]!);
            } else if (e.key === 'Escape') setOpen(false);
          }}
        />
        {showList && (
          <StyledList id={listId} role="listbox" aria-label={listLabel} aria-busy={busy}>
            {suggestions.map((s, i) => (
              <StyledOption key={keyOf(s)} id={`${listId}-${i}`} role="option" aria-selected={i === active} $active={i === active} onMouseDown={(e) => e.preventDefault()} onClick={() => choose(s)}>
                {render(s)}
              </StyledOption>
            ))}
          </StyledList>
        )}
      </StyledBox>
      {error && (
        <StyledFieldError id={errorId} role="alert">
          {error}
        </StyledFieldError>
      )}
    </StyledFieldWrap>
  );
}

/** the typed text of a search field, debounced, once it is long enough to search */
export function useSearchText(minChars: number = Limits.locationSearchMinChars) {
  const [typed, setTyped] = useState<string | null>(null);
  const query = useDebounced((typed ?? '').trim(), Limits.locationSearchDebounceMs);
  return { typed, setTyped, query, searching: typed !== null && query.length >= minChars };
}
