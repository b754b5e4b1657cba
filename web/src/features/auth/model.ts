// The auth feature's pure public surface (no React, no styling): safe for reducers and unit tests.
export { sessionSlice, selectSessionStatus, type SessionState, type SessionStatus } from './slices/session-slice';
export type { UserType } from './types/user';
