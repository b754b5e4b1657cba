import type { SessionStartOutcome } from '../features/auth';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import type { AppStore } from './store';

export function App({ store, session }: { store: AppStore; session?: Promise<SessionStartOutcome> }) {
  return (
    <AppProviders store={store} session={session}>
      <AppRoutes />
    </AppProviders>
  );
}
