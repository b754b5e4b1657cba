import styled, { keyframes } from 'styled-components';
import { useT } from '../i18n';
import { theme } from '../theme';

const spin = keyframes`to { transform: rotate(360deg); }`;

export const Spinner = styled.span.attrs({ 'aria-hidden': true })<{ $size?: number }>`
  display: inline-block;
  width: ${({ $size = 40 }) => $size}px;
  height: ${({ $size = 40 }) => $size}px;
  border-radius: 50%;
  border: 4px solid ${theme.colors.border};
  border-top-color: ${theme.colors.accent};
  animation: ${spin} 0.9s linear infinite;
`;

const StyledFullScreen = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndex.loading};
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${theme.space.lg};
  background: ${theme.colors.background};
  color: ${theme.colors.textMuted};
`;

/** Full-screen spinner with an optional visible label, e.g. 'Verifying subscription...'. */
export function FullScreenSpinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <StyledFullScreen role="status" aria-live="polite" aria-label={label ?? t('common.loading')}>
      <Spinner />
      {label && <p>{label}</p>}
    </StyledFullScreen>
  );
}
