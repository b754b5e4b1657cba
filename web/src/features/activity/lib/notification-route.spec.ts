import { notificationRoute } from './notification-route';

describe('where a notification leads (spec §2 Notifications)', () => {
  it('opens the conversation for a match or a message with its match', () => {
    expect(notificationRoute({ type: 'match', data: { matchId: 'm-1', fromUserId: 'u-1' } })).toBe('/messages?matchId=m-1');
    expect(notificationRoute({ type: 'message', data: { matchId: 'm 2' } })).toBe('/messages?matchId=m%202');
  });

  it('goes to the swipe screen for a like or super like from someone', () => {
    expect(notificationRoute({ type: 'like', data: { fromUserId: 'u-1' } })).toBe('/swipe');
    expect(notificationRoute({ type: 'super_like', data: { fromUserId: 'u-1' } })).toBe('/swipe');
  });

  it('stays without the data it needs, and for anything else', () => {
    expect(notificationRoute({ type: 'match', data: {} })).toBeNull();
    expect(notificationRoute({ type: 'message', data: { fromUserId: 'u-1' } })).toBeNull();
    expect(notificationRoute({ type: 'like', data: {} })).toBeNull();
    expect(notificationRoute({ type: 'other', data: { matchId: 'm-1', fromUserId: 'u-1' } })).toBeNull();
  });
});
