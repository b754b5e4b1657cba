import styled from 'styled-components';

/**
 * Text for assistive technology only (read out, not shown). It is laid out absolutely, pinned to the
 * top left corner of its containing block: left where it would have been (its static position), the
 * text of a row far down a scrolling box with no positioned box inside escaped that box's clipping and
 * stretched the page (the match list, Activity).
 */
export const VisuallyHidden = styled.span`
  position: absolute;
  top: 0;
  left: 0;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;
