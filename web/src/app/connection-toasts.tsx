import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { useToast } from '../components/toast';
import { type MessageKey, useT } from '../i18n';
import { type ConnectionError, selectConnection } from '../lib/realtime';

/** spec §8's chat connection toasts: title and text keys per failure */
export const CONNECTION_TOASTS: Record<ConnectionError, { title: MessageKey; text: MessageKey }> = {
  'auth-failed': { title: 'auth.toast.connectionError', text: 'realtime.toast.authFailed' },
  unreachable: { title: 'auth.toast.connectionError', text: 'realtime.toast.unreachable' },
  'connection-lost': { title: 'realtime.toast.lost', text: 'realtime.toast.lostText' },
};

/** Shows a toast when the real-time channel fails (once per failure). */
export function ConnectionToasts() {
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
  return null;
}
