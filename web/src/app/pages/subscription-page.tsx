import { useCallback } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { isAirline, SUBSCRIPTION_RETURN_PATH } from '@aero/contracts/shared';
import { FullScreenSpinner } from '../../components';
import { useAuth } from '../../features/auth';
import { needsSubscription, useCurrentUser } from '../../lib/current-user';
import { SubscribeScreen } from '../../features/subscription';

/**
 * /subscribe is open but has its own redirects (spec §2): /auth signed out, /swipe for whoever has
 * nothing to pay — also once the current user says so (an active subscription found, a document
 * under review that makes an airline member staff again).
 */
export function SubscribePage() {
  const user = useCurrentUser();
  const { status, logout } = useAuth();
  const navigate = useNavigate();
  const paid = useCallback(() => navigate(SUBSCRIPTION_RETURN_PATH), [navigate]);
  if (!user) return status === 'loading' ? <FullScreenSpinner /> : <Navigate to="/auth" replace />;
  if (!needsSubscription(user)) return <Navigate to="/swipe" replace />;
  return <SubscribeScreen airlineMember={isAirline(user.userType)} onPaid={paid} onSignOut={() => void logout()} />;
}
