export {
  type CurrentUser,
  currentUserApi,
  mainPhotoOf,
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
export { loadPersistedUser, persistCurrentUser, seedCurrentUser, USER_CACHE_KEY } from './persisted-user';
