import { DiscreetPush, notificationToggle, notificationUrl, webPushPayload } from './web-push.js';

describe('web push: which toggle, which route', () => {
  it('maps each notification type to its settings toggle, and other to none', () => {
    expect(notificationToggle('match')).toBe('matches');
    expect(notificationToggle('message')).toBe('messages');
    expect(notificationToggle('like')).toBe('likes');
    expect(notificationToggle('super_like')).toBe('likes');
    expect(notificationToggle('other')).toBeNull();
    expect(notificationToggle('anything-new')).toBeNull();
  });

  it('opens the conversation for a match or message, the deck for a like', () => {
    const matchId = '7d3c1f0e-8f5a-4c1b-9e2d-0a6b5c4d3e2f';
    expect(notificationUrl('match', { matchId })).toBe(`/messages?matchId=${matchId}`);
    expect(notificationUrl('message', { matchId })).toBe(`/messages?matchId=${matchId}`);
    expect(notificationUrl('like', {})).toBe('/swipe');
    expect(notificationUrl('super_like', { matchId })).toBe('/swipe');
    expect(notificationUrl('other', {})).toBe('/notifications');
    expect(notificationUrl('message', {})).toBe('/notifications');
  });

  it('carries the id, title, message, type and url', () => {
    expect(webPushPayload({ id: 'n1', type: 'match', title: "It's a match with Maya!", message: 'Say hello!', data: { matchId: 'm1', fromUserId: 'u2' } as { matchId: string } })).toEqual({
      id: 'n1',
      title: "It's a match with Maya!",
      message: 'Say hello!',
      type: 'match',
      url: '/messages?matchId=m1',
    });
  });

  it('says nothing of who or what with previews off, and still leads to it', () => {
    const payload = webPushPayload({ id: 'n2', type: 'message', title: 'New message from Maya', message: 'Meet me at gate 12', data: { matchId: 'm1' } }, { discreet: true });
    expect(payload).toEqual({ id: 'n2', title: DiscreetPush.title, message: DiscreetPush.message, type: 'message', url: '/messages?matchId=m1', discreet: true });
    expect(JSON.stringify(payload)).not.toMatch(/Maya|gate 12/);
  });
});
