import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FullScreenSpinner } from '../../components';
import { useAuth } from '../../features/auth';
import { isNotRequiredReply, isSubscriptionActiveReply, useGetOrCreateSubscriptionMutation } from '../../features/subscription/gate';
import { useT } from '../../i18n';
import { decideGate } from './gate';
import { signedOutTarget } from './signed-out';

/** Wraps a guarded page with the gate of spec §2 (signed-out visitors go where spec §6 says). */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { user, status, updateUser } = useAuth();
  const decision = decideGate(user, status);
  const [verify] = useGetOrCreateSubscriptionMutation();
  const [failed, setFailed] = useState(false);
  const verifyingFor = useRef<string | null>(null);
  const t = useT();

  useEffect(() => {
    if (decision.kind !== 'verify-subscription' || !user || verifyingFor.current === user.id) return;
    verifyingFor.current = user.id;
    verify()
      .unwrap()
      .then(
        (reply) => {
          if (isSubscriptionActiveReply(reply)) updateUser({ subscriptionStatus: 'active', mustSubscribe: false });
          else if (isNotRequiredReply(reply)) updateUser({ mustSubscribe: false });
          else setFailed(true);
        },
        (error: unknown) => {
          const message = (error as { serverMessage?: string })?.serverMessage;
          if (isSubscriptionActiveReply({ message })) updateUser({ subscriptionStatus: 'active', mustSubscribe: false });
          else {
            console.error('Subscription verification failed', error);
            setFailed(true);
          }
        },
      );
  }, [decision.kind, user, verify, updateUser]);

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
