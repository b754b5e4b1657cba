import { openConversationId, unreadConversations } from './unread';

describe('the open conversation', () => {
  it('is the matchId of /messages, from its query or its path', () => {
    expect(openConversationId({ pathname: '/messages', search: '?matchId=m1' })).toBe('m1');
    expect(openConversationId({ pathname: '/messages/m2', search: '' })).toBe('m2');
    expect(openConversationId({ pathname: '/messages/m%2F3', search: '' })).toBe('m/3');
    // the query wins, as on the Messages screen
    expect(openConversationId({ pathname: '/messages/m2', search: '?matchId=m1' })).toBe('m1');
  });

  it('is none on the match list, on other screens, and for an address that does not decode', () => {
    expect(openConversationId({ pathname: '/messages', search: '' })).toBeNull();
    expect(openConversationId({ pathname: '/messages/', search: '' })).toBeNull();
    expect(openConversationId({ pathname: '/swipe', search: '?matchId=m1' })).toBeNull();
    expect(openConversationId({ pathname: '/messagesx/m1', search: '' })).toBeNull();
    expect(openConversationId({ pathname: '/messages/%E0%A4%A', search: '' })).toBeNull();
  });
});

describe('unread conversations', () => {
  const matches = [
    { id: 'a', hasUnreadMessages: true },
    { id: 'b', hasUnreadMessages: false },
    { id: 'c', hasUnreadMessages: true },
  ];

  it('counts the conversations with unread messages', () => {
    expect(unreadConversations(matches, null)).toBe(2);
    expect(unreadConversations([], null)).toBe(0);
  });

  it('leaves out the open one, which is being read', () => {
    expect(unreadConversations(matches, 'a')).toBe(1);
    expect(unreadConversations(matches, 'b')).toBe(2);
  });
});
