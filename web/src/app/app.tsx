import { useEffect } from 'react';
import type { SessionStartOutcome } from '../features/auth';
import { firstScreenRendered } from '../lib/first-screen';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import type { AppStore } from './store';

export function App({ store, session }: { store: AppStore; session?: Promise<SessionStartOutcome> }) {
  // what waits for the first screen (lib/first-screen.ts) starts counting once it has committed
  useEffect(firstScreenRendered, []);
  return (
    <AppProviders store={store} session={session}>
      <AppRoutes />
    </AppProviders>
  );
}
