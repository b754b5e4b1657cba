import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import * as Switch from '@radix-ui/react-switch';
import styled from 'styled-components';
import { theme } from '../theme';
import { fieldControl } from './field-control';

// Labelled select, textarea and switch in the style of TextField: 44 px targets, 16 px text,
// validation messages wired through aria-describedby. Selects stay native <select> elements (the
// phone's own accessible picker); the switch is Radix's (a button with role="switch").

export const StyledFieldWrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
`;

export const StyledFieldLabel = styled.label`
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.medium};
`;

export const StyledFieldError = styled.p`
  color: ${theme.colors.danger};
  font-size: ${theme.font.size.sm};
`;

// an option longer than the select ('Select who you're interested in' at 360 px) ends in an ellipsis
// rather than being cut off mid-letter
const StyledSelect = styled.select`
  ${fieldControl}
  appearance: none;
  background-image: linear-gradient(45deg, transparent 50%, currentColor 50%), linear-gradient(135deg, currentColor 50%, transparent 50%);
  background-position: calc(100% - 20px) 50%, calc(100% - 14px) 50%;
  background-size: 6px 6px;
  background-repeat: no-repeat;
  padding-right: 32px;
  text-overflow: ellipsis;
`;

const StyledTextArea = styled.textarea`
  ${fieldControl}
  padding: ${theme.space.md} ${theme.space.lg};
  min-height: 104px;
  resize: vertical;
  font-family: inherit;
  line-height: 1.45;
`;

export interface SelectOption {
  value: string;
  label: string;
}

/** choices shown as their values, untranslated (airline names) */
export const plainOptions = (values: readonly string[]): SelectOption[] => values.map((value) => ({ value, label: value }));

export interface SelectFieldProps extends Omit<ComponentPropsWithRef<'select'>, 'id' | 'children'> {
  label: string;
  options: readonly SelectOption[];
  /** text of the empty choice; omit to offer no empty choice */
  placeholder?: string;
  error?: string;
  /** the stored value, offered too when it is outside the list (so it stays visible and unchanged) */
  current?: SelectOption;
}

export function SelectField({ label, options, placeholder, error, current, ...select }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  // a stored value from the other form's list stays visible instead of silently changing
  const known = !current?.value || options.some((o) => o.value === current.value);
  return (
    <StyledFieldWrap>
      <StyledFieldLabel htmlFor={id}>{label}</StyledFieldLabel>
      <StyledSelect id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {!known && current && <option value={current.value}>{current.label}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </StyledSelect>
      {error && (
        <StyledFieldError id={errorId} role="alert">
          {error}
        </StyledFieldError>
      )}
    </StyledFieldWrap>
  );
}

export interface TextAreaFieldProps extends Omit<ComponentPropsWithRef<'textarea'>, 'id'> {
  label: string;
  error?: string;
}

export function TextAreaField({ label, error, ...area }: TextAreaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <StyledFieldWrap>
      <StyledFieldLabel htmlFor={id}>{label}</StyledFieldLabel>
      <StyledTextArea id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...area} />
      {error && (
        <StyledFieldError id={errorId} role="alert">
          {error}
        </StyledFieldError>
      )}
    </StyledFieldWrap>
  );
}

const StyledSwitchRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.md};
  min-height: ${theme.touchTarget};
  label { display: flex; flex-direction: column; cursor: pointer; flex: 1; }
  span.hint { font-size: ${theme.font.size.sm}; color: ${theme.colors.textMuted}; }
`;

const StyledSwitch = styled(Switch.Root)`
  all: unset;
  flex: none;
  box-sizing: border-box;
  width: 52px;
  height: 32px;
  border-radius: ${theme.radius.pill};
  background: ${theme.colors.border};
  position: relative;
  cursor: pointer;
  transition: background 150ms ease;
  /* a 44 px tap target around the 32 px track */
  &::before { content: ''; position: absolute; inset: -6px -2px; }
  &[data-state='checked'] { background: ${theme.colors.accent}; }
  &:focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 2px; }
`;

const StyledThumb = styled(Switch.Thumb)`
  display: block;
  width: 26px;
  height: 26px;
  border-radius: 50%;
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadow.thumb};
  transition: transform 150ms ease;
  transform: translateX(3px);
  &[data-state='checked'] { transform: translateX(23px); }
`;

export function SwitchField({ label, hint, checked, onChange }: { label: string; hint?: ReactNode; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <StyledSwitchRow data-switch-row="">
      <label htmlFor={id}>
        <span>{label}</span>
        {hint && <span className="hint">{hint}</span>}
      </label>
      <StyledSwitch id={id} checked={checked} onCheckedChange={onChange}>
        <StyledThumb />
      </StyledSwitch>
    </StyledSwitchRow>
  );
}
