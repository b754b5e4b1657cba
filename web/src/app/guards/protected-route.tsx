import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FullScreenSpinner } from '../../components';
import { currentUserChangeOf, useGetOrCreateSubscriptionMutation } from '../../features/subscription/gate';
import { useT } from '../../i18n';
import { decideGate } from './gate';
import { useGateSession } from './use-gate-session';
import { signedOutTarget } from './signed-out';

/** Wraps a guarded page with the gate of spec §2 (signed-out visitors go where spec §6 says). */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { user, status } = useGateSession();
  const decision = decideGate(user, status);
  const [verify] = useGetOrCreateSubscriptionMutation();
  const [failed, setFailed] = useState(false);
  const verifyingFor = useRef<string | null>(null);
  const t = useT();

  useEffect(() => {
    if (decision.kind !== 'verify-subscription' || !user || verifyingFor.current === user.id) return;
    verifyingFor.current = user.id;
    // an answer that the subscription is active, or that nothing is to pay, goes into the current user (and the gate passes)
    verify()
      .unwrap()
      .then(
        (reply) => {
          if (!currentUserChangeOf(reply)) setFailed(true);
        },
        (error: unknown) => {
          if (!currentUserChangeOf({ message: (error as { serverMessage?: string })?.serverMessage })) {
            console.error('Subscription verification failed', error);
            setFailed(true);
          }
        },
      );
  }, [decision.kind, user, verify]);

  switch (decision.kind) {
    case 'loading':
      return <FullScreenSpinner />;
    case 'redirect':
      return <Navigate to={user ? decision.to : signedOutTarget(pathname)} replace />;
    case 'verify-subscription':
      return failed ? <Navigate to="/subscribe" replace /> : <FullScreenSpinner label={t('gate.verifyingSubscription')} />;
    case 'pass':
      return <>{children}</>;
  }
}
