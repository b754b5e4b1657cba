import { css } from 'styled-components';
import { theme } from '../../../theme';

/** a card of the stack (the top one, and those flying off): it fills the stack */
export const cardStyle = css`
  position: absolute;
  inset: 0;
  touch-action: none;
  will-change: transform;
  &[data-draggable] { cursor: grab; }
  &[data-draggable]:active { cursor: grabbing; }
  &:focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 4px; border-radius: ${theme.radius.xl}; }
`;
