import { useEffect, useRef } from 'react';
import { useSelector, useStore } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { conversationPath, SocketEvents, type MessageView } from '@aero/contracts/shared';
import { toast } from '../../../components';
import { useErrorText, useT } from '../../../i18n';
import { describeNewMessage } from '../../../lib/new-message-toast';
import { onRealtimeEvent, selectConnection } from '../../../lib/realtime';
import { chatApi, conversationActive, endMatch, upsertMessages } from '../api/chat-api';
import { type ChatState, outgoingDelivered, selectOutbox } from '../slices/outbox-slice';
import { useChatDispatch } from './use-chat-dispatch';

/**
 * The chat's pushes while the messages screen is shown: a new message goes into its conversation
 * (both members get it, so our own arrives too and is kept once), which moves to the top of the
 * match list at once (unread when it is the other's and not open), with the toast 'New message'
 * when it belongs to another match than the open one (the sender's name, a preview and 'Open',
 * as on the other screens: lib/new-message-toast.ts); a refused message shows 'Message Error'
 * (in the chosen language; not for a message of this tab's outbox, whose send tells it), and
 * so does the server's `error` (a socket call that failed otherwise, spec §7);
 * an ended match leaves the list (and the open chat, through `onEnded`, which says whether the
 * member ended it themselves). After a reconnect the
 * open conversation is fetched again (merged: nothing lost, nothing doubled) and the queue flushed.
 */
export function useChatPushes({
  myId,
  openMatchId,
  onEnded,
  onReconnected,
}: {
  myId: string;
  openMatchId: string | null;
  /** `byMe`: the member ended it themselves (in this tab or another), not the other member */
  onEnded: (matchId: string, byMe: boolean) => void;
  onReconnected: () => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const dispatch = useChatDispatch();
  const store = useStore<{ chat: ChatState }>();
  const navigate = useNavigate();
  const latest = useRef({ openMatchId, onEnded, onReconnected, t, errorText, navigate });
  latest.current = { openMatchId, onEnded, onReconnected, t, errorText, navigate };

  useEffect(() => {
    const offMessage = onRealtimeEvent<{ message?: MessageView }>(SocketEvents.newMessage, (payload) => {
      const message = payload?.message;
      if (!message?.matchId) return;
      dispatch(upsertMessages(message.matchId, [message]));
      dispatch(outgoingDelivered([message]));
      const open = latest.current.openMatchId;
      dispatch(conversationActive(message.matchId, message.senderId !== myId && message.matchId !== open));
      if (open && message.matchId !== open && message.senderId !== myId) {
        void dispatch(describeNewMessage(message, (value) => latest.current.t(value))).then(({ matchId, description }) => {
          const { t: tr, navigate: go } = latest.current;
          toast({
            title: tr('chat.toast.newMessage'),
            description,
            action: { label: tr('chat.toast.openChat'), onClick: () => go(conversationPath(matchId)) },
          });
        });
      }
    });
    const offError = onRealtimeEvent<{ id?: string; message?: string }>(SocketEvents.messageError, (payload) => {
      // a message of this tab's outbox: its send answers the refusal itself ('Are you sure?' in the
      // conversation, an attachment uploaded again, a conversation that is gone, or its own toast),
      // and the push comes before that answer
      if (payload?.id && selectOutbox(store.getState()).some((m) => m.id === payload.id)) return;
      const { t: tr, errorText: text } = latest.current;
      toast({ variant: 'destructive', title: tr('chat.toast.messageError'), description: text({ serverMessage: payload?.message || undefined }, 'chat.toast.sendFailed') });
    });
    const offFailed = onRealtimeEvent<{ message?: string }>(SocketEvents.error, (payload) => {
      const { t: tr, errorText: text } = latest.current;
      toast({ variant: 'destructive', title: tr('chat.toast.messageError'), description: text({ serverMessage: payload?.message || undefined }, 'common.tryAgain') });
    });
    const offEnded = onRealtimeEvent<{ matchId?: string; endedBy?: string }>(SocketEvents.matchEnded, (payload) => {
      if (!payload?.matchId) return;
      dispatch(endMatch(payload.matchId, myId));
      latest.current.onEnded(payload.matchId, payload.endedBy === myId);
    });
    return () => {
      offMessage();
      offError();
      offFailed();
      offEnded();
    };
  }, [dispatch, myId, store]);

  // connected again after a drop: refetch the open conversation and send what waited
  const { status } = useSelector(selectConnection);
  const wasConnected = useRef<boolean | null>(null);
  useEffect(() => {
    const connected = status === 'connected';
    if (connected && wasConnected.current === false) latest.current.onReconnected();
    wasConnected.current = connected;
  }, [status]);
}

/** Fetches a conversation's latest page again (merged into what is held). */
export const refetchConversation = (matchId: string) => chatApi.endpoints.getMessages.initiate(matchId, { subscribe: false, forceRefetch: true });
