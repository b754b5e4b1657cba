/**
 * What a failed current-user fetch does (spec §4 Session):
 * - a login happened meanwhile → keep that user ('keep');
 * - 401 with a user we believed signed in → log out and go to / ('logout-and-go-home');
 * - 404, 401 for a visitor, or any other failure → clear the user and the cache ('clear').
 */
export type SessionFailureAction = 'keep' | 'logout-and-go-home' | 'clear';

export function decideSessionFailure(input: { status: number; hadUser: boolean; loggedInMeanwhile: boolean }): SessionFailureAction {
  if (input.loggedInMeanwhile) return 'keep';
  if (input.status === 401 && input.hadUser) return 'logout-and-go-home';
  return 'clear';
}
