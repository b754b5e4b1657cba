import { useEffect, useRef } from 'react';
import { useSelector, useStore } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { type MatchView, type MessageView, SocketEvents } from '@aero/contracts/shared';
import { useToast } from '../components/toast';
import { type MessageKey, useT } from '../i18n';
import { useCurrentUser } from '../lib/current-user';
import { type ConnectionError, onRealtimeEvent, selectConnection } from '../lib/realtime';
import { sharedApi } from '../lib/shared-api';
import { useAppDispatch } from './hooks';
import type { RootState } from './store';

/** spec §8's chat connection toasts: title and text keys per failure */
export const CONNECTION_TOASTS: Record<ConnectionError, { title: MessageKey; text: MessageKey }> = {
  'auth-failed': { title: 'auth.toast.connectionError', text: 'realtime.toast.authFailed' },
  unreachable: { title: 'auth.toast.connectionError', text: 'realtime.toast.unreachable' },
  'connection-lost': { title: 'realtime.toast.lost', text: 'realtime.toast.lostText' },
};

/**
 * The real-time channel's toasts: one when it fails (once per failure), and 'New message' when a
 * match writes while the member is on another screen than Messages (whose list, or open chat,
 * tells of it itself: features/chat), with the sender's first name (from the member's match list,
 * fetched when it is not held or does not have the match yet), a preview and 'Open', which opens
 * the conversation.
 */
export function RealtimeToasts() {
  const { error } = useSelector(selectConnection);
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
  const store = useStore<RootState>();
  const navigate = useNavigate();
  useEffect(() => {
    /** the match list held, or fetched again when it does not have `matchId` (a match made since) */
    const matchesWith = async (matchId: string): Promise<MatchView[] | undefined> => {
      const held = sharedApi.endpoints.getMatches.select()(store.getState()).data;
      if (held?.some((m) => m.id === matchId)) return held;
      const fetched = dispatch(sharedApi.endpoints.getMatches.initiate(undefined, { subscribe: false, forceRefetch: true }));
      return fetched.unwrap().catch(() => held);
    };
    return onRealtimeEvent<{ message?: MessageView }>(SocketEvents.newMessage, (p) => {
      const message = p?.message;
      if (!message?.matchId || message.senderId === me || location.pathname.startsWith('/messages')) return;
      // (its text's rules load with the first message: no screen's first load carries them)
      void Promise.all([matchesWith(message.matchId), import('./new-message-toast')]).then(([matches, { newMessageToast }]) => {
        if (location.pathname.startsWith('/messages')) return;
        const { matchId, description } = newMessageToast(message, matches, (value) => t(value));
        toast({
          title: t('chat.toast.newMessage'),
          description,
          action: { label: t('chat.toast.openChat'), onClick: () => navigate(`/messages?matchId=${encodeURIComponent(matchId)}`) },
        });
      });
    });
  }, [me, toast, t, dispatch, store, navigate]);
  return null;
}
