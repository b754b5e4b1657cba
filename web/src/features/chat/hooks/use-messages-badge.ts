import { useLocation } from 'react-router-dom';
import { useConnectionSettled } from '../../../lib/realtime';
import { useGetMatchesQuery } from '../../../lib/shared-api';
import { openConversationId, unreadConversations } from '../lib/unread';

/**
 * The Messages entry's count: the conversations with messages the member has not read (null while
 * unknown). Asked as the Activity badge's count is (once the first screen has settled and the
 * real-time connection has made its first attempt), from the match list, which a message's push
 * fetches again and reading a conversation updates; the Messages screen then opens on it.
 */
export function useMessagesBadge(): number | null {
  const ready = useConnectionSettled();
  const openMatchId = openConversationId(useLocation());
  // only the list: a refetch's pending state (a push, the connection's resync) renders nothing
  const { data } = useGetMatchesQuery(undefined, { skip: !ready, selectFromResult: ({ data }) => ({ data }) });
  return data ? unreadConversations(data, openMatchId) : null;
}
