import { useEffect, useRef } from 'react';
import type { SwipeAction } from '../lib/deck';

/**
 * The deck's keys (beyond the spec, as the field's web apps have them): ← passes and → likes the
 * top card. The action bar's buttons name them (aria-keyshortcuts). No key super likes: ↑ and ↓
 * stay the page's (they scroll a short window), and a super like, counted and told to the other
 * member, is not spent by a key meant for scrolling.
 */
export const DECK_KEYS: Readonly<Record<string, SwipeAction>> = { ArrowLeft: 'pass', ArrowRight: 'like' };

/** where an arrow key is the control's own: a field, a slider, a list, a menu, any dialog */
const OWN_ARROWS = 'input, textarea, select, [contenteditable]:not([contenteditable="false"]), [role="slider"], [role="listbox"], [role="menu"], [role="radiogroup"], [role="tablist"]';
const OPEN_DIALOG = '[role="dialog"], [role="alertdialog"]';

/**
 * While `enabled` (a card on top, none of the screen's dialogs open), a deck key pressed anywhere
 * on the page but in a control that uses arrows, or under a dialog, acts on the top card (`act`).
 * A key held down acts once.
 */
export function useDeckKeys(enabled: boolean, act: (action: SwipeAction) => void) {
  const latest = useRef(act);
  useEffect(() => {
    latest.current = act;
  }, [act]);
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const action = DECK_KEYS[event.key];
      if (!action || event.defaultPrevented || event.repeat || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if ((event.target instanceof Element && event.target.closest(OWN_ARROWS)) || document.querySelector(OPEN_DIALOG)) return;
      event.preventDefault();
      latest.current(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
