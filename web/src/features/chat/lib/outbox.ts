import type { MessageView } from '@aero/contracts/shared';
import type { OutgoingMessage, Outbox } from './outbox-queue';

// The send queue's rules beyond the store's reducers (./outbox-queue): what a reload keeps, what is
// sent, what is shown.

export { addOutgoing, removeOutgoing, setOutgoingState, settleOutgoing, type OutgoingMessage, type Outbox } from './outbox-queue';

/**
 * The outbox as this tab keeps it across a reload (sessionStorage, per member), read back: every
 * well-formed message is queued again (one that was 'sending' when the page went may or may not
 * have arrived: sending it again with its id stores it once), but one held for 'Are you sure?',
 * which waits for the member's answer, and one that failed, which waits for the member's retry.
 * A photo or voice clip whose file was not uploaded yet went with the page (its file and preview
 * were that page's).
 */
export function restoredOutbox(stored: unknown): OutgoingMessage[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((m: Partial<OutgoingMessage> | null) =>
    m && typeof m.id === 'string' && typeof m.matchId === 'string' && typeof m.recipientId === 'string' && typeof m.content === 'string' && typeof m.messageType === 'string' && typeof m.createdAt === 'string' && (m.messageType === 'text' || !!m.attachmentUrl)
      ? [{ ...(m as OutgoingMessage), preview: undefined, state: m.state === 'held' || m.state === 'failed' ? m.state : ('queued' as const) }]
      : [],
  );
}

export const outboxStorageKey = (userId: string) => `aero.outbox.${userId}`;

/** What to send again once connected: the queued messages, oldest first. */
export const queuedToFlush = (outbox: Outbox): OutgoingMessage[] => outbox.filter((m) => m.state === 'queued');

/** The payload of the socket's `message` event and of POST /api/matches/{matchId}/messages (with `matchId` in the path). */
export const sendPayload = ({ id, matchId, recipientId, content, messageType, attachmentUrl, attachmentDuration, confirmed }: OutgoingMessage) => ({
  id,
  matchId,
  recipientId,
  content,
  messageType,
  attachmentUrl,
  attachmentDuration,
  ...(confirmed ? { confirmed } : {}),
});

/** A conversation's outgoing messages the server has not confirmed, shaped like the server's for the list (a photo or voice clip with this page's copy of its file, when it has it). */
export function pendingViews(outbox: Outbox, matchId: string, myId: string, shown: readonly { id: string }[]): (MessageView & { pending: OutgoingMessage['state'] })[] {
  const known = new Set(shown.map((m) => m.id));
  return outbox
    .filter((m) => m.matchId === matchId && !known.has(m.id))
    .map((m) => ({
      id: m.id,
      matchId: m.matchId,
      senderId: myId,
      content: m.content,
      messageType: m.messageType,
      attachmentUrl: m.preview ?? null,
      attachmentDuration: m.attachmentDuration,
      // (a photo on its way out takes the shape of this page's copy once read)
      attachmentWidth: null,
      attachmentHeight: null,
      createdAt: m.createdAt,
      readAt: null,
      pending: m.state,
    }));
}

/** A version 4 UUID for a new message (crypto.randomUUID needs a secure context; this does not). */
export function newMessageId(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const b = random(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
