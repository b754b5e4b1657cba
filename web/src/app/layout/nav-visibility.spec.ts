import { aCurrentUser } from '../../lib/current-user/testing';
import { isBottomNavVisible, isNavEntryActive, NAV_ENTRIES } from './nav-visibility';
import { SCREEN_ROUTES } from '../screen-routes';

const entry = (label: string) => NAV_ENTRIES.find((e) => e.label === label)!;
const member = aCurrentUser({ userType: 'airline', mustSubscribe: false });

describe('bottom navigation visibility (spec §2)', () => {
  it('is shown to signed-in users only', () => {
    expect(isBottomNavVisible('/swipe', null)).toBe(false);
    expect(isBottomNavVisible('/swipe', member)).toBe(true);
    expect(isBottomNavVisible('/', member)).toBe(true);
  });

  it.each(['/auth', '/welcome', '/register', '/register?type=airline', '/settings', '/privacy', '/help', '/help/faq'])('is hidden on %s', (path) => {
    expect(isBottomNavVisible(path, member)).toBe(false);
  });

  it.each(['/messages', '/messages/42', '/notifications', '/profile', '/match/7', '/subscribe', '/admin'])('is shown on %s', (path) => {
    expect(isBottomNavVisible(path, member)).toBe(true);
  });

  it('is hidden on /subscribe from a member who must pay first (every entry would lead back there), and kept elsewhere', () => {
    const unpaid = aCurrentUser({ userType: 'general', subscriptionStatus: 'inactive', mustSubscribe: true });
    expect(isBottomNavVisible('/subscribe', unpaid)).toBe(false);
    expect(isBottomNavVisible('/subscribe', aCurrentUser({ userType: 'airline', mustSubscribe: true }))).toBe(false);
    expect(isBottomNavVisible('/swipe', unpaid)).toBe(true);
    expect(isBottomNavVisible('/subscribe', aCurrentUser({ userType: 'general', subscriptionStatus: 'active', mustSubscribe: false }))).toBe(true);
    // admins pass the gate without paying: their entries lead where they say
    expect(isBottomNavVisible('/subscribe', aCurrentUser({ isAdmin: true, userType: 'general', mustSubscribe: true }))).toBe(true);
  });
});

describe('active entry', () => {
  it('marks Discover on /swipe and /', () => {
    expect(isNavEntryActive(entry('Discover'), '/swipe')).toBe(true);
    expect(isNavEntryActive(entry('Discover'), '/')).toBe(true);
    expect(isNavEntryActive(entry('Discover'), '/messages')).toBe(false);
  });

  it('marks Messages on a selected chat and nothing else on /profile', () => {
    expect(isNavEntryActive(entry('Messages'), '/messages/12')).toBe(true);
    expect(NAV_ENTRIES.filter((e) => isNavEntryActive(e, '/profile')).map((e) => e.label)).toEqual(['Profile']);
    expect(isNavEntryActive(entry('Activity'), '/notifications')).toBe(true);
  });

  it('marks nothing on an address no screen shows (the 404 page), even under an entry', () => {
    for (const pathname of ['/profile/12', '/notifications/x', '/swipe/a/b', '/messages/12/x', '/profiles', '/messagesx']) {
      expect({ pathname, active: NAV_ENTRIES.filter((e) => isNavEntryActive(e, pathname)).map((e) => e.label) }).toEqual({ pathname, active: [] });
    }
    // the entries that take an id are those whose route does
    expect(NAV_ENTRIES.filter((e) => e.withId).map((e) => e.to)).toEqual(NAV_ENTRIES.filter((e) => SCREEN_ROUTES.some((r) => r.path.startsWith(`${e.to.slice(1)}/:`))).map((e) => e.to));
    // a trailing slash is the same screen
    expect(isNavEntryActive(entry('Profile'), '/profile/')).toBe(true);
    expect(isNavEntryActive(entry('Messages'), '/messages/12/')).toBe(true);
  });
});
