import { Limits, type MessageView } from '@aero/contracts/shared';

// A conversation as the screen holds it: the server's messages, whatever order and however often
// they arrived (a page, an older page, a push, an ack, a refetch after a reconnect), kept once
// each (by id) in the server's order (createdAt, then id).

const byServerOrder = (a: MessageView, b: MessageView) => {
  const at = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  return at !== 0 ? at : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

/**
 * `current` with `incoming` merged in: one message per id (the incoming copy wins, except that a
 * known read time is never lost to an older copy), in the server's order.
 */
export function mergeMessages(current: readonly MessageView[], incoming: readonly MessageView[]): MessageView[] {
  if (incoming.length === 0) return current as MessageView[];
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) {
    const known = byId.get(m.id);
    byId.set(m.id, known && known.readAt && !m.readAt ? { ...m, readAt: known.readAt } : m);
  }
  return [...byId.values()].sort(byServerOrder);
}

/** A page shorter than a full page is the start of the conversation: nothing older to load. */
export const hasOlderThan = (page: readonly unknown[]) => page.length >= Limits.messagesPageSize;

/**
 * The other member read the conversation at `readAt` (`message_read`): our messages sent up to
 * then are read. Returns the same array when nothing changes.
 */
export function applyReadReceipt(messages: readonly MessageView[], myId: string, readAt: string): MessageView[] {
  const until = Date.parse(readAt);
  let changed = false;
  const next = messages.map((m) => {
    if (m.senderId !== myId || m.readAt || Date.parse(m.createdAt) > until) return m;
    changed = true;
    return { ...m, readAt };
  });
  return changed ? next : (messages as MessageView[]);
}

/**
 * We read the conversation at `readAt`: the other member's unread messages are read (only those
 * among `only` when given: the ones shown when the read was asked for, not one that came since).
 */
export function markOthersRead(messages: readonly MessageView[], myId: string, readAt: string, only?: ReadonlySet<string>): MessageView[] {
  let changed = false;
  const next = messages.map((m) => {
    if (m.senderId === myId || m.readAt || (only && !only.has(m.id))) return m;
    changed = true;
    return { ...m, readAt };
  });
  return changed ? next : (messages as MessageView[]);
}

/** Whether the other member sent messages we have not read yet (then the open chat marks them read). */
export const hasUnreadFromOther = (messages: readonly MessageView[], myId: string) => messages.some((m) => m.senderId !== myId && !m.readAt);

/** The id of our last message the other member has read ('seen' shows under it), or null. */
export function lastSeenOwnMessageId(messages: readonly MessageView[], myId: string): string | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.senderId === myId && m.readAt) return m.id;
  }
  return null;
}
