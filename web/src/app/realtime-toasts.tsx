import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { SocketEvents } from '@aero/contracts/shared';
import { useToast } from '../components/toast';
import { type MessageKey, useT } from '../i18n';
import { useCurrentUser } from '../lib/current-user';
import { type ConnectionError, onRealtimeEvent, selectConnection } from '../lib/realtime';

/** spec §8's chat connection toasts: title and text keys per failure */
export const CONNECTION_TOASTS: Record<ConnectionError, { title: MessageKey; text: MessageKey }> = {
  'auth-failed': { title: 'auth.toast.connectionError', text: 'realtime.toast.authFailed' },
  unreachable: { title: 'auth.toast.connectionError', text: 'realtime.toast.unreachable' },
  'connection-lost': { title: 'realtime.toast.lost', text: 'realtime.toast.lostText' },
};

/**
 * The real-time channel's toasts: one when it fails (once per failure), and 'New message' when a
 * match writes while the member is on another screen than Messages (whose list, or open chat,
 * tells of it itself: features/chat).
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
  useEffect(
    () =>
      onRealtimeEvent<{ message?: { senderId?: string } }>(SocketEvents.newMessage, (p) => {
        if (p?.message && p.message.senderId !== me && !location.pathname.startsWith('/messages')) toast({ title: t('chat.toast.newMessage') });
      }),
    [me, toast, t],
  );
  return null;
}
