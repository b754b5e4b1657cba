// The auth feature's pure public surface (no React, no styling): safe for reducers and unit tests.
export { sessionSlice, selectUser, selectSessionStatus, type SessionState, type SessionStatus } from './slices/session-slice';
export { loadCachedUser } from './lib/user-cache';
export { isAirlineType, needsSubscription, type User, type UserType } from './types/user';
