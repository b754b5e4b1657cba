import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { refetchConversation, useChatPushes } from '../hooks/use-chat-pushes';
import { useSendMessage } from '../hooks/use-send-message';
import { type ChatReportDialog, ChatView } from './chat-view';
import { MatchList } from './match-list';
import { useChatDispatch } from '../hooks/use-chat-dispatch';

/**
 * Messages (/messages, /messages?matchId=… and /messages/{matchId}; spec §2): the match list, or
 * the chat with the selected match. Back goes from the chat to the list, from the list to /swipe.
 */
export function MessagesScreen({ userId, matchId, ReportDialog }: { userId: string; matchId: string | null; ReportDialog?: ChatReportDialog }) {
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useChatDispatch();
  const { flushQueued } = useSendMessage();
  const fromList = (location.state as { fromList?: boolean } | null)?.fromList === true;

  const toList = useCallback(() => {
    if (fromList) navigate(-1);
    else navigate('/messages', { replace: true });
  }, [fromList, navigate]);

  useChatPushes({
    myId: userId,
    openMatchId: matchId,
    onEnded: (ended) => {
      if (ended === matchId) navigate('/messages', { replace: true });
    },
    onReconnected: () => {
      if (matchId) void dispatch(refetchConversation(matchId));
      void flushQueued();
    },
  });

  return matchId ? <ChatView key={matchId} matchId={matchId} myId={userId} onBack={toList} ReportDialog={ReportDialog} /> : <MatchList />;
}
