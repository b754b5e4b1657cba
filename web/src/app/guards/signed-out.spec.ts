import { signedOutTarget } from './signed-out';

describe('signed-out visitors (spec §6)', () => {
  it.each(['/swipe', '/subscribe', '/match/7', '/admin'])('go from %s to /auth', (path) => {
    expect(signedOutTarget(path)).toBe('/auth');
  });

  it.each(['/messages', '/messages/12', '/notifications', '/profile', '/settings', '/help', '/privacy'])('go from %s to /', (path) => {
    expect(signedOutTarget(path)).toBe('/');
  });
});
