import { useAuth } from '../../features/auth';
import { MatchScreen } from '../../features/discovery';

// The match screen (its own small chunk): the member's own photo from the session.
export function MatchPage() {
  const { user } = useAuth();
  const photo = typeof user?.mainPhoto === 'string' ? user.mainPhoto : null;
  return <MatchScreen myPhoto={photo} />;
}
