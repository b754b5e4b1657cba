import { useAuth } from '../../features/auth';
import { ProfileScreen } from '../../features/profile';
import { matchCounts } from '../../features/profile/model';
import { useGetMatchesQuery } from '../../lib/shared-api';

// My Profile composed from its feature, as its own chunk: it loads without the registration,
// settings and admin screens (and the edit form loads once the profile shows).

export function ProfilePage() {
  const { logout } = useAuth();
  // Matches and Conversations from GET /api/matches; Likes Given is always 0 (spec §2)
  const { data: matches } = useGetMatchesQuery(undefined, { refetchOnMountOrArgChange: true });
  const counts = { ...matchCounts(matches), likesGiven: 0 };
  return <ProfileScreen counts={counts} onSignOut={logout} />;
}
