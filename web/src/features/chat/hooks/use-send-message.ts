import { useCallback } from 'react';
import { useSelector, useStore } from 'react-redux';
import type { AttachmentType, MatchView, MessageType } from '@aero/contracts/shared';
import { SocketEvents } from '@aero/contracts/shared';
import { toast } from '../../../components';
import { useErrorText, useT } from '../../../i18n';
import { getRealtime } from '../../../lib/realtime';
import { sharedApi } from '../../../lib/shared-api';
import { putFile, upsertMessages, useRegisterAttachmentMutation, useRequestUploadUrlMutation, useSendMessageMutation } from '../api/chat-api';
import { deliver, type Delivery } from '../lib/deliver';
import { newMessageId, queuedToFlush, sendPayload, type Outbox, type OutgoingMessage } from '../lib/outbox';
import { outgoingAdded, outgoingDelivered, outgoingDropped, outgoingStateChanged, outgoingUploaded, selectOutbox, type ChatState } from '../slices/outbox-slice';
import { useChatDispatch } from './use-chat-dispatch';

/** the queue's flush (one per tab): under way, and asked for again while it ran */
const flush = { running: false, again: false };

/** the files of the photos and voice clips on their way out, by message id, with their previews (this page's: a reload loses them) */
const localFiles = new Map<string, { file: Blob; preview: string }>();

/** Lets go of the files (and their previews) of the messages that left the outbox (sent, deleted, or their match ended). */
export function releaseLocalFiles(outbox: Outbox) {
  for (const [id, { preview }] of localFiles) {
    if (outbox.some((m) => m.id === id)) continue;
    URL.revokeObjectURL(preview);
    localFiles.delete(id);
  }
}

/** how long the socket may take to acknowledge a message before it goes over HTTP instead */
const ACK_TIMEOUT_MS = 8000;

/** a try's outcome; `matchGone`: refused as its match is not found, and the match list, fetched again, no longer has it */
type Attempt = Delivery & { matchGone?: true };

/**
 * a refusal the open conversation tells of itself: its match ended unheard, and the conversation,
 * its match list fetched again, says it is no longer available (a toast over it would say it twice)
 */
const toldByConversation = (result: Attempt) => result.kind === 'refused' && result.matchGone === true;

/**
 * a photo or voice clip refused as its upload is unknown to the server, while its file is still on
 * this page: the server forgets an upload no message carried within the hour after its address
 * (a message tried again, or queued, long after its upload), so it can go up again
 */
const uploadForgotten = (result: Attempt, message: OutgoingMessage) => result.kind === 'refused' && result.code === 'attachment_invalid' && localFiles.has(message.id);

/**
 * Sending (spec §4/§7): text, voice and photo messages through the send queue, over the socket
 * when it is connected (else HTTP, same id), with the toasts of spec §8. A message that reaches
 * neither stays queued and goes again by `flushQueued` once connected. A photo or voice clip is in
 * its conversation at once (this page's copy, 'sending') while its file goes up; one that could not
 * be uploaded or sent stays there, failed, until the member tries again or deletes it.
 */
