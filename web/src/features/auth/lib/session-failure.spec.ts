import { decideSessionFailure } from './session-failure';

describe('failed current-user fetch (spec §4)', () => {
  it('keeps a user who logged in while the fetch was running', () => {
    expect(decideSessionFailure({ status: 500, hadUser: true, loggedInMeanwhile: true })).toBe('keep');
    expect(decideSessionFailure({ status: 401, hadUser: true, loggedInMeanwhile: true })).toBe('keep');
  });

  it('logs a signed-in user out on 401 and goes to /', () => {
    expect(decideSessionFailure({ status: 401, hadUser: true, loggedInMeanwhile: false })).toBe('logout-and-go-home');
  });

  it('leaves a visitor where they are on 401', () => {
    expect(decideSessionFailure({ status: 401, hadUser: false, loggedInMeanwhile: false })).toBe('clear');
  });

  it('clears the user on network errors and server errors', () => {
    expect(decideSessionFailure({ status: 0, hadUser: true, loggedInMeanwhile: false })).toBe('clear');
    expect(decideSessionFailure({ status: 503, hadUser: true, loggedInMeanwhile: false })).toBe('clear');
  });
});
