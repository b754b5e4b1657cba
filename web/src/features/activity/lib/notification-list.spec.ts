import { NOTIFICATIONS_PAGE_SIZE } from '../model';
import { isNotificationView, matchedMembers, mayHaveOlder, mergeLatestPage, mergeNotifications, oldestId, unreadCountAfterPush, unreadCountAfterRead } from './notification-list';
import { aNotification } from './test-notifications';

const at = (minute: number) => `2025-06-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

describe('the held notifications', () => {
  it('puts a pushed notification first, and keeps it once when it comes again', () => {
    const page = [aNotification({ id: 'b', createdAt: at(2) }), aNotification({ id: 'a', createdAt: at(1) })];
    const pushed = aNotification({ id: 'c', createdAt: at(3), type: 'match', title: "It's a match with Maya!" });
    const once = mergeNotifications(page, [pushed]);
    expect(once.map((n) => n.id)).toEqual(['c', 'b', 'a']);
    expect(mergeNotifications(once, [pushed]).map((n) => n.id)).toEqual(['c', 'b', 'a']);
    // the refetched page that now holds it too: still once
    expect(mergeNotifications(once, [pushed, ...page]).map((n) => n.id)).toEqual(['c', 'b', 'a']);
  });

  it('keeps newest first across pages, whatever order they arrive in (same time: by id)', () => {
    const older = [aNotification({ id: 'a', createdAt: at(1) }), aNotification({ id: 'x', createdAt: at(1) })];
    const latest = [aNotification({ id: 'd', createdAt: at(4) })];
    expect(mergeNotifications(latest, older).map((n) => n.id)).toEqual(['d', 'x', 'a']);
  });

  it('takes the newer copy, but a read notification never turns unread again', () => {
    const held = [aNotification({ id: 'a', read: true })];
    expect(mergeNotifications(held, [aNotification({ id: 'a', read: false, title: 'Maya liked you again' })])[0]).toMatchObject({ read: true, title: 'Maya liked you again' });
    expect(mergeNotifications([aNotification({ id: 'a' })], [aNotification({ id: 'a', read: true })])[0].read).toBe(true);
  });

  it('takes the latest page fetched again in place of what it covers, keeping older pages', () => {
    const full = Array.from({ length: NOTIFICATIONS_PAGE_SIZE }, (_, i) => aNotification({ id: `n${String(i).padStart(2, '0')}`, createdAt: at(59 - i) }));
    const olderPage = [aNotification({ id: 'old', createdAt: '2025-06-01T09:00:00.000Z' })];
    const held = mergeNotifications(full, olderPage);
    // one in the page's window is gone on the server (a block), a new one came
    const fresh = aNotification({ id: 'new', createdAt: '2025-06-01T11:00:00.000Z' });
    const page = [fresh, ...full.filter((n) => n.id !== 'n05')].slice(0, NOTIFICATIONS_PAGE_SIZE);
    const next = mergeLatestPage(held, page);
    expect(next.map((n) => n.id)).not.toContain('n05');
    expect(next[0].id).toBe('new');
    expect(next.at(-1)?.id).toBe('old');
    expect(next).toHaveLength(page.length + 1); // the page and the older page
    // a short page is the whole list; a notification read here stays read
    const readHere = [aNotification({ id: 'a', read: true }), aNotification({ id: 'gone' })];
    expect(mergeLatestPage(readHere, [aNotification({ id: 'a', read: false })])).toEqual([aNotification({ id: 'a', read: true })]);
  });

  it('counts an unread push once, and a read one or a repeat not at all', () => {
    const held = [aNotification({ id: 'a' })];
    expect(unreadCountAfterPush(2, held, aNotification({ id: 'b' }))).toBe(3);
    expect(unreadCountAfterPush(2, undefined, aNotification({ id: 'b' }))).toBe(3);
    expect(unreadCountAfterPush(2, held, aNotification({ id: 'a' }))).toBe(2);
    expect(unreadCountAfterPush(2, held, aNotification({ id: 'c', read: true }))).toBe(2);
  });

  it('counts down for an unread notification marked read, never below zero', () => {
    expect(unreadCountAfterRead(3, true)).toBe(2);
    expect(unreadCountAfterRead(3, false)).toBe(3);
    expect(unreadCountAfterRead(0, true)).toBe(0);
  });

  it('asks for older ones after a full page that brought something new', () => {
    const full = Array.from({ length: NOTIFICATIONS_PAGE_SIZE }, (_, i) => aNotification({ id: `n${i}` }));
    expect(mayHaveOlder(full, [])).toBe(true);
    expect(mayHaveOlder(full.slice(1), [])).toBe(false);
    // a server that ignores `before` answers the same page again: nothing more to ask for
    expect(mayHaveOlder(full, full)).toBe(false);
    expect(oldestId(full)).toBe(`n${NOTIFICATIONS_PAGE_SIZE - 1}`);
    expect(oldestId([])).toBeNull();
  });
});

describe('the members matched with', () => {
  it('are those of a match notification, and of a like marked matched (its match ended: its notification went)', () => {
    const held = [
      aNotification({ id: 'a', type: 'match', title: "It's a match with Maya!", data: { fromUserId: 'u-maya', matchId: 'm1' } }),
      aNotification({ id: 'b', title: 'Gus liked you', data: { fromUserId: 'u-gus', matched: 'true' } }),
      aNotification({ id: 'c', title: 'Ivy liked you', data: { fromUserId: 'u-ivy' } }),
    ];
    expect([...matchedMembers(held)].sort()).toEqual(['u-gus', 'u-maya']);
  });
});

describe('a pushed payload', () => {
  it('is taken as a notification only when it has a notification’s shape', () => {
    expect(isNotificationView(aNotification({ id: 'a' }))).toBe(true);
    expect(isNotificationView({ ...aNotification({ id: 'a' }), type: 'poke' })).toBe(false);
    expect(isNotificationView({ id: 'a' })).toBe(false);
    expect(isNotificationView(null)).toBe(false);
  });
});
