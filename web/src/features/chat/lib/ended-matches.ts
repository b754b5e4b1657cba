import type { OutgoingMessage, Outbox } from './outbox-queue';

// Kept apart from the send queue's reducers (which load with the app): only the chat uses it.

/**
 * A match that ended (unmatched or blocked, by either member) takes its unsent messages with it:
 * those of `matchId`; and, from a matches list asked for at `listedAt`, the held ones (and the
 * failed photos and voice clips: both wait for the member) written before then to a match the list
 * does not have. (A queued message goes on to the server, which
 * refuses it if its match ended: the list also leaves out a match whose other member is suspended,
 * whose conversation goes on. A message written after the list was asked for may belong to a match
 * the list does not know yet.)
 */
export function withoutEndedMatches(outbox: Outbox, ended: { matchId: string } | { liveMatchIds: readonly string[]; listedAt: number }): OutgoingMessage[] {
  if ('matchId' in ended) return outbox.filter((m) => m.matchId !== ended.matchId);
  const live = new Set(ended.liveMatchIds);
  return outbox.filter((m) => (m.state !== 'held' && m.state !== 'failed') || live.has(m.matchId) || !(Date.parse(m.createdAt) < ended.listedAt));
}

/** the ids of the messages `withoutEndedMatches` drops */
export const endedOutgoing = (outbox: Outbox, ended: Parameters<typeof withoutEndedMatches>[1]): string[] => {
  const kept = new Set(withoutEndedMatches(outbox, ended));
  return outbox.filter((m) => !kept.has(m)).map((m) => m.id);
};
