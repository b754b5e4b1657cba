import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { ArrowLeftIcon } from './icons';
import { theme } from '../theme';

const StyledBack = styled.button.attrs({ type: 'button' })`
  min-width: ${theme.touchTarget};
  min-height: ${theme.touchTarget};
  display: grid;
  place-items: center;
  border: none;
  border-radius: 50%;
  background: transparent;
  color: ${theme.colors.text};
  cursor: pointer;
`;

/** Back to the previous page of this visit, else to `fallback`. */
export function useGoBack(fallback: string) {
  const navigate = useNavigate();
  return () => ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate(fallback));
}

/** A round back arrow for a page header (its accessible name is `label`); it shows focus as every control does (GlobalStyle's `:focus-visible`). */
export function BackButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <StyledBack aria-label={label} onClick={onClick}>
      <ArrowLeftIcon />
    </StyledBack>
  );
}
