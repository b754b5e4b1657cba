import { css } from 'styled-components';
import { theme } from '../theme';

/** The box of every text input, select and text area; red while `aria-invalid`. */
export const fieldControl = css`
  width: 100%;
  min-height: ${theme.touchTarget};
  padding: 0 ${theme.space.lg};
  border-radius: ${theme.radius.md};
  border: 1.5px solid ${theme.colors.border};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font-size: 1rem; /* 16px keeps iOS from zooming */
  &[aria-invalid='true'] { border-color: ${theme.colors.danger}; }
  &::placeholder { color: ${theme.colors.textMuted}; }
  &:focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 1px; border-color: transparent; }
`;
