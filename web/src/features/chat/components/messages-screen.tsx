import { useCallback, useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../../components';
import { useT } from '../../../i18n';
import { readJson, removeKey, writeJson } from '../../../lib/storage';
import { selectConnection } from '../../../lib/realtime';
import { refetchConversation, useChatPushes } from '../hooks/use-chat-pushes';
import { releaseLocalFiles, useOutbox, useSendMessage } from '../hooks/use-send-message';
import { outboxStorageKey, restoredOutbox } from '../lib/outbox';
import { outgoingDropped, outgoingRestored } from '../slices/outbox-slice';
import { endedOutgoing } from '../lib/ended-matches';
import { useGetMatchesQuery } from '../api/chat-api';
import { type ChatReportDialog, ChatView } from './chat-view';
import { MatchList } from './match-list';
import { useChatDispatch } from '../hooks/use-chat-dispatch';

/** the members whose kept queue this page load has read back already */
const restoredFor = new Set<string>();

/**
 * Messages (/messages, /messages?matchId=… and /messages/{matchId}; spec §2): the match list, or
 * the chat with the selected match. Back goes from the chat to the list, from the list to /swipe.
 */
export function MessagesScreen({ userId, matchId, ReportDialog }: { userId: string; matchId: string | null; ReportDialog?: ChatReportDialog }) {
  const navigate = useNavigate();
  const t = useT();
  const location = useLocation();
  const dispatch = useChatDispatch();
  const { flushQueued } = useSendMessage();
  const fromList = (location.state as { fromList?: boolean } | null)?.fromList === true;

  const toList = useCallback(() => {
    if (fromList) navigate(-1);
    else navigate('/messages', { replace: true });
  }, [fromList, navigate]);

  const { data: matches, startedTimeStamp: listedAt, isSuccess, isFetching } = useGetMatchesQuery(undefined);

  useChatPushes({
    myId: userId,
    openMatchId: matchId,
    // the open conversation ended: it goes; when the other member unmatched, blocked or left, it
    // says why it went (not when the member ended it: their own unmatch or block may hear the push
    // before its answer, or end it in another tab)
    onEnded: (ended, byMe) => {
      if (ended !== matchId) return;
      if (!byMe) toast({ title: t('chat.gone') });
      navigate('/messages', { replace: true });
    },
    // (not a conversation whose match ended meanwhile: the server has no messages for it any more)
    onReconnected: () => {
      if (matchId && matches?.some((m) => m.id === matchId)) void dispatch(refetchConversation(matchId));
    },
  });

  // the queue outlives a reload of the tab (sessionStorage, per member): read back once per page
  // load, then kept in step
  const outbox = useOutbox();
  const firstRun = useRef(true);
  useEffect(() => {
    const key = outboxStorageKey(userId);
    if (firstRun.current && !restoredFor.has(userId)) {
      restoredFor.add(userId);
      firstRun.current = false;
      dispatch(outgoingRestored(restoredOutbox(readJson(key, 'session'))));
      return;
    }
    firstRun.current = false;
    if (outbox.length) writeJson(key, outbox, 'session');
    else removeKey(key, 'session');
  }, [dispatch, outbox, userId]);
  // the photos and voice clips that left it (sent, deleted, or their match ended) free their files
  useEffect(() => releaseLocalFiles(outbox), [outbox]);

  // a match that ended while this screen was not shown (or the tab was closed) takes its held messages with it
  // (the time a list was asked for is that of the request that brought it only once it has arrived and none follows)
  const settled = isSuccess && !isFetching;
  useEffect(() => {
    if (!settled || !matches || !listedAt) return;
    for (const id of endedOutgoing(outbox, { liveMatchIds: matches.map((m) => m.id), listedAt })) dispatch(outgoingDropped(id));
  }, [dispatch, listedAt, matches, outbox, settled]);

  // what waits in the queue goes whenever the screen is shown connected: when the connection comes
  // back, and when the member comes back to it (or reloads) after it came back elsewhere
  const connected = useSelector(selectConnection).status === 'connected';
  useEffect(() => {
    if (connected) void flushQueued();
  }, [connected, flushQueued]);

  return matchId ? <ChatView key={matchId} matchId={matchId} myId={userId} onBack={toList} ReportDialog={ReportDialog} /> : <MatchList />;
}
