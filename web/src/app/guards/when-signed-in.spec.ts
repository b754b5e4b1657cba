import { jest } from '@jest/globals';
import { sessionSlice } from '../../features/auth/model';
import { setCurrentUser } from '../../lib/current-user';
import { aCurrentUser, disposeTestStores, makeTestStore, settled } from '../../lib/current-user/testing';
import { whenSignedIn } from './when-signed-in';

afterEach(() => disposeTestStores());

const store = () => makeTestStore({ session: sessionSlice.reducer });

describe('whenSignedIn (what a screen starts fetching at start-up for a signed-in member)', () => {
  it('runs at once for a remembered member with a complete profile', () => {
    const s = store();
    s.dispatch(setCurrentUser(aCurrentUser({ profileCompleted: true })));
    const run = jest.fn();
    whenSignedIn(s, run);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs once, when the session check finds the member', async () => {
    const s = store();
    const run = jest.fn();
    whenSignedIn(s, run);
    expect(run).not.toHaveBeenCalled();
    s.dispatch(setCurrentUser(aCurrentUser({ profileCompleted: true })));
    s.dispatch(sessionSlice.actions.sessionSettled());
    s.dispatch(setCurrentUser(aCurrentUser({ profileCompleted: true, firstName: 'Again' })));
    await settled(); // the store tells its subscribers of the cache's updates in batches
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('never runs for a member still to complete the profile, nor after the check ended signed out', async () => {
    const incomplete = store();
    const run = jest.fn();
    whenSignedIn(incomplete, run);
    incomplete.dispatch(setCurrentUser(aCurrentUser({ profileCompleted: false })));
    incomplete.dispatch(sessionSlice.actions.sessionSettled());
    // signed in later, in this tab (the sign-in screen): the screen asks for itself then
    incomplete.dispatch(setCurrentUser(aCurrentUser({ profileCompleted: true })));
    await settled();
    expect(run).not.toHaveBeenCalled();

    const signedOut = store();
    whenSignedIn(signedOut, run);
    signedOut.dispatch(sessionSlice.actions.sessionSettled());
    signedOut.dispatch(setCurrentUser(aCurrentUser({ profileCompleted: true })));
    await settled();
    expect(run).not.toHaveBeenCalled();
  });
});
