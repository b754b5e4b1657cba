import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Limits } from '@aero/contracts/shared';


/**
 * Holding an image for 500 ms (spec §9): `start` on pointer down, `cancel` on release or when the
 * pointer moves, `fired()` tells the gesture that follows that the press was a long one.
 */
export function useLongPress(onLongPress: () => void) {
  const timer = useRef<number | undefined>(undefined);
  const fired = useRef(false);
  const callback = useRef(onLongPress);
  useEffect(() => {
    callback.current = onLongPress;
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const cancel = useCallback(() => window.clearTimeout(timer.current), []);
  const start = useCallback(() => {
    fired.current = false;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      fired.current = true;
      callback.current();
    }, Limits.longPressMs);
  }, []);
  return useMemo(() => ({ start, cancel, fired: () => fired.current }), [start, cancel]);
}
