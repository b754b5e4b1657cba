import { useLocation } from 'react-router-dom';
import { FullScreenSpinner } from '../../components';
import { useCurrentUser } from '../../lib/current-user';
import { MessagesScreen, openConversationId } from '../../features/chat';
import { LazyReportDialog } from './report-dialog-slot';

// Messages composed from the chat feature: the member (the current user) and the selected match (the query
// parameter matchId, or /messages/{matchId}) go in as props, and the report dialog of the safety
// feature. Loaded as its own chunk.

export function MessagesPage() {
  const user = useCurrentUser();
  const matchId = openConversationId(useLocation());
  if (!user) return <FullScreenSpinner />;
  return <MessagesScreen key={user.id} userId={user.id} matchId={matchId} ReportDialog={LazyReportDialog} />;
}
