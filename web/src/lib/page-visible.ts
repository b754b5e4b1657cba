import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};

/** whether the page is in sight: false in a background tab, or while the installed app is hidden */
export const usePageVisible = (): boolean => useSyncExternalStore(subscribe, () => document.visibilityState === 'visible', () => true);
