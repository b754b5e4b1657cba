import { useCallback, useEffect, useRef } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { isAirline } from '@aero/contracts/shared';
import { FullScreenSpinner, toast } from '../../components';
import { AdminDashboard } from '../../features/admin';
import { useAuth } from '../../features/auth';
import { useCurrentUser } from '../../lib/current-user';
import { afterSubscriptionCheck, parseRegisterQuery, RegisterScreen, type SubscriptionCheck } from '../../features/registration';
import { SettingsScreen } from '../../features/settings';
import { useT } from '../../i18n';
import { isSubscriptionActiveReply, SubscriptionSection, useGetOrCreateSubscriptionMutation } from '../../features/subscription';

// The pages of issue 4 composed from their features: the session (auth) and the current user go in as
// props. My Profile is its own chunk (my-profile-page.tsx): the screen a member opens most of these.

export function RegisterPage() {
  const user = useCurrentUser();
  const [search] = useSearchParams();
  const [getOrCreate] = useGetOrCreateSubscriptionMutation();
  // an active subscription goes into the current user with the answer (features/subscription)
  const checkSubscription = useCallback(async (): Promise<SubscriptionCheck> => {
    try {
      return isSubscriptionActiveReply(await getOrCreate().unwrap()) ? 'active' : 'inactive';
    } catch (error) {
      const message = (error as { serverMessage?: string })?.serverMessage;
      return isSubscriptionActiveReply({ message }) ? 'active' : 'failed';
    }
  }, [getOrCreate]);
  // a member whose profile is complete is not offered registration again: one returning from paying
  // goes straight on (beyond spec §4), anyone else to their place, as after signing in; decided once
  // the member is first known: a profile completed here goes on from the registration itself
  const finished = useRef<'payment' | 'place' | false | null>(null);
  if (finished.current === null && user) finished.current = user.profileCompleted && (parseRegisterQuery(search).fromSubscription ? 'payment' : 'place');
  if (finished.current === 'payment') return <PaymentCheck checkSubscription={checkSubscription} />;
  if (finished.current === 'place') return <Navigate to={user?.isAdmin ? '/admin' : '/swipe'} replace />;
  return <RegisterScreen userId={user?.id} checkSubscription={checkSubscription} />;
}

/** 'Verifying payment...' while get-or-create says whether the payment went through, then on as registration would (spec §4). */
function PaymentCheck({ checkSubscription }: { checkSubscription: () => Promise<SubscriptionCheck> }) {
  const t = useT();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void checkSubscription()
      .catch((): SubscriptionCheck => 'failed')
      .then((result) => {
        const after = afterSubscriptionCheck(result);
        if (after.toast) toast({ title: t(after.toast) });
        navigate(after.to, { replace: true });
      });
  }, [checkSubscription, navigate, t]);
  return <FullScreenSpinner label={t('register.toast.verifyingPayment')} />;
}

export function SettingsPage() {
  const user = useCurrentUser();
  const { logout } = useAuth();
  if (!user) return <FullScreenSpinner />;
  // general members see their plan; others only one they have (airline staff who paid before they were verified)
  return <SettingsScreen userId={user.id} isAirlineUser={isAirline(user.userType)} subscriptionSection={<SubscriptionSection onlyWhenSubscribed={user.userType !== 'general'} />} onAccountDeleted={logout} />;
}

export function AdminPage() {
  const user = useCurrentUser();
  if (!user?.isAdmin) return <Navigate to="/" replace />;
  return <AdminDashboard />;
}
