import { useId, type ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { theme } from '../theme';
import { fieldControl } from './field-control';

const StyledField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
`;

const StyledLabel = styled.label`
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.medium};
`;

const StyledInput = styled.input`
  ${fieldControl}
`;

const StyledError = styled.p`
  color: ${theme.colors.danger};
  font-size: ${theme.font.size.sm};
`;

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: string;
  error?: string;
}

/** A labelled input with its validation message wired through aria-describedby (takes a form library's ref). */
export function TextField({ label, error, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <StyledField>
      <StyledLabel htmlFor={id}>{label}</StyledLabel>
      <StyledInput id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
      {error && (
        <StyledError id={errorId} role="alert">
          {error}
        </StyledError>
      )}
    </StyledField>
  );
}
