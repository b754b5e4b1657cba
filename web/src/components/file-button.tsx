import styled from 'styled-components';
import { Spinner } from './spinner';
import { theme } from '../theme';

const StyledFileButton = styled.label<{ $variant: 'primary' | 'outline' }>`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space.sm};
  min-height: ${theme.touchTarget};
  padding: 0 ${theme.space.xl};
  border-radius: ${theme.radius.pill};
  border: 2px solid ${theme.colors.primary};
  background: ${({ $variant }) => ($variant === 'primary' ? theme.colors.primary : 'transparent')};
  color: ${({ $variant }) => ($variant === 'primary' ? theme.colors.onPrimary : theme.colors.primary)};
  font-weight: ${theme.font.weight.semibold};
  cursor: pointer;
  &:focus-within { outline: 3px solid ${theme.colors.focus}; outline-offset: 2px; }
  &[aria-disabled='true'] { opacity: 0.6; cursor: progress; }
  input { position: absolute; width: 1px; height: 1px; opacity: 0; }
`;

/** A button that opens the file picker (a labelled file input inside), busy while `pending`, off while `disabled`. */
export function FileButton({
  label,
  pendingLabel,
  inputLabel,
  accept,
  pending = false,
  disabled = pending,
  invalid,
  variant = 'primary',
  onFiles,
}: {
  label: string;
  /** shown instead of `label` while `pending` */
  pendingLabel?: string;
  inputLabel: string;
  accept: string;
  pending?: boolean;
  disabled?: boolean;
  /** the picked file was refused (its field error shows beside) */
  invalid?: boolean;
  variant?: 'primary' | 'outline';
  onFiles: (files: File[]) => void;
}) {
  return (
    <StyledFileButton $variant={variant} aria-disabled={disabled}>
      {pending && <Spinner $size={18} />}
      {pending ? pendingLabel : label}
      <input
        type="file"
        accept={accept}
        aria-label={inputLabel}
        aria-invalid={invalid || undefined}
        disabled={disabled}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          // the same file may be picked again after a failure
          e.target.value = '';
          onFiles(files);
        }}
      />
    </StyledFileButton>
  );
}
