import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';

// Labelled select, textarea and switch in the style of TextField: 44 px targets, 16 px text,
// validation messages wired through aria-describedby.

export const StyledFieldWrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

export const StyledFieldLabel = styled.label`
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

export const StyledFieldError = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const control = css<{ $invalid: boolean }>`
  min-height: ${({ theme }) => theme.touchTarget};
  padding: 0 ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1.5px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: 1rem;
  width: 100%;
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; border-color: transparent; }
`;

const StyledSelect = styled.select<{ $invalid: boolean }>`
  ${control}
  appearance: none;
  background-image: linear-gradient(45deg, transparent 50%, currentColor 50%), linear-gradient(135deg, currentColor 50%, transparent 50%);
  background-position: calc(100% - 20px) 50%, calc(100% - 14px) 50%;
  background-size: 6px 6px;
  background-repeat: no-repeat;
  padding-right: 40px;
`;

const StyledTextArea = styled.textarea<{ $invalid: boolean }>`
  ${control}
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  min-height: 104px;
  resize: vertical;
  font-family: inherit;
  line-height: 1.45;
`;

export interface SelectOption {
  value: string;
  label: string;
}

/** 'long_term' → 'Long term', 'prefer-not-to-say' → 'Prefer not to say', '1-2-times-week' → '1-2 times a week'. */
export function optionLabel(value: string): string {
  const special: Record<string, string> = {
    '1-2-times-week': '1-2 times a week',
    '3-4-times-week': '3-4 times a week',
    'multiple-daily': 'Multiple times a day',
    'non-monogamous': 'Non-monogamous',
    'african-black': 'African / Black',
    'hispanic-latino': 'Hispanic / Latino',
    'white-caucasian': 'White / Caucasian',
    'not-sure': 'Not sure',
  };
  if (special[value]) return special[value];
  const text = value.replace(/[-_]/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const toOptions = (values: readonly string[]): SelectOption[] => values.map((value) => ({ value, label: optionLabel(value) }));

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> {
  label: string;
  options: readonly SelectOption[];
  /** text of the empty choice; omit to offer no empty choice */
  placeholder?: string;
  error?: string;
}

export function SelectField({ label, options, placeholder, error, value, ...select }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  // a stored value from the other form's list stays visible instead of silently changing
  const known = value === undefined || value === '' || options.some((o) => o.value === value);
  return (
    <StyledFieldWrap>
      <StyledFieldLabel htmlFor={id}>{label}</StyledFieldLabel>
      <StyledSelect id={id} value={value} $invalid={!!error} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {!known && <option value={String(value)}>{optionLabel(String(value))}</option>}
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

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string;
}

export function TextAreaField({ label, error, ...area }: TextAreaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <StyledFieldWrap>
      <StyledFieldLabel htmlFor={id}>{label}</StyledFieldLabel>
      <StyledTextArea id={id} $invalid={!!error} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...area} />
      {error && (
        <StyledFieldError id={errorId} role="alert">
          {error}
        </StyledFieldError>
      )}
    </StyledFieldWrap>
  );
}

const StyledSwitchRow = styled.label`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  min-height: ${({ theme }) => theme.touchTarget};
  cursor: pointer;
  span.text { display: flex; flex-direction: column; }
  span.hint { font-size: ${({ theme }) => theme.font.size.sm}; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const StyledSwitch = styled.input.attrs({ type: 'checkbox', role: 'switch' })`
  appearance: none;
  flex: none;
  width: 52px;
  height: 32px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.border};
  position: relative;
  cursor: pointer;
  transition: background 150ms ease;
  &::after {
    content: '';
    position: absolute;
    top: 3px;
    left: 3px;
    width: 26px;
    height: 26px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.surface};
    box-shadow: 0 1px 3px rgba(0, 0, 0, 0.25);
    transition: transform 150ms ease;
  }
  &:checked { background: ${({ theme }) => theme.colors.accent}; }
  &:checked::after { transform: translateX(20px); }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

export function SwitchField({ label, hint, checked, onChange }: { label: string; hint?: ReactNode; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <StyledSwitchRow>
      <span className="text">
        <span>{label}</span>
        {hint && <span className="hint">{hint}</span>}
      </span>
      <StyledSwitch checked={checked} onChange={(e) => onChange(e.target.checked)} />
    </StyledSwitchRow>
  );
}
