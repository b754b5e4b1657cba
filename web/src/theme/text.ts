import { css } from 'styled-components';

// How member-written text (names, bios, places: any length, words of any length) fits its box.
// Every text may break inside a word where a line has no other place to break (the global style),
// so a long word wraps instead of widening its box and the page.

/**
 * A name that stays on one line: cut with an ellipsis where it does not fit. The whole text stays
 * in the page, so a screen reader reads it all. A flex or grid item also needs `min-width: 0` on
 * each ancestor between it and the box that limits its width (this rule sets it on itself).
 */
export const oneLine = css`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;
