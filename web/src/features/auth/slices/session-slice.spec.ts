import { initialSessionState, loggedIn, loggedOut, sessionFetchFailed, sessionSlice, userLoaded, userUpdated, type SessionState } from './session-slice';
import type { User } from '../types/user';

const reduce = sessionSlice.reducer;
const user = (extra: Partial<User> = {}): User => ({ id: 'u1', email: 'a@b.co', isAdmin: false, userType: 'general', subscriptionStatus: 'inactive', ...extra });

describe('session slice (spec §4 Session)', () => {
  it('starts loading with no user', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual(initialSessionState);
  });

  it('sets the user when the fetch succeeds', () => {
    const s = reduce(initialSessionState, userLoaded(user()));
    expect(s.user?.id).toBe('u1');
    expect(s.status).toBe('ready');
  });

  it('a 404 clears the user even after a login', () => {
    let s = reduce(initialSessionState, loggedIn(user()));
    s = reduce(s, sessionFetchFailed({ notFound: true, loginSeqAtStart: 0 }));
    expect(s.user).toBeNull();
  });

  it('another failure clears the user unless a login happened meanwhile', () => {
    const cached: SessionState = { ...initialSessionState, user: user() };
    expect(reduce(cached, sessionFetchFailed({ notFound: false, loginSeqAtStart: 0 })).user).toBeNull();
    const afterLogin = reduce(cached, loggedIn(user({ id: 'u2' })));
    const s = reduce(afterLogin, sessionFetchFailed({ notFound: false, loginSeqAtStart: 0 }));
    expect(s.user?.id).toBe('u2');
    expect(s.status).toBe('ready');
  });

  it('updates the local user and clears it on logout', () => {
    let s = reduce(initialSessionState, loggedIn(user()));
    s = reduce(s, userUpdated({ subscriptionStatus: 'active' }));
    expect(s.user?.subscriptionStatus).toBe('active');
    s = reduce(s, loggedOut());
    expect(s.user).toBeNull();
  });
});
