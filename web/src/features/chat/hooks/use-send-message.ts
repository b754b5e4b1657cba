import { useCallback } from 'react';
import { useSelector, useStore } from 'react-redux';
import type { AttachmentType, MatchView, MessageType } from '@aero/contracts/shared';
import { NUDGE_CODE, SocketEvents } from '@aero/contracts/shared';
import { toast } from '../../../components';
import { useErrorText, useT } from '../../../i18n';
import { getRealtime } from '../../../lib/realtime';
import { putFile, upsertMessages, useRegisterAttachmentMutation, useRequestUploadUrlMutation, useSendMessageMutation } from '../api/chat-api';
import { deliver, type Delivery } from '../lib/deliver';
import { newMessageId, queuedToFlush, sendPayload, type OutgoingMessage } from '../lib/outbox';
import { outgoingAdded, outgoingDelivered, outgoingDropped, outgoingStateChanged, selectOutbox, type ChatState } from '../slices/outbox-slice';
import { useChatDispatch } from './use-chat-dispatch';

/** the queue's flush (one per tab): under way, and asked for again while it ran */
const flush = { running: false, again: false };

/** how long the socket may take to acknowledge a message before it goes over HTTP instead */
const ACK_TIMEOUT_MS = 8000;

/**
 * Sending (spec §4/§7): text, voice and photo messages through the send queue, over the socket
 * when it is connected (else HTTP, same id), with the toasts of spec §8. A message that reaches
 * neither stays queued and goes again by `flushQueued` once connected.
 */
