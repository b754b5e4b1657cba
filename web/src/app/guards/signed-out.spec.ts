import { resumedTarget, signedOutTarget } from './signed-out';

describe('signed-out visitors (spec §6)', () => {
  it.each(['/swipe', '/subscribe', '/match/7', '/admin'])('go from %s to /auth', (path) => {
    expect(signedOutTarget(path)).toBe('/auth');
  });

  it.each(['/messages', '/messages/12', '/notifications', '/profile', '/settings', '/help', '/privacy'])('go from %s to /', (path) => {
    expect(signedOutTarget(path)).toBe('/');
  });
});

describe('a member found again once back online (opened offline, sent to the sign-in screen)', () => {
  it.each(['/messages?matchId=12', '/profile', '/admin', '/swipe#top'])('returns to %s, where the app was opened', (opened) => {
    expect(resumedTarget(opened, '/auth')).toBe(opened);
    expect(resumedTarget(opened, '/')).toBe(opened);
  });

  it.each(['/auth', '/auth?mode=signup', '/auth/'])('goes home when it was opened at %s', (opened) => {
    expect(resumedTarget(opened, '/auth')).toBe('/');
  });

  it('stays where they went meanwhile', () => {
    expect(resumedTarget('/messages', '/help')).toBeNull();
  });
});
