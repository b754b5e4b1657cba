import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Limits, SocketEvents, type MessageView } from '@aero/contracts/shared';
import { toast } from '../../../components';
import { useT } from '../../../i18n';
import { getRealtime, onRealtimeEvent } from '../../../lib/realtime';
import { usePageVisible } from '../../../lib/page-visible';
import { sharedApi } from '../../../lib/shared-api';
import { updateMessages, upsertMessages, useGetMessagesQuery, useLazyGetMessagesBeforeQuery, useMarkReadMutation } from '../api/chat-api';
import { applyReadReceipt, hasOlderThan, hasUnreadFromOther, lastSeenOwnMessageId, markOthersRead } from '../lib/conversation';
import { shouldSendTyping } from '../lib/chat-rules';
import { type OutgoingMessage, pendingViews } from '../lib/outbox';
import { useOutbox } from './use-send-message';
import { useChatDispatch } from './use-chat-dispatch';

export type ShownMessage = MessageView & { pending?: OutgoingMessage['state'] };

/**
 * One open conversation: its messages (with ours still on their way), older pages on demand,
 * read marks both ways ('seen'), and the other member's typing.
 */
export function useConversation(matchId: string, myId: string, otherId: string) {
  const t = useT();
  const dispatch = useChatDispatch();
  const query = useGetMessagesQuery(matchId, { refetchOnMountOrArgChange: true });
  const outbox = useOutbox();
  const held = query.data;
  const messages = useMemo<ShownMessage[]>(() => {
    const list = held ?? [];
    return [...list, ...pendingViews(outbox, matchId, myId, list)];
  }, [held, outbox, matchId, myId]);

  // older pages: there may be more while every page so far was full
  const [olderDone, setOlderDone] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [fetchBefore] = useLazyGetMessagesBeforeQuery();
  const hasOlder = !olderDone && hasOlderThan(held ?? []);
  const loadOlder = useCallback(async () => {
    const first = held?.[0];
    if (!first || loadingOlder || !hasOlder) return;
    setLoadingOlder(true);
    try {
      const page = await fetchBefore({ matchId, before: first.id }).unwrap();
      dispatch(upsertMessages(matchId, page));
      if (!hasOlderThan(page)) setOlderDone(true);
    } catch {
      /* a later scroll tries again */
    } finally {
      setLoadingOlder(false);
    }
  }, [dispatch, fetchBefore, hasOlder, held, loadingOlder, matchId]);

  // we read what the other member sent while the conversation is open and in sight (a background
  // tab reads nothing: the sender would see 'Seen' for a message nobody saw, and the member would
  // have no unread mark; it is read once the tab is shown again); an empty one (a new match's) is
  // read by being opened: what we were told of the match is read with it. One call at
  // a time, once per state of the conversation (a failed one is tried again when a message comes);
  // what arrived meanwhile is read by the next.
  const [markRead] = useMarkReadMutation();
  const [marking, setMarking] = useState(false);
  const asked = useRef<readonly MessageView[] | undefined>(undefined);
  const unread = hasUnreadFromOther(held ?? [], myId);
  const empty = held?.length === 0;
  const visible = usePageVisible();
  useEffect(() => {
    if (!visible || !(unread || empty) || marking || asked.current === held) return;
    asked.current = held;
    // what the read is for: a message that comes while it is asked is read by the next one
    const shown = new Set((held ?? []).filter((m) => m.senderId !== myId && !m.readAt).map((m) => m.id));
    setMarking(true);
    markRead(matchId)
      .unwrap()
      .then(({ readAt }) => {
        // (no readAt: nothing was unread any more: read on another device, or none in an empty conversation)
        dispatch(updateMessages(matchId, (list) => markOthersRead(list, myId, readAt ?? new Date().toISOString(), shown)));
        // the list's unread marks changed (an empty conversation's opening changes none of them)
        if (readAt) dispatch(sharedApi.util.invalidateTags(['Matches']));
      })
      // (an empty conversation's failure leaves only the match unread: nothing to say)
      .catch(() => !empty && toast({ variant: 'destructive', title: t('chat.toast.markReadFailed') }))
      .finally(() => setMarking(false));
  }, [visible, unread, empty, marking, held, markRead, matchId, myId, dispatch, t]);

  // the other member read ours; the other member types
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offRead = onRealtimeEvent<{ matchId?: string; userId?: string; readAt?: string }>(SocketEvents.messageRead, (p) => {
      if (p?.matchId !== matchId || p.userId === myId || !p.readAt) return;
      const readAt = p.readAt;
      dispatch(updateMessages(matchId, (list) => applyReadReceipt(list, myId, readAt)));
    });
    const offTyping = onRealtimeEvent<{ matchId?: string; userId?: string }>(SocketEvents.typing, (p) => {
      if (p?.matchId !== matchId || p.userId !== otherId) return;
      setTyping(true);
      clearTimeout(timer);
      timer = setTimeout(() => setTyping(false), Limits.typingIndicatorMs);
    });
    const offMessage = onRealtimeEvent<{ message?: MessageView }>(SocketEvents.newMessage, (p) => {
      if (p?.message?.matchId === matchId && p.message.senderId === otherId) {
        clearTimeout(timer);
        setTyping(false);
      }
    });
    return () => {
      clearTimeout(timer);
      offRead();
      offTyping();
      offMessage();
    };
  }, [dispatch, matchId, myId, otherId]);

  // we type: tell the other member, at most once per interval
  const lastTypingSent = useRef<number | null>(null);
  const notifyTyping = useCallback(() => {
    const now = Date.now();
    if (!shouldSendTyping(lastTypingSent.current, now)) return;
    if (getRealtime()?.sendIfConnected(SocketEvents.typing, { matchId })) lastTypingSent.current = now;
  }, [matchId]);

  return {
    messages,
    status: query.isError && !held ? ('error' as const) : held ? ('ready' as const) : ('loading' as const),
    error: query.error,
    refetch: query.refetch,
    hasOlder,
    loadingOlder,
    loadOlder,
    seenId: lastSeenOwnMessageId(held ?? [], myId),
    typing,
    notifyTyping,
  };
}
