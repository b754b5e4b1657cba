import { useLayoutEffect, useRef } from 'react';

/**
 * Our dialogs open from state, not from a Radix `Dialog.Trigger`, and Radix gives focus back to
 * the trigger on close: with none, focus fell to <body> (a keyboard or screen-reader user lost
 * their place). This hands it back to what had it when the dialog opened (the button that opened
 * it): pass the result as the content's `onCloseAutoFocus`.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  // (a layout effect: before the dialog's own focus moves into it)
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  }, [open]);
  return (event) => {
    const to = opener.current;
    if (!to?.isConnected) return;
    event.preventDefault();
    to.focus();
  };
}
