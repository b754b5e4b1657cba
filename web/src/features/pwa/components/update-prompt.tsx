import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeUpdate, updateAvailable } from '../lib/update-store';

// The card loads only when a new version is waiting (never for the first screen).
const UpdateCard = lazy(() => import('./update-card').then((m) => ({ default: m.UpdateCard })));

/** 'New version available': Reload now, or Later (the next visit). */
export function UpdatePrompt() {
  const visible = useSyncExternalStore(subscribeUpdate, updateAvailable, () => false);
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <UpdateCard />
    </Suspense>
  );
}
