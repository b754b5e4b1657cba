import type { MessageType, MessageView } from '@aero/contracts/shared';

// Messages on their way out (the send queue). Each carries the id the client chose, so sending it
// again (after a reconnect, or over HTTP after the socket gave no answer) stores it once. A message
// is 'sending' while a send is under way, 'queued' while neither the socket nor HTTP reached the
// server (it goes again once the connection is back), 'held' when, sent from the queue, the server
// asked 'Are you sure?' (the member sends it anyway or deletes it), and leaves the outbox once the
// server has it.

export interface OutgoingMessage {
  id: string;
  matchId: string;
  recipientId: string;
  content: string;
  messageType: MessageType;
  attachmentUrl: string | null;
  attachmentDuration: number | null;
  /** when it was written (local clock), to show it in place until the server's copy arrives */
  createdAt: string;
  state: 'sending' | 'queued' | 'held';
  /** sent again after 'Are you sure?' */
  confirmed?: boolean;
}

export type Outbox = readonly OutgoingMessage[];

export const addOutgoing = (outbox: Outbox, message: OutgoingMessage): OutgoingMessage[] => (outbox.some((m) => m.id === message.id) ? [...outbox] : [...outbox, message]);

export const setOutgoingState = (outbox: Outbox, id: string, state: OutgoingMessage['state']): OutgoingMessage[] => outbox.map((m) => (m.id === id ? { ...m, state } : m));

export const removeOutgoing = (outbox: Outbox, id: string): OutgoingMessage[] => outbox.filter((m) => m.id !== id);

/** The server has these messages: they leave the outbox (nothing is shown twice). */
export const settleOutgoing = (outbox: Outbox, delivered: readonly { id: string }[]): OutgoingMessage[] => {
  const ids = new Set(delivered.map((m) => m.id));
  return outbox.filter((m) => !ids.has(m.id));
};

/**
 * A match that ended (unmatched or blocked, by either member) takes its unsent messages with it:
 * those of `matchId`; and, from a matches list asked for at `listedAt`, the held ones written
 * before then to a match the list does not have. (A queued message goes on to the server, which
 * refuses it if its match ended: the list also leaves out a match whose other member is suspended,
 * whose conversation goes on. A message written after the list was asked for may belong to a match
 * the list does not know yet.)
 */
export function withoutEndedMatches(outbox: Outbox, ended: { matchId: string } | { liveMatchIds: readonly string[]; listedAt: number }): OutgoingMessage[] {
  if ('matchId' in ended) return outbox.filter((m) => m.matchId !== ended.matchId);
  const live = new Set(ended.liveMatchIds);
  return outbox.filter((m) => m.state !== 'held' || live.has(m.matchId) || !(Date.parse(m.createdAt) < ended.listedAt));
}

/**
 * The outbox as this tab keeps it across a reload (sessionStorage, per member), read back: every
 * well-formed message is queued again (one that was 'sending' when the page went may or may not
 * have arrived: sending it again with its id stores it once), but one held for 'Are you sure?',
 * which waits for the member's answer.
 */
export function restoredOutbox(stored: unknown): OutgoingMessage[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((m: Partial<OutgoingMessage> | null) =>
    m && typeof m.id === 'string' && typeof m.matchId === 'string' && typeof m.recipientId === 'string' && typeof m.content === 'string' && typeof m.messageType === 'string' && typeof m.createdAt === 'string'
      ? [{ ...(m as OutgoingMessage), state: m.state === 'held' ? ('held' as const) : ('queued' as const) }]
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

/** A conversation's outgoing messages the server has not confirmed, shaped like the server's for the list. */
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
      attachmentUrl: null,
      attachmentDuration: m.attachmentDuration,
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
