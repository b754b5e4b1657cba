import { useParams, useSearchParams } from 'react-router-dom';
import { FullScreenSpinner } from '../../components';
import { useCurrentUser } from '../../lib/current-user';
import { MessagesScreen } from '../../features/chat';
import { LazyReportDialog } from './report-dialog-slot';

// Messages composed from the chat feature: the member (the current user) and the selected match (the query
// parameter matchId, or /messages/{matchId}) go in as props, and the report dialog of the safety
// feature. Loaded as its own chunk.

export function MessagesPage() {
  const user = useCurrentUser();
  const { matchId: pathMatchId } = useParams();
  const [search] = useSearchParams();
  const matchId = search.get('matchId') || pathMatchId || null;
  if (!user) return <FullScreenSpinner />;
  return <MessagesScreen key={user.id} userId={user.id} matchId={matchId} ReportDialog={LazyReportDialog} />;
}
