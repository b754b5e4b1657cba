import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { conversationPath, type MessageView, type NotificationView, SocketEvents } from '@aero/contracts/shared';
import { useToast } from '../components/toast';
import { type MessageKey, useT } from '../i18n';
import { useCurrentUser } from '../lib/current-user';
import { noteMessage, toldHere, writtenHere } from '../lib/matches-made-here';
import { type ConnectionError, onRealtimeEvent, selectConnectionError } from '../lib/realtime';
import { useAppDispatch } from './hooks';

/** spec §8's chat connection toasts: title and text keys per failure */
export const CONNECTION_TOASTS: Record<ConnectionError, { title: MessageKey; text: MessageKey }> = {
  'auth-failed': { title: 'auth.toast.connectionError', text: 'realtime.toast.authFailed' },
  unreachable: { title: 'auth.toast.connectionError', text: 'realtime.toast.unreachable' },
  'connection-lost': { title: 'realtime.toast.lost', text: 'realtime.toast.lostText' },
};

/**
 * The real-time channel's toasts: one when it fails (once per failure), 'It's a Match!' when the
 * other member's swipe makes a match (with their first name and 'Send Message'; the member's own
 * swipe shows the match screen instead; so does a message of the match that came first: its 'New
 * message' toast, or the open chat, tells of it, and is not replaced), and 'New message' when a
 * match writes while the member is on another screen than Messages (whose list, or open chat,
 * tells of it itself: features/chat), with the sender's first name (from the member's match list,
 * fetched when it is not held or does not have the match yet), a preview and 'Open', which opens
 * the conversation.
 */
export function RealtimeToasts() {
  // only the failure: not the status nor the presence, which change on every connection and push
  const error = useSelector(selectConnectionError);
  const { toast } = useToast();
  const t = useT();
  const shown = useRef<ConnectionError | null>(null);
  useEffect(() => {
    if (error && error !== shown.current) {
      const { title, text } = CONNECTION_TOASTS[error];
      toast({ variant: 'destructive', title: t(title), description: t(text) });
    }
    shown.current = error;
  }, [error, toast, t]);
  const me = useCurrentUser()?.id;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    return onRealtimeEvent<{ message?: MessageView }>(SocketEvents.newMessage, (p) => {
      const message = p?.message;
      if (message?.matchId) noteMessage(message.matchId);
      if (!message?.matchId || message.senderId === me || location.pathname.startsWith('/messages')) return;
      // (its text's rules load with the first message: no screen's first load carries them)
      void import('../lib/new-message-toast')
        .then(({ describeNewMessage }) => dispatch(describeNewMessage(message, (value) => t(value))))
        .then(({ matchId, description }) => {
          if (location.pathname.startsWith('/messages')) return;
          toast({
            title: t('chat.toast.newMessage'),
            description,
            action: { label: t('chat.toast.openChat'), onClick: () => navigate(conversationPath(matchId)) },
          });
        })
        // (rules that do not load leave the message to the Messages badge)
        .catch(() => undefined);
    });
  }, [me, toast, t, dispatch, navigate]);
  useEffect(() => {
    let live = true;
    const off = onRealtimeEvent<Partial<NotificationView>>(SocketEvents.notification, (n) => {
      const matchId = n?.type === 'match' ? n.data?.matchId : undefined;
      if (!matchId) return;
      void toldHere(matchId).then(async (told) => {
        // (a like of this tab made it, or its conversation has begun: the match screen, the
        // 'New message' toast or the open chat tells of it)
        if (told || !live) return;
        const { describeNewMatch } = await import('../lib/new-message-toast');
        const { description } = await dispatch(describeNewMatch(matchId, (value) => t(value)));
        // (its first message may have come while the toast's text was being found)
        if (!live || writtenHere(matchId)) return;
        toast({
          title: t('match.title'),
          description,
          action: { label: t('match.sendMessage'), onClick: () => navigate(conversationPath(matchId)) },
        });
        // (a screen's chunk that does not load leaves the match to the Activity badge)
      }).catch(() => undefined);
    });
    return () => {
      live = false;
      off();
    };
  }, [toast, t, dispatch, navigate]);
  return null;
}
