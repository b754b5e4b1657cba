import { tagsForPush } from './pushes';

describe('pushes → RTK Query tags', () => {
  it('refreshes the activity list on a notification, and matches for match or message notifications', () => {
    expect(tagsForPush('notification', { type: 'like' })).toEqual(['Notifications', 'ProfileViews']);
    expect(tagsForPush('notification', { type: 'match', data: { matchId: 'm1' } })).toEqual(['Notifications', 'Matches']);
    expect(tagsForPush('notification', null)).toEqual(['Notifications']);
  });

  it("refreshes one conversation's messages and the match list on a new message", () => {
    expect(tagsForPush('new_message', { message: { matchId: 'm7', content: 'hi' } })).toEqual([{ type: 'Messages', id: 'm7' }, 'Matches']);
    expect(tagsForPush('new_message', {})).toEqual(['Messages', 'Matches']);
  });

  it('ignores events the cache does not hold', () => {
    expect(tagsForPush('user_online', { userId: 'u1' })).toEqual([]);
    expect(tagsForPush('whatever', {})).toEqual([]);
  });
});
