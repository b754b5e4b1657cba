import { NOTIFICATIONS_PAGE_SIZE, type NotificationView } from '../model';

// The notifications as the screen holds them: the latest page, older pages and live pushes,
// whatever order and however often they arrived, kept once each (by id), newest first.

const newestFirst = (a: NotificationView, b: NotificationView) => {
  const at = Date.parse(b.createdAt) - Date.parse(a.createdAt);
  return at !== 0 ? at : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
};

/**
 * `held` with `incoming` merged in: one notification per id, newest first. The incoming copy wins,
 * except that a notification known to be read never turns unread again (a page fetched before a
 * click may still say unread).
 */
export function mergeNotifications(held: readonly NotificationView[], incoming: readonly NotificationView[]): NotificationView[] {
  if (incoming.length === 0) return held as NotificationView[];
  const byId = new Map(held.map((n) => [n.id, n]));
  for (const n of incoming) {
    const known = byId.get(n.id);
    byId.set(n.id, known?.read && !n.read ? { ...n, read: true } : n);
  }
  return [...byId.values()].sort(newestFirst);
}

/**
 * `held` after fetching the latest page again: the page stands for everything as new as its
 * oldest (what the server no longer lists there is gone, e.g. after a block); older pages held
 * stay. A short page is the whole list.
 */
export function mergeLatestPage(held: readonly NotificationView[], page: readonly NotificationView[]): NotificationView[] {
  const oldest = page.at(-1);
  const older = page.length < NOTIFICATIONS_PAGE_SIZE || !oldest ? [] : held.filter((n) => newestFirst(n, oldest) > 0);
  const readHere = new Set(held.filter((n) => n.read).map((n) => n.id));
  return mergeNotifications(older, page.map((n) => (readHere.has(n.id) && !n.read ? { ...n, read: true } : n)));
}

/**
 * The unread count after a push: one more for an unread notification not yet held (a push that
 * repeats one already shown changes nothing).
 */
export function unreadCountAfterPush(count: number, held: readonly NotificationView[] | undefined, pushed: NotificationView): number {
  if (pushed.read || held?.some((n) => n.id === pushed.id)) return count;
  return count + 1;
}

/** The unread count after marking one read (never below zero). */
export const unreadCountAfterRead = (count: number, wasUnread: boolean) => (wasUnread ? Math.max(0, count - 1) : count);

/**
 * Whether older notifications may remain after loading a page: a full page that brought something
 * new (a server that ignored `before` answers the latest page again, which adds nothing).
 */
export function mayHaveOlder(page: readonly NotificationView[], held: readonly NotificationView[]): boolean {
  if (page.length < NOTIFICATIONS_PAGE_SIZE) return false;
  const known = new Set(held.map((n) => n.id));
  return page.some((n) => !known.has(n.id));
}

/** The id to ask the page before: the oldest held. */
export const oldestId = (held: readonly NotificationView[]): string | null => held.at(-1)?.id ?? null;

const TYPES: readonly string[] = ['super_like', 'like', 'match', 'message', 'other'];

/** Whether a pushed payload is a notification (the socket carries anything). */
export function isNotificationView(payload: unknown): payload is NotificationView {
  const p = payload as Partial<NotificationView> | null;
  return typeof p?.id === 'string' && typeof p.title === 'string' && typeof p.createdAt === 'string' && typeof p.read === 'boolean' && TYPES.includes(p.type as string);
}

/**
 * the members the reader has matched with (a match notification in the list, or a like the server
 * marked matched, which may come before the match's own): their likes call for no right swipe any
 * more. The end of a match takes both from the list.
 */
export const matchedMembers = (held: readonly NotificationView[]) =>
  new Set(held.flatMap((n) => ((n.type === 'match' || n.data.matched === 'true') && n.data.fromUserId ? [n.data.fromUserId] : [])));
