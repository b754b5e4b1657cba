import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { ComingSoon, FullScreenSpinner } from '../../components';
import { isAirlineType, useAuth } from '../../features/auth';

// Screens that later issues build: the screen's title and one line, inside the real routing.

export function SwipePage() {
  return <ComingSoon withNav title="Discover" line="Swipe through aviation professionals near you." />;
}

export function MatchPage() {
  return <ComingSoon withNav title="It's a Match!" line="Celebrate new matches here." />;
}

export function MessagesPage() {
  const { matchId: pathMatchId } = useParams();
  const [search] = useSearchParams();
  const matchId = search.get('matchId') ?? pathMatchId;
  return <ComingSoon withNav title="Messages" line={matchId ? `Your conversation (match ${matchId}) will appear here.` : 'Chat with your matches by text, voice clip or photo.'} />;
}

export function NotificationsPage() {
  return <ComingSoon withNav title="Activity" line="Likes, matches and messages will show up here." />;
}

/** /subscribe is open but has its own redirects (spec §2). */
export function SubscribePage() {
  const { user, status } = useAuth();
  if (!user) return status === 'loading' ? <FullScreenSpinner /> : <Navigate to="/auth" replace />;
  if (user.userType !== 'general' || user.subscriptionStatus === 'active' || isAirlineType(user.userType)) return <Navigate to="/swipe" replace />;
  return <ComingSoon title="Subscription" line="$9.99 per month. Cancel anytime. No hidden fees." />;
}

/** Privacy and help redirect signed-out visitors to / (spec §6). */
function useSignedInOrHome() {
  const { user, status } = useAuth();
  if (user) return null;
  return status === 'loading' ? <FullScreenSpinner /> : <Navigate to="/" replace />;
}

export function PrivacyPage() {
  const redirect = useSignedInOrHome();
  return redirect ?? <ComingSoon title="Privacy Policy" line="Last updated July 1 2025." />;
}

export function HelpPage() {
  const redirect = useSignedInOrHome();
  return redirect ?? <ComingSoon title="Help & Support" line="Contact us, browse the FAQ or send us a message." />;
}
