import styled from 'styled-components';

/**
 * Text for assistive technology only (read out, not shown). It is laid out absolutely: inside a
 * scrolling box, that box (or something in it) must be positioned, or the text escapes its clipping
 * and stretches the page.
 */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;
