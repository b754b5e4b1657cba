export {
  type CurrentUser,
  currentUserApi,
  needsSubscription,
  patchCurrentUser,
  replyIsCurrentUser,
  selectCurrentUser,
  setCurrentUser,
  shouldRetryCurrentUser,
  type StateWithCurrentUser,
  useCurrentUser,
  useGetCurrentUserQuery,
} from './current-user';
export { CURRENT_USER_CALL, CURRENT_USER_FRESH_SECONDS, hasCompleteProfile, loadPersistedUser, MATCHES_CALL, mainPhotoOf, showsVerificationStatus, USER_CACHE_KEY, VERIFICATION_STATUS_CALL } from './current-user-view';
export { persistCurrentUser, seedCurrentUser } from './persisted-user';
