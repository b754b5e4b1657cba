import { chooseWindow, clickTarget, readPush } from './notification-click';

const ORIGIN = 'https://aeromatch.example';

describe('service worker: a push and its click', () => {
  it('shows the title and message under the notification id as tag', () => {
    const data = { json: () => ({ id: 'n1', title: 'Maya liked you', message: 'Swipe right on Maya to match.', type: 'like', url: '/swipe' }) };
    expect(readPush(data)).toEqual({ type: 'like', title: 'Maya liked you', body: 'Swipe right on Maya to match.', tag: 'n1', url: '/swipe', discreet: false });
    const discreet = { json: () => ({ id: 'n2', title: 'AeroMatch', message: 'You have a new notification.', type: 'message', url: '/messages?matchId=m1', discreet: true }) };
    expect(readPush(discreet)).toMatchObject({ title: 'AeroMatch', discreet: true });
  });

  it('still shows something for a push it cannot read', () => {
    const broken = {
      json: () => {
        throw new SyntaxError('not JSON');
      },
    };
    expect(readPush(broken)).toEqual({ type: '', title: 'AeroMatch', body: '', tag: undefined, url: '/notifications', discreet: false });
    expect(readPush(null)).toMatchObject({ title: 'AeroMatch', url: '/notifications' });
  });

  it("opens the push's route within the app, never another origin", () => {
    expect(clickTarget('/messages?matchId=m1', ORIGIN)).toBe('/messages?matchId=m1');
    expect(clickTarget('/swipe', ORIGIN)).toBe('/swipe');
    expect(clickTarget('https://evil.example/x', ORIGIN)).toBe('/notifications');
    expect(clickTarget('//evil.example/x', ORIGIN)).toBe('/notifications');
    expect(clickTarget(undefined, ORIGIN)).toBe('/notifications');
  });

  it('focuses a tab already there, else takes the focused tab of the app there, else opens a window', () => {
    const tabs = [
      { url: 'https://other.example/', focused: true },
      { url: `${ORIGIN}/profile`, focused: false },
      { url: `${ORIGIN}/swipe`, focused: false },
    ];
    expect(chooseWindow(tabs, '/swipe', ORIGIN)).toEqual({ index: 2, navigate: false });
    expect(chooseWindow(tabs, '/messages?matchId=m1', ORIGIN)).toEqual({ index: 1, navigate: true });
    expect(chooseWindow([{ url: `${ORIGIN}/a`, focused: false }, { url: `${ORIGIN}/b`, focused: true }], '/swipe', ORIGIN)).toEqual({ index: 1, navigate: true });
    expect(chooseWindow([{ url: 'https://other.example/', focused: true }], '/swipe', ORIGIN)).toBeNull();
  });
});