export function useSendMessage() {
  const t = useT();
  const errorText = useErrorText();
  const dispatch = useChatDispatch();
  const store = useStore<{ chat: ChatState }>();
  const [postMessage] = useSendMessageMutation();
  const [requestUploadUrl] = useRequestUploadUrlMutation();
  const [registerAttachment] = useRegisterAttachmentMutation();

  /** one try; a refused message leaves the queue, but one the server asks 'Are you sure?' of while it came from the queue (`hold`), which waits for the member */
  const attempt = useCallback(
    async (message: OutgoingMessage, hold = false): Promise<Delivery> => {
      const payload = sendPayload(message);
      const result = await deliver(payload, {
        networkDown: () => navigator.onLine === false,
        isConnected: () => getRealtime()?.isConnected() === true,
        viaSocket: (p) => getRealtime()!.request(SocketEvents.message, p, ACK_TIMEOUT_MS),
        viaHttp: ({ matchId, recipientId: _recipient, ...body }) => postMessage({ matchId, body }).unwrap(),
      });
      if (result.kind === 'sent') {
        dispatch(upsertMessages(result.message.matchId, [result.message]));
        dispatch(outgoingDelivered([result.message]));
      } else if (result.kind === 'offline') dispatch(outgoingStateChanged({ id: message.id, state: 'queued' }));
      else if (hold && result.code === NUDGE_CODE) dispatch(outgoingStateChanged({ id: message.id, state: 'held' }));
      else dispatch(outgoingDropped(message.id));
      return result;
    },
    [dispatch, postMessage],
  );

  /** the server's reason, in the chosen language when it is one of the shared texts */
  const reason = useCallback((result: Extract<Delivery, { kind: 'refused' }>, fallback: 'chat.toast.sendFailed' | 'common.tryAgain') => errorText({ serverMessage: result.error ?? undefined, code: result.code }, fallback), [errorText]);

  const refusalToast = useCallback(
    (result: Extract<Delivery, { kind: 'refused' }>) => {
      if (result.via === 'socket') toast({ variant: 'destructive', title: t('chat.toast.messageError'), description: reason(result, 'chat.toast.sendFailed') });
      else toast({ variant: 'destructive', title: t('chat.toast.sendFailed'), description: reason(result, 'common.tryAgain') });
    },
    [reason, t],
  );

  /** Sends the queued messages again, oldest first (once connected); one run at a time, and a run asked for meanwhile follows it. */
  const flushQueued = useCallback(async () => {
    flush.again = true;
    if (flush.running) return;
    flush.running = true;
    try {
      while (flush.again) {
        flush.again = false;
        for (const message of queuedToFlush(selectOutbox(store.getState()))) {
          dispatch(outgoingStateChanged({ id: message.id, state: 'sending' }));
          const result = await attempt(message, true);
          // 'Are you sure?' is asked by the held message itself, in its conversation; the toast says so wherever the member is
          if (result.kind === 'refused') {
            if (result.code === NUDGE_CODE) toast({ variant: 'destructive', title: t('chat.toast.messageError'), description: t('chat.toast.held') });
            else refusalToast(result);
          }
          if (result.kind === 'offline') break;
        }
      }
    } finally {
      flush.running = false;
    }
  }, [attempt, dispatch, refusalToast, store, t]);

  const send = useCallback(
    async (match: Pick<MatchView, 'id' | 'otherUser'>, draft: { content: string; messageType: MessageType; attachmentUrl?: string | null; attachmentDuration?: number | null; confirmed?: boolean }) => {
      const message: OutgoingMessage = {
        id: newMessageId(),
        matchId: match.id,
        recipientId: match.otherUser.id,
        content: draft.content,
        messageType: draft.messageType,
        attachmentUrl: draft.attachmentUrl ?? null,
        attachmentDuration: draft.attachmentDuration ?? null,
        createdAt: new Date().toISOString(),
        state: 'sending',
        ...(draft.confirmed ? { confirmed: true } : {}),
      };
      // behind messages still waiting for the connection it waits too, so that they all go in order
      const behind = queuedToFlush(selectOutbox(store.getState())).length > 0;
      dispatch(outgoingAdded(message));
      if (!behind) return attempt(message);
      dispatch(outgoingStateChanged({ id: message.id, state: 'queued' }));
      // the queue goes now if it can: over the socket, else over HTTP (a given-up socket with the
      // gateway back would otherwise hold it until a reload); offline it stops at its first message
      void flushQueued();
      return { kind: 'offline' } as const;
    },
    [attempt, dispatch, flushQueued, store],
  );

  /**
   * Sends a text; resolves true when it went (or is queued), false when refused, 'nudge' when
   * the server asks 'Are you sure?' first (then `confirmed` sends it anyway).
   */
  const sendText = useCallback(
    async (match: Pick<MatchView, 'id' | 'otherUser'>, content: string, options: { confirmed?: boolean } = {}): Promise<boolean | 'nudge'> => {
      const result = await send(match, { content, messageType: 'text', confirmed: options.confirmed });
      if (result.kind === 'refused' && result.code === NUDGE_CODE) return 'nudge';
      if (result.kind === 'refused') refusalToast(result);
      return result.kind !== 'refused';
    },
    [refusalToast, send],
  );

  /** The attachment flow (spec §7): upload address, the file, registration, then the message. */
  const sendAttachment = useCallback(
    async (match: Pick<MatchView, 'id' | 'otherUser'>, kind: AttachmentType, file: Blob, durationSeconds: number | null) => {
      const failed = kind === 'voice' ? t('chat.toast.voiceFailed') : t('chat.toast.photoFailed');
      try {
        const { uploadURL } = await requestUploadUrl().unwrap();
        await putFile(uploadURL, file, file.type.split(';')[0] || 'application/octet-stream');
        await registerAttachment({ attachmentUrl: uploadURL, messageType: kind }).unwrap();
        const result = await send(match, { content: '', messageType: kind, attachmentUrl: uploadURL, attachmentDuration: durationSeconds });
        if (result.kind === 'refused') {
          toast({ variant: 'destructive', title: failed, description: reason(result, 'common.tryAgain') });
          return false;
        }
        if (result.kind === 'sent') toast({ title: kind === 'voice' ? t('chat.toast.voiceSent') : t('chat.toast.photoSent') });
        return true;
      } catch (error) {
        toast({ variant: 'destructive', title: failed, description: errorText(error, 'common.tryAgain') });
        return false;
      }
    },
    [errorText, reason, registerAttachment, requestUploadUrl, send, t],
  );

  /** a message held for 'Are you sure?': sent anyway, or deleted */
  const sendHeldAnyway = useCallback(
    async (id: string) => {
      const held = selectOutbox(store.getState()).find((m) => m.id === id && m.state === 'held');
      if (!held) return;
      dispatch(outgoingStateChanged({ id, state: 'sending', confirmed: true }));
      const result = await attempt({ ...held, state: 'sending', confirmed: true });
      if (result.kind === 'refused') refusalToast(result);
    },
    [attempt, dispatch, refusalToast, store],
  );
  const deleteHeld = useCallback((id: string) => dispatch(outgoingDropped(id)), [dispatch]);

  return { sendText, sendAttachment, flushQueued, sendHeldAnyway, deleteHeld };
}

/** A conversation's messages on their way out. */
export const useOutbox = () => useSelector(selectOutbox);

