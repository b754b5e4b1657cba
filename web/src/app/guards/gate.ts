import type { SessionStatus } from '../../features/auth/model';
import { type CurrentUser, needsSubscription } from '../../lib/current-user';

// The protected-page gate of spec §2, as a pure decision.
export type GateDecision =
  | { kind: 'loading' }
  | { kind: 'redirect'; to: '/auth' | '/welcome' }
  | { kind: 'verify-subscription' }
  | { kind: 'pass' };

export function decideGate(user: CurrentUser | null, status: SessionStatus): GateDecision {
  if (!user) return status === 'loading' ? { kind: 'loading' } : { kind: 'redirect', to: '/auth' };
  if (user.isAdmin) return { kind: 'pass' };
  if (!user.userType) return { kind: 'redirect', to: '/welcome' };
  // airline staff pass without paying; general members and airline members who are not staff pay (the server's one rule)
  if (needsSubscription(user)) return { kind: 'verify-subscription' };
  return { kind: 'pass' };
}
