import { useSyncExternalStore } from 'react';

const subscribe = (changed: () => void) => {
  addEventListener('online', changed);
  addEventListener('offline', changed);
  return () => {
    removeEventListener('online', changed);
    removeEventListener('offline', changed);
  };
};

/** Whether the browser says it has a network (navigator.onLine), kept up to date. */
export const useNetworkOnline = (): boolean => useSyncExternalStore(subscribe, () => navigator.onLine !== false, () => true);
