export { AuthProvider, useAuth, type AuthContextValue } from './hooks/auth-provider';
export { startSession, type SessionStartOutcome } from './lib/session';
export { sessionSlice, selectSessionStatus, type SessionState, type SessionStatus } from './slices/session-slice';
export type { UserType } from './types/user';
export { authApi } from './api/auth-api';
