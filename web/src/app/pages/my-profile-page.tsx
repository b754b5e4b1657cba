import { lazy, Suspense } from 'react';
import { useAuth } from '../../features/auth';
import { ProfileScreen } from '../../features/profile';
import { matchCounts } from '../../features/profile/model';
import { useGetMatchesQuery } from '../../lib/shared-api';

// My Profile composed from its feature, as its own chunk: it loads without the registration,
// settings and admin screens (and the edit form loads once the profile shows), and without what it
// shows a member whose profile is not complete (a chunk of its own, shared with the swipe screen).

const CreateProfilePrompt = lazy(() => import('./create-profile-prompt'));
const createProfilePrompt = (
  <Suspense fallback={null}>
    <CreateProfilePrompt />
  </Suspense>
);

export function ProfilePage() {
  const { logout } = useAuth();
  // Matches and Conversations from GET /api/matches; Likes Given is always 0 (spec §2)
  // only the list: its refetches' pending states, and answers with the same list, render nothing
  const { data: matches } = useGetMatchesQuery(undefined, { refetchOnMountOrArgChange: true, selectFromResult: ({ data }) => ({ data }) });
  const counts = { ...matchCounts(matches), likesGiven: 0 };
  return <ProfileScreen counts={counts} onSignOut={logout} createProfilePrompt={createProfilePrompt} />;
}
