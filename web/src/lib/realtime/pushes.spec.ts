import { SocketEvents } from '@aero/contracts/shared';
import { PUSH_TAGS, pushesWithTags, RESYNC_TAGS, tagsForPush } from './pushes';

describe('pushes → RTK Query tags', () => {
  it('refreshes the activity list on a notification, and matches for match or message notifications', () => {
    expect(tagsForPush('notification', { type: 'like' })).toEqual(['Notifications', 'ProfileViews']);
    expect(tagsForPush('notification', { type: 'match', data: { matchId: 'm1' } })).toEqual(['Notifications', 'Matches']);
    expect(tagsForPush('notification', null)).toEqual(['Notifications']);
    // some removed, or one stored quietly (a match of our own like, made on another device): the match list too
    expect(tagsForPush('notifications_removed', {})).toEqual(['Notifications', 'Matches']);
  });

  it('refreshes the activity list and the match list (its unread marks, the Messages badge) when a conversation was read, in this tab or another', () => {
    expect(tagsForPush('notifications_read', {})).toEqual(['Notifications', 'Matches']);
  });

  it('refreshes the match list on a new message (the open conversation takes the message from the push)', () => {
    expect(tagsForPush('new_message', { message: { matchId: 'm7', content: 'hi' } })).toEqual(['Matches']);
  });

  it('drops an ended match from the list, without asking for its conversation again (it is gone)', () => {
    expect(tagsForPush('match_ended', { matchId: 'm7' })).toEqual(['Matches']);
    expect(tagsForPush('match_ended', {})).toEqual(['Matches']);
  });

  it('ignores events the cache does not hold', () => {
    expect(tagsForPush('user_online', { userId: 'u1' })).toEqual([]);
    expect(tagsForPush('typing', {})).toEqual([]);
  });

  it('listens only to events of the socket contract (an event the server never sends is dead code)', () => {
    const sent = new Set<string>(Object.values(SocketEvents));
    expect(Object.keys(PUSH_TAGS).filter((event) => !sent.has(event))).toEqual([]);
  });

  it('a reconnect fetches again what any push would have refreshed (but messages, which the chat fetches itself)', () => {
    const payloads = [null, {}, { type: 'like' }, { type: 'super_like' }, { type: 'match', matchId: 'm1' }, { type: 'message', data: { matchId: 'm1' } }, { matchId: 'm1' }];
    const pushed = new Set(pushesWithTags().flatMap((event) => payloads.flatMap((p) => tagsForPush(event, p))).map((tag) => (typeof tag === 'string' ? tag : tag.type)));
    pushed.delete('Messages');
    expect(new Set(RESYNC_TAGS)).toEqual(pushed);
  });
});
