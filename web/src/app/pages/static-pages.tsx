import { Navigate } from 'react-router-dom';
import { FullScreenSpinner } from '../../components';
import { useAuth } from '../../features/auth';
import { useCurrentUser } from '../../lib/current-user';
import { HelpScreen } from '../../features/help';
import { PrivacyScreen } from '../../features/privacy';
import { signedOutTarget } from '../guards/signed-out';

// /help and /privacy (their own chunk): open pages that send signed-out visitors to / (spec §6).

function useSignedInOrHome(path: '/help' | '/privacy') {
  const user = useCurrentUser();
  const { status } = useAuth();
  if (user) return { redirect: null, email: user.email };
  return { redirect: status === 'loading' ? <FullScreenSpinner /> : <Navigate to={signedOutTarget(path)} replace />, email: undefined };
}

export function HelpPage() {
  const { redirect, email } = useSignedInOrHome('/help');
  return redirect ?? <HelpScreen email={email} />;
}

export function PrivacyPage() {
  const { redirect } = useSignedInOrHome('/privacy');
  return redirect ?? <PrivacyScreen />;
}
