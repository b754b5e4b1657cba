/**
 * Every NATS subject in one place. Requests are `<service>.<verb>` (request/reply, queue group
 * per service); events are `<service>.<aggregate>.<verb-past>` (JetStream, through the outbox).
 */
export const Rpc = {
  identity: {
    signup: 'identity.signup',
    verify: 'identity.verify',
    login: 'identity.login',
    resendVerification: 'identity.resend-verification',
    forgotPassword: 'identity.forgot-password',
    resetPassword: 'identity.reset-password',
    changePassword: 'identity.change-password',
    getAccount: 'identity.get-account',
    setUserType: 'identity.set-user-type',
    deleteAccount: 'identity.delete',
    getAccounts: 'identity.get-accounts',
    createDemoAccount: 'identity.create-demo-account',
    /** paged current state of typed accounts (AccountTypeSetEvent each), for projections to rebuild from */
    snapshot: 'identity.snapshot',
  },
  profiles: {
    create: 'profiles.create',
    update: 'profiles.update',
    get: 'profiles.get',
    submitDocument: 'profiles.submit-document',
    verificationStatus: 'profiles.verification-status',
    listPendingVerifications: 'profiles.list-pending-verifications',
    getDocument: 'profiles.get-document',
    reviewDocument: 'profiles.review-document',
    /** paged current state of every profile (ProfileChangedEvent each), for projections to rebuild from */
    snapshot: 'profiles.snapshot',
    getSettings: 'profiles.get-settings',
    updateSettings: 'profiles.update-settings',
  },
  discovery: {
    deck: 'discovery.deck',
    swipe: 'discovery.swipe',
    undo: 'discovery.undo',
    boost: 'discovery.boost',
    recordView: 'discovery.record-view',
    listViews: 'discovery.list-views',
    countViews: 'discovery.count-views',
    loadFilters: 'discovery.load-filters',
    saveFilters: 'discovery.save-filters',
    listMatches: 'discovery.list-matches',
    rebuildCandidates: 'discovery.rebuild-candidates',
    /** may `viewerId` open `ownerId`'s photos (deck, match, who viewed me) */
    canSeePhotos: 'discovery.can-see-photos',
  },
  notifications: {
    list: 'notifications.list',
    markRead: 'notifications.mark-read',
  },
  health: <S extends string>(service: S): `${S}.health` => `${service}.health`,
} as const;

export const Events = {
  identity: {
    accountRegistered: 'identity.account.registered',
    accountVerified: 'identity.account.verified',
    accountTypeSet: 'identity.account.type-set',
    accountDeleted: 'identity.account.deleted',
  },
  profiles: {
    profileCreated: 'profiles.profile.created',
    profileUpdated: 'profiles.profile.updated',
    verificationApproved: 'profiles.verification.approved',
    verificationRejected: 'profiles.verification.rejected',
    settingsChanged: 'profiles.settings.changed',
  },
  discovery: {
    likeCreated: 'discovery.like.created',
    matchCreated: 'discovery.match.created',
  },
  notifications: {
    notificationCreated: 'notifications.notification.created',
  },
} as const;

/** Background job names, one enum for every queue in the product. */
export enum JobName {
  SendVerificationEmail = 'send-verification-email',
  SendPasswordResetEmail = 'send-password-reset-email',
}