export function useSendMessage() {
  const t = useT();
  const errorText = useErrorText();
  const dispatch = useChatDispatch();
  const store = useStore<{ chat: ChatState }>();
  const [postMessage] = useSendMessageMutation();
  const [requestUploadUrl] = useRequestUploadUrlMutation();
  const [registerAttachment] = useRegisterAttachmentMutation();

  /**
   * whether the match list, fetched after the refusal that came at `refusedAt` (the screens showing
   * it with it), no longer has `matchId`
   */
  const matchGone = useCallback(
    async (matchId: string, refusedAt: number) => {
      const fetched = async () => {
        const request = dispatch(sharedApi.endpoints.getMatches.initiate(undefined, { forceRefetch: true }));
        try {
          return await request;
        } finally {
          request.unsubscribe();
        }
      };
      let list = await fetched();
      // (a fetch already under way answers instead of a new one: begun before the refusal, it may
      // be from before the match ended)
      if ((list.startedTimeStamp ?? 0) < refusedAt) list = await fetched();
      return list.isSuccess && !list.data.some((m) => m.id === matchId);
    },
    [dispatch],
  );

  /** one try; a refused message leaves the queue, but one the server asks 'Are you sure?' of while it came from the queue (`hold`), which waits for the member */
  const attempt = useCallback(
    async (message: OutgoingMessage, hold = false): Promise<Attempt> => {
      const payload = sendPayload(message);
      const delivered = await deliver(payload, {
        networkDown: () => navigator.onLine === false,
        isConnected: () => getRealtime()?.isConnected() === true,
        viaSocket: (p) => getRealtime()!.request(SocketEvents.message, p, ACK_TIMEOUT_MS),
        viaHttp: ({ matchId, recipientId: _recipient, ...body }) => postMessage({ matchId, body }).unwrap(),
      });
      // the match ended without this page hearing it (its push missed): the list, fetched again,
      // no longer has it, and the conversation says it is gone, as after a reload. A match the list
      // still has (so new that messaging has not heard of it yet) is a refusal like any other.
      const result: Attempt = delivered.kind === 'refused' && delivered.code === 'match_not_found' && (await matchGone(message.matchId, Date.now())) ? { ...delivered, matchGone: true } : delivered;
      if (result.kind === 'sent') {
        dispatch(upsertMessages(result.message.matchId, [result.message]));
        dispatch(outgoingDelivered([result.message]));
      } else if (result.kind === 'offline') dispatch(outgoingStateChanged({ id: message.id, state: 'queued' }));
      else if (hold && result.code === 'nudge') dispatch(outgoingStateChanged({ id: message.id, state: 'held' }));
      // a refused text goes back to the composer (or, from the queue, goes); a photo or voice clip stays, failed
      else if (message.messageType === 'text') dispatch(outgoingDropped(message.id));
      else dispatch(outgoingStateChanged({ id: message.id, state: 'failed' }));
      return result;
    },
    [dispatch, matchGone, postMessage],
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

  /** the file of a photo or voice clip in the outbox goes up (spec §7: an upload address, the file, its registration); answers its address */
  const upload = useCallback(
    async (message: OutgoingMessage) => {
      const file = localFiles.get(message.id)?.file;
      if (!file) throw new Error('the file is gone');
      const { uploadURL } = await requestUploadUrl().unwrap();
      await putFile(uploadURL, file, file.type.split(';')[0] || 'application/octet-stream');
      await registerAttachment({ attachmentUrl: uploadURL, messageType: message.messageType as AttachmentType }).unwrap();
      dispatch(outgoingUploaded({ id: message.id, attachmentUrl: uploadURL }));
      return uploadURL;
    },
    [dispatch, registerAttachment, requestUploadUrl],
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
          let result = await attempt(message, true);
          // queued long enough for the server to forget its upload: the file, still on this page, goes up again, once, in its turn
          if (uploadForgotten(result, message)) {
            dispatch(outgoingStateChanged({ id: message.id, state: 'sending' }));
            const attachmentUrl = await upload(message).catch(() => null);
            if (attachmentUrl) result = await attempt({ ...message, attachmentUrl }, true);
            else dispatch(outgoingStateChanged({ id: message.id, state: 'failed' }));
          }
          // 'Are you sure?' is asked by the held message itself, in its conversation; the toast says so wherever the member is
          if (result.kind === 'refused') {
            if (result.code === 'nudge') toast({ variant: 'destructive', title: t('chat.toast.messageError'), description: t('chat.toast.held') });
            else refusalToast(result);
          }
          if (result.kind === 'offline') break;
        }
      }
    } finally {
      flush.running = false;
    }
  }, [attempt, dispatch, refusalToast, store, t, upload]);

  /** sends a message of the outbox, or queues it behind messages still waiting for the connection, so that they all go in order */
  const sendInTurn = useCallback(
    async (message: OutgoingMessage) => {
      const behind = queuedToFlush(selectOutbox(store.getState())).length > 0;
      if (!behind) return attempt(message);
      dispatch(outgoingStateChanged({ id: message.id, state: 'queued' }));
      // the queue goes now if it can: over the socket, else over HTTP (a given-up socket with the
      // gateway back would otherwise hold it until a reload); offline it stops at its first message
      void flushQueued();
      return { kind: 'offline' } as const;
    },
    [attempt, dispatch, flushQueued, store],
  );

  /** a new message in the outbox ('sending') */
  const added = useCallback(
    (match: Pick<MatchView, 'id' | 'otherUser'>, draft: { content: string; messageType: MessageType; attachmentDuration?: number | null; confirmed?: boolean; preview?: string }): OutgoingMessage => {
      const message: OutgoingMessage = {
        id: newMessageId(),
        matchId: match.id,
        recipientId: match.otherUser.id,
        content: draft.content,
        messageType: draft.messageType,
        attachmentUrl: null,
        attachmentDuration: draft.attachmentDuration ?? null,
        createdAt: new Date().toISOString(),
        state: 'sending',
        ...(draft.confirmed ? { confirmed: true } : {}),
        ...(draft.preview ? { preview: draft.preview } : {}),
      };
      dispatch(outgoingAdded(message));
      return message;
    },
    [dispatch],
  );

  /**
   * Sends a text; resolves true when it went (or is queued), false when refused, 'nudge' when
   * the server asks 'Are you sure?' first (then `confirmed` sends it anyway).
   */
  const sendText = useCallback(
    async (match: Pick<MatchView, 'id' | 'otherUser'>, content: string, options: { confirmed?: boolean } = {}): Promise<boolean | 'nudge'> => {
      const result = await sendInTurn(added(match, { content, messageType: 'text', confirmed: options.confirmed }));
      if (result.kind === 'refused' && result.code === 'nudge') return 'nudge';
      if (result.kind === 'refused' && !toldByConversation(result)) refusalToast(result);
      return result.kind !== 'refused';
    },
    [added, refusalToast, sendInTurn],
  );

  /**
   * The attachment flow (spec §7) of a photo or voice clip in the outbox: upload address, the file,
   * registration (once: a retry after a refused send skips them, unless the server no longer knows
   * the upload, `uploadedAgain`), then the message. Resolves true
   * when it went (or is queued); a failure leaves it in its conversation, 'failed', with the toast.
   */
  const uploadAndSend = useCallback(
    async (message: OutgoingMessage, uploadedAgain = false): Promise<boolean> => {
      const kind = message.messageType as AttachmentType;
      const failed = kind === 'voice' ? t('chat.toast.voiceFailed') : t('chat.toast.photoFailed');
      let attachmentUrl = message.attachmentUrl;
      try {
        attachmentUrl ||= await upload(message);
      } catch (error) {
        dispatch(outgoingStateChanged({ id: message.id, state: 'failed' }));
        toast({ variant: 'destructive', title: failed, description: errorText(error, 'common.tryAgain') });
        return false;
      }
      // deleted with its match meanwhile: nothing to send
      if (!selectOutbox(store.getState()).some((m) => m.id === message.id)) return false;
      const result = await sendInTurn({ ...message, attachmentUrl });
      // its upload forgotten by the server (a failed photo tried again long after): it goes up again, once
      if (uploadForgotten(result, message) && !uploadedAgain) {
        dispatch(outgoingStateChanged({ id: message.id, state: 'sending' }));
        return uploadAndSend({ ...message, attachmentUrl: null }, true);
      }
      if (result.kind === 'refused') {
        if (!toldByConversation(result)) toast({ variant: 'destructive', title: failed, description: reason(result, 'common.tryAgain') });
        return false;
      }
      if (result.kind === 'sent') toast({ title: kind === 'voice' ? t('chat.toast.voiceSent') : t('chat.toast.photoSent') });
      return true;
    },
    [dispatch, errorText, reason, sendInTurn, store, t, upload],
  );

  /** Sends a photo or voice clip: it shows in its conversation at once (this page's copy of the file) while it goes up. */
  const sendAttachment = useCallback(
    (match: Pick<MatchView, 'id' | 'otherUser'>, kind: AttachmentType, file: Blob, durationSeconds: number | null) => {
      const preview = URL.createObjectURL(file);
      const message = added(match, { content: '', messageType: kind, attachmentDuration: durationSeconds, preview });
      localFiles.set(message.id, { file, preview });
      return uploadAndSend(message);
    },
    [added, uploadAndSend],
  );

  /** a photo or voice clip that failed: tried again */
  const retryFailed = useCallback(
    async (id: string) => {
      const failed = selectOutbox(store.getState()).find((m) => m.id === id && m.state === 'failed');
      if (!failed) return;
      dispatch(outgoingStateChanged({ id, state: 'sending' }));
      await uploadAndSend({ ...failed, state: 'sending' });
    },
    [dispatch, store, uploadAndSend],
  );

  /** a message held for 'Are you sure?': sent anyway; held or failed: deleted */
  const sendHeldAnyway = useCallback(
    async (id: string) => {
      const held = selectOutbox(store.getState()).find((m) => m.id === id && m.state === 'held');
      if (!held) return;
      dispatch(outgoingStateChanged({ id, state: 'sending', confirmed: true }));
      const result = await attempt({ ...held, state: 'sending', confirmed: true });
      if (result.kind === 'refused' && !toldByConversation(result)) refusalToast(result);
    },
    [attempt, dispatch, refusalToast, store],
  );
  const deleteUnsent = useCallback((id: string) => dispatch(outgoingDropped(id)), [dispatch]);

  return { sendText, sendAttachment, flushQueued, sendHeldAnyway, retryFailed, deleteUnsent };
}

/** A conversation's messages on their way out. */
export const useOutbox = () => useSelector(selectOutbox);

