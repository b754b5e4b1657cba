import type { MessageType } from '@aero/contracts/shared';

// Messages on their way out (the send queue). Each carries the id the client chose, so sending it
// again (after a reconnect, or over HTTP after the socket gave no answer) stores it once. A message
// is 'sending' while a send is under way, 'queued' while neither the socket nor HTTP reached the
// server (it goes again once the connection is back), 'held' when, sent from the queue, the server
// asked 'Are you sure?' (the member sends it anyway or deletes it), and leaves the outbox once the
// server has it. A photo or voice clip is in it from the moment it is chosen, while its file goes
// up ('sending', without its attachment's address until then), and is 'failed' when the upload or
// the send did not succeed (the member tries again or deletes it).
//
// What the store's reducers need; the rest of the send queue's rules (./outbox) load with the chat.

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
  state: 'sending' | 'queued' | 'held' | 'failed';
  /** a photo or voice clip's file as this page has it (an object URL), shown until the server's copy arrives */
  preview?: string;
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
