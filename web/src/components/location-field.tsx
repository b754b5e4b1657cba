import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { Limits } from '@aero/contracts/shared';
import { useT } from '../i18n';
import { useSearchPlacesQuery, type PlaceSuggestion } from '../lib/shared-api';
import { StyledFieldError, StyledFieldLabel, StyledFieldWrap } from './form-fields';

const StyledBox = styled.div`
  position: relative;
`;

const StyledInput = styled.input<{ $invalid: boolean }>`
  width: 100%;
  min-height: ${({ theme }) => theme.touchTarget};
  padding: 0 ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1.5px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: 1rem;
  &::placeholder { color: ${({ theme }) => theme.colors.textMuted}; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; border-color: transparent; }
`;

const StyledList = styled.ul`
  position: absolute;
  z-index: 20;
  top: calc(100% + 4px);
  left: 0;
  right: 0;
  list-style: none;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  overflow: hidden;
`;

const StyledOption = styled.li<{ $active: boolean }>`
  min-height: ${({ theme }) => theme.touchTarget};
  display: flex;
  align-items: center;
  padding: 0 ${({ theme }) => theme.space.lg};
  cursor: pointer;
  background: ${({ theme, $active }) => ($active ? theme.colors.backgroundAlt : 'transparent')};
  & + & { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
`;

export interface LocationValue {
  location: string;
  latitude: string | null;
  longitude: string | null;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/**
 * Location with search suggestions (spec §5): from 3 characters, 300 ms after typing stops, at
 * most 5 US places; choosing one gives 'City, State' and its coordinates.
 */
export function LocationField({ value, onChange, error, label }: { value: LocationValue; onChange: (v: LocationValue) => void; error?: string; label?: string }) {
  const t = useT();
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced((typed ?? '').trim(), Limits.locationSearchDebounceMs);
  const { data, isFetching } = useSearchPlacesQuery(query, { skip: query.length < Limits.locationSearchMinChars });
  const suggestions: PlaceSuggestion[] = query.length >= Limits.locationSearchMinChars ? (data ?? []).slice(0, Limits.locationSearchShow) : [];
  const showList = open && typed !== null && suggestions.length > 0;

  const choose = (s: PlaceSuggestion) => {
    onChange({ location: s.label, latitude: String(s.latitude), longitude: String(s.longitude) });
    setTyped(null);
    setOpen(false);
    setActive(-1);
  };

  return (
    <StyledFieldWrap>
      <StyledFieldLabel htmlFor={id}>{label ?? t('location.label')}</StyledFieldLabel>
      <StyledBox>
        <StyledInput
          id={id}
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          $invalid={!!error}
          autoComplete="off"
          placeholder={t('location.placeholder')}
          value={value.location}
          onChange={(e) => {
            setTyped(e.target.value);
            setOpen(true);
            setActive(-1);
            onChange({ location: e.target.value, latitude: null, longitude: null });
          }}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
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
              choose(suggestions[active]);
            } else if (e.key === 'Escape') setOpen(false);
          }}
        />
        {showList && (
          <StyledList id={listId} role="listbox" aria-label={t('location.suggestions')} aria-busy={isFetching}>
            {suggestions.map((s, i) => (
              <StyledOption
                key={`${s.label}-${s.latitude}-${s.longitude}`}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                $active={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(s)}
              >
                {s.label}
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
