import { useCallback } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { SUBSCRIPTION_RETURN_PATH } from '@aero/contracts/shared';
import { FullScreenSpinner } from '../../components';
import { isAirlineType, needsSubscription, useAuth } from '../../features/auth';
import { SubscribeScreen } from '../../features/subscription';

/** /subscribe is open but has its own redirects (spec §2): /auth signed out, /swipe for whoever has nothing to pay. */
export function SubscribePage() {
  const { user, status, updateUser, refreshUser } = useAuth();
  const navigate = useNavigate();
  const nothingToPay = useCallback((active: boolean) => updateUser(active ? { subscriptionStatus: 'active', mustSubscribe: false } : { mustSubscribe: false }), [updateUser]);
  const paid = useCallback(() => navigate(SUBSCRIPTION_RETURN_PATH), [navigate]);
  // a document under review makes an airline member staff again: the fresh user leads on to /swipe
  const documentUploaded = useCallback(async () => {
    await refreshUser();
  }, [refreshUser]);
  if (!user) return status === 'loading' ? <FullScreenSpinner /> : <Navigate to="/auth" replace />;
  if (!needsSubscription(user)) return <Navigate to="/swipe" replace />;
  return <SubscribeScreen airlineMember={isAirlineType(user.userType)} onNothingToPay={nothingToPay} onDocumentUploaded={documentUploaded} onPaid={paid} />;
}
