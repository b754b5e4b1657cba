import { isBottomNavVisible, isNavEntryActive, NAV_ENTRIES } from './nav-visibility';

const entry = (label: string) => NAV_ENTRIES.find((e) => e.label === label)!;

describe('bottom navigation visibility (spec §2)', () => {
  it('is shown to signed-in users only', () => {
    expect(isBottomNavVisible('/swipe', false)).toBe(false);
    expect(isBottomNavVisible('/swipe', true)).toBe(true);
    expect(isBottomNavVisible('/', true)).toBe(true);
  });

  it.each(['/auth', '/welcome', '/register', '/register?type=airline', '/settings', '/privacy', '/help', '/help/faq'])('is hidden on %s', (path) => {
    expect(isBottomNavVisible(path, true)).toBe(false);
  });

  it.each(['/messages', '/messages/42', '/notifications', '/profile', '/match/7', '/subscribe', '/admin'])('is shown on %s', (path) => {
    expect(isBottomNavVisible(path, true)).toBe(true);
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
});
