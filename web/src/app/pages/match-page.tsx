import { useCurrentUser } from '../../lib/current-user';
import { MatchScreen } from '../../features/discovery/match';

// The match screen (its own small chunk): the member's own photo from the current user.
export function MatchPage() {
  const user = useCurrentUser();
  const photo = user?.mainPhoto ?? null;
  return <MatchScreen myPhoto={photo} />;
}
