import { useCallback } from 'react';
import { Navigate } from 'react-router-dom';
import { isAirline } from '@aero/contracts/shared';
import { FullScreenSpinner } from '../../components';
import { AdminDashboard } from '../../features/admin';
import { useAuth } from '../../features/auth';
import { useGetMatchesQuery } from '../../lib/shared-api';
import { matchCounts } from '../../features/discovery/model';
import { ProfileScreen } from '../../features/profile';
import { RegisterScreen, type SubscriptionCheck } from '../../features/registration';
import { SettingsScreen } from '../../features/settings';
import { isSubscriptionActiveReply, useGetOrCreateSubscriptionMutation } from '../../features/subscription';

// The pages of issue 4 composed from their features: the session (auth) goes in as props.

export function RegisterPage() {
  const { user, refreshUser } = useAuth();
  const [getOrCreate] = useGetOrCreateSubscriptionMutation();
  const onRegistered = useCallback(async () => {
    await refreshUser();
  }, [refreshUser]);
  const checkSubscription = useCallback(async (): Promise<SubscriptionCheck> => {
    try {
      return isSubscriptionActiveReply(await getOrCreate().unwrap()) ? 'active' : 'inactive';
    } catch (error) {
      const message = (error as { serverMessage?: string })?.serverMessage;
      return isSubscriptionActiveReply({ message }) ? 'active' : 'failed';
    }
  }, [getOrCreate]);
  return <RegisterScreen loggedIn={!!user} onRegistered={onRegistered} checkSubscription={checkSubscription} />;
}

export function ProfilePage() {
  const { logout, refreshUser } = useAuth();
  // Matches and Conversations from GET /api/matches; Likes Given is always 0 (spec §2)
  const { data: matches } = useGetMatchesQuery(undefined, { refetchOnMountOrArgChange: true });
  const counts = { ...matchCounts(matches), likesGiven: 0 };
  return <ProfileScreen counts={counts} onSignOut={logout} onProfileSaved={() => void refreshUser().catch(() => undefined)} />;
}

export function SettingsPage() {
  const { user, logout } = useAuth();
  if (!user) return <FullScreenSpinner />;
  return <SettingsScreen userId={user.id} isAirlineUser={isAirline(user.userType)} onAccountDeleted={logout} />;
}

export function AdminPage() {
  const { user } = useAuth();
  if (!user?.isAdmin) return <Navigate to="/" replace />;
  return <AdminDashboard />;
}
